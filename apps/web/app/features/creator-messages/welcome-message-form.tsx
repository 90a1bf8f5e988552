import { messageMaxLength, type TWelcomeMessage, type TWelcomeMessageSettings } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Radio, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isUploadRunning, useUploadQueue } from '../feed/use-uploads';
import { sendMessageFile, useSaveWelcomeMessage, useWelcomeMessage } from './creator-messages-api';
import { MessageAttachments, UnlockPriceInput } from './message-attachments';
import {
  triggerOptions,
  type WelcomeMessageValues,
  welcomeValuesOf,
  ZWelcomeMessageForm,
} from './welcome-message-values';

/** `GET|PUT /messages/welcome`: loads the settings, then the form. */
export function WelcomeMessageSettings() {
  const welcome = useWelcomeMessage();
  useEffect(() => {
    if (welcome.error) notifyError(welcome.error);
  }, [welcome.error]);

  if (welcome.isLoading) {
    return (
      <Card aria-busy aria-label="Loading your welcome message">
        <Stack gap="md">
          <Skeleton h={22} w="40%" />
          <Skeleton h={20} w={220} />
          <Skeleton h={96} />
          <Skeleton h={36} w={200} />
        </Stack>
      </Card>
    );
  }
  if (!welcome.data) {
    return (
      <Card>
        <Text c="dimmed" size="sm">
          We could not load your welcome message. Reload the page to try again.
        </Text>
      </Card>
    );
  }
  return <WelcomeMessageForm stored={welcome.data} />;
}

/**
 * The automatic message a new follower or subscriber gets once: on or off, when it goes, text (the
 * same as on the profile form), files and an optional price to unlock them.
 */
export function WelcomeMessageForm({ stored }: { stored: TWelcomeMessage }) {
  const save = useSaveWelcomeMessage();
  const uploads = useUploadQueue(sendMessageFile);
  const [kept, setKept] = useState(stored.files);
  const form = useForm<WelcomeMessageValues, unknown, TWelcomeMessageSettings>({
    resolver: zodResolver(ZWelcomeMessageForm),
    defaultValues: welcomeValuesOf(stored),
  });
  const errors = form.formState.errors;
  const isEnabled = form.watch('enabled');
  const text = form.watch('text');
  const isUploading = uploads.items.some(isUploadRunning);
  const hasFailed = uploads.items.some((i) => i.status === 'failed');
  const fileKey = [
    ...kept.map((f) => f._id),
    ...uploads.items.flatMap((i) => (i.fileId && i.status !== 'failed' ? [i.fileId] : [])),
  ].join(',');

  useEffect(() => {
    form.setValue('fileIds', fileKey ? fileKey.split(',') : [], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }, [fileKey, form]);

  const submit = form.handleSubmit((payload) => {
    save.mutate(payload, {
      onSuccess: (saved) => {
        notifySuccess(
          saved.enabled ? 'Your welcome message is on.' : 'Your welcome message is saved and off.',
        );
        uploads.clear();
        setKept(saved.files);
        form.reset(welcomeValuesOf(saved));
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['text', 'price', 'trigger']);
        notifyError(error);
      },
    });
  });

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Welcome message">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Welcome message
            </Title>
            <Text size="sm" c="dimmed">
              Sent once to each new fan, automatically, in a private conversation with you.
            </Text>
          </div>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label="Send a welcome message"
                description={isEnabled ? 'On: new fans get it.' : 'Off: nothing is sent.'}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="trigger"
            render={({ field }) => (
              <Radio.Group
                label="Send it"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.trigger?.message}
              >
                <Group gap="lg" mt={6}>
                  {triggerOptions.map((option) => (
                    <Radio
                      key={option.value}
                      value={option.value}
                      label={option.label}
                      data-testid={`trigger-${option.value}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <Textarea
            label="Message"
            placeholder="Thanks for joining! Here is what to expect…"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={messageMaxLength}
            description={`${text.length} / ${messageMaxLength} · also shown as the welcome message on your profile settings`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.text?.message}
            {...form.register('text')}
          />
          <MessageAttachments
            uploads={uploads}
            existing={kept}
            onRemoveExisting={(id) => setKept((files) => files.filter((f) => f._id !== id))}
            onProblem={(message) => notifyError({ message })}
          />
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <UnlockPriceInput
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.price?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="gradient"
              leftSection={<IconDeviceFloppy size={18} />}
              loading={save.isPending}
              disabled={isUploading || hasFailed}
            >
              Save welcome message
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
