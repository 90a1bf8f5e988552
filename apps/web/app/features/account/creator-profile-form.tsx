import {
  Messages,
  type TPerformerDetailField,
  type TPerformerMe,
  type TSocialNetwork,
  type TUserAdditional,
} from '@fanstage/contract';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type Icon, IconBrandInstagram, IconBrandTiktok, IconBrandX, IconWorld } from '@tabler/icons-react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUpdateMyPerformerProfile, useUserAdditional } from '../performers/performers-api';
import { useCountries } from '../reference/use-countries';
import {
  type CreatorProfileValues,
  creatorProfilePayload,
  creatorProfileProblems,
  creatorProfileValuesOf,
} from './creator-profile-values';

type Field = FieldPath<CreatorProfileValues>;

const detailSelects: { field: TPerformerDetailField; label: string; list: keyof TUserAdditional }[] = [
  { field: 'sexualOrientation', label: 'Sexual orientation', list: 'sexualOrientations' },
  { field: 'ethnicity', label: 'Ethnicity', list: 'ethnicities' },
  { field: 'height', label: 'Height', list: 'heights' },
  { field: 'weight', label: 'Weight', list: 'weights' },
  { field: 'hair', label: 'Hair', list: 'hairs' },
  { field: 'eyes', label: 'Eyes', list: 'eyes' },
  { field: 'bodyType', label: 'Body type', list: 'bodyTypes' },
];

const socialInputs: { network: TSocialNetwork; label: string; icon: Icon; placeholder: string }[] = [
  { network: 'twitter', label: 'X (Twitter)', icon: IconBrandX, placeholder: 'https://x.com/yourname' },
  {
    network: 'instagram',
    label: 'Instagram',
    icon: IconBrandInstagram,
    placeholder: 'https://instagram.com/yourname',
  },
  { network: 'tiktok', label: 'TikTok', icon: IconBrandTiktok, placeholder: 'https://tiktok.com/@yourname' },
  { network: 'website', label: 'Website', icon: IconWorld, placeholder: 'https://example.com' },
];

export const creatorProfileFields: Field[] = [
  'bio',
  'country',
  ...detailSelects.map((d) => `details.${d.field}` as Field),
  ...socialInputs.map((s) => `socials.${s.network}` as Field),
];

/** Bio, country, profile details and social links of a creator (PUT /performers/me). */
export function CreatorProfileForm({ me }: { me: TPerformerMe }) {
  const countries = useCountries();
  const additional = useUserAdditional();
  const save = useUpdateMyPerformerProfile();
  const form = useForm<CreatorProfileValues>({ defaultValues: creatorProfileValuesOf(me) });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const payload = creatorProfilePayload(values);
    const problems = Object.entries(creatorProfileProblems(payload));
    if (problems.length > 0) {
      problems.forEach(([path, message], i) => {
        form.setError(path as Field, { type: 'validate', message }, { shouldFocus: i === 0 });
      });
      return;
    }
    save.mutate(payload, {
      onSuccess: (saved) => {
        form.reset(creatorProfileValuesOf(saved));
        notifySuccess();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, creatorProfileFields);
        notifyError(err, Messages.updateError);
      },
    });
  });

  return (
    <Card>
      <Title order={2} fz="lg">
        Creator profile
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        What fans read on your page before they subscribe.
      </Text>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Textarea
            label="Bio"
            placeholder="Tell fans who you are and what they get when they subscribe."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            error={errors.bio?.message}
            {...form.register('bio')}
          />
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label="Country"
                placeholder="Choose your country"
                data={countries.data ?? []}
                searchable
                nothingFoundMessage="No country matches"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.country?.message}
              />
            )}
          />
          <div>
            <Text fw={600} size="sm">
              Profile details
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              Optional. Shown on your page and used by search filters.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
              {detailSelects.map(({ field: name, label, list }) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={`details.${name}`}
                  render={({ field }) => (
                    <Select
                      label={label}
                      placeholder="Not set"
                      data={(additional.data?.[list] ?? []).map((o) => ({ value: o.value, label: o.text }))}
                      clearable
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.details?.[name]?.message}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          </div>
          <div>
            <Text fw={600} size="sm" mb="xs">
              Social links
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {socialInputs.map(({ network, label, icon: NetworkIcon, placeholder }) => (
                <TextInput
                  key={network}
                  label={label}
                  type="url"
                  inputMode="url"
                  placeholder={placeholder}
                  leftSection={<NetworkIcon size={16} stroke={1.7} />}
                  error={errors.socials?.[network]?.message}
                  {...form.register(`socials.${network}`)}
                />
              ))}
            </SimpleGrid>
          </div>
          <FormActions
            isDirty={form.formState.isDirty}
            isSaving={save.isPending}
            onCancel={() => form.reset(creatorProfileValuesOf(me))}
          />
        </Stack>
      </form>
    </Card>
  );
}

/** Cancel (only once something changed) and Save changes, as on the other account forms. */
export function FormActions(props: { isDirty: boolean; isSaving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      {props.isDirty ? (
        <Button
          type="button"
          variant="subtle"
          color="gray"
          disabled={props.isSaving}
          onClick={props.onCancel}
        >
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={props.isSaving} disabled={!props.isDirty}>
        Save changes
      </Button>
    </Group>
  );
}
