import type { TGalleryCreate } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateGallery } from './studio-api';
import { AccessFields, StatusField } from './studio-ui';
import { emptyGalleryForm, type GalleryFormValues, galleryPayload, ZGalleryForm } from './studio-values';

const serverFields = ['title', 'description', 'price', 'status'] as const;

/** Title, description, who can see it (and the price) and status of a gallery. */
export function GalleryForm(props: {
  initial: GalleryFormValues;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (
    payload: TGalleryCreate,
    form: { reset: (v: GalleryFormValues) => void; setServerError: (err: unknown) => void },
  ) => void;
  onCancel?: () => void;
}) {
  const form = useForm<GalleryFormValues>({
    resolver: zodResolver(ZGalleryForm),
    defaultValues: props.initial,
  });
  const errors = form.formState.errors;
  const access = form.watch('access');

  const submit = form.handleSubmit((values) =>
    props.onSubmit(galleryPayload(values), {
      reset: (v) => form.reset(v),
      setServerError: (err) => applyFieldErrors(err, form.setError, serverFields),
    }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="Summer in Lisbon"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <Textarea
          label="Description"
          placeholder="What fans will find inside"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <AccessFields control={form.control} access={access} errors={errors} />
        <StatusField control={form.control} />
        <Group justify="flex-end">
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            loading={props.isPending}
            disabled={!props.onCancel && !form.formState.isDirty}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new gallery in a modal; once made, its page opens so the photos can go in. */
export function CreateGalleryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateGallery();
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="New gallery" centered size="lg">
      {opened ? (
        <GalleryForm
          initial={emptyGalleryForm}
          submitLabel="Create gallery"
          isPending={create.isPending}
          onCancel={onClose}
          onSubmit={(payload, form) =>
            create.mutate(payload, {
              onSuccess: (gallery) => {
                notifySuccess('Gallery created: now add photos');
                onClose();
                void navigate(`/creator/galleries/${gallery._id}`);
              },
              onError: (err) => {
                form.setServerError(err);
                notifyError(err);
              },
            })
          }
        />
      ) : null}
    </Modal>
  );
}
