import { TagsInput, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AccessFields, StatusField } from './studio-ui';
import { splitTags, type VideoFormValues } from './studio-values';

/** The fields of a video (title, description, tags, who can see it, status), for both forms. */
export function VideoFields({ form }: { form: UseFormReturn<VideoFormValues> }) {
  const errors = form.formState.errors;
  const access = form.watch('access');
  return (
    <>
      <TextInput
        label="Title"
        placeholder="Behind the scenes"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={5000}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsInput
            label="Tags"
            description="Press Enter or type a comma after each tag; up to 20."
            placeholder="Add a tag"
            value={splitTags(field.value)}
            onChange={(tags) => field.onChange(tags.join(', '))}
            onBlur={field.onBlur}
            maxTags={20}
            clearable
            error={errors.tags?.message}
          />
        )}
      />
      <AccessFields control={form.control} access={access} errors={errors} />
      <StatusField control={form.control} />
    </>
  );
}
