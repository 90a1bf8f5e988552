import { messageMaxLength, type TMassMessageCreate } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarTime, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isUploadRunning, useUploadQueue } from '../feed/use-uploads';
import { sendMessageFile, useSendMassMessage } from './creator-messages-api';
import {
  audienceLabel,
  audienceOptions,
  emptyMassMessage,
  type MassMessageValues,
  ZMassMessageForm,
} from './mass-message-values';
import { MessageAttachments, UnlockPriceInput } from './message-attachments';

/**
 * One message to many fans: who gets it, text and files (uploaded at once with progress), an
 * optional price to unlock the files, and sent now or at a time (`POST /messages/mass`).
 */
export function MassMessageForm() {
  const send = useSendMassMessage();
  const uploads = useUploadQueue(sendMessageFile);
  const form = useForm<MassMessageValues, unknown, TMassMessageCreate>({
    resolver: zodResolver(ZMassMessageForm),
    defaultValues: emptyMassMessage,
  });
  const errors = form.formState.errors;
  const isScheduled = form.watch('isScheduled');
  const text = form.watch('text');
  const isUploading = uploads.items.some(isUploadRunning);
  const hasFailed = uploads.items.some((i) => i.status === 'failed');
  const readyIds = uploads.items.flatMap((i) => (i.fileId && i.status !== 'failed' ? [i.fileId] : []));
  const readyKey = readyIds.join(',');

  // The form carries the finished uploads, so its rules (a price needs files) see them.
  useEffect(() => {
    form.setValue('fileIds', readyKey ? readyKey.split(',') : [], {
      shouldValidate: form.formState.isSubmitted,
    });
  }, [readyKey, form]);

  const submit = form.handleSubmit((payload) => {
    send.mutate(payload, {
      onSuccess: (sent) => {
        notifySuccess(
          sent.status === 'scheduled' && sent.scheduledAt
            ? `Your message is scheduled for ${dayjs(sent.scheduledAt).format('D MMM YYYY, HH:mm')}.`
            : `Your message is on its way to ${audienceLabel(sent.audience).toLowerCase()}.`,
        );
        form.reset(emptyMassMessage);
        uploads.clear();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['text', 'price', 'audience', 'scheduledAt']);
        notifyError(error);
      },
    });
  });

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="New mass message">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              New mass message
            </Title>
            <Text size="sm" c="dimmed">
              Each fan gets it in a private conversation with you.
            </Text>
          </div>
          <Controller
            control={form.control}
            name="audience"
            render={({ field }) => (
              <Radio.Group
                label="Send to"
                withAsterisk
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.audience?.message}
              >
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt={6}>
                  {audienceOptions.map((option) => (
                    <Radio.Card
                      key={option.value}
                      value={option.value}
                      radius="md"
                      p="sm"
                      data-testid={`audience-${option.value}`}
                    >
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <div>
                          <Text fw={600} size="sm">
                            {option.label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {option.description}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          />
          <Textarea
            label="Message"
            placeholder="Write something to your fans"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={messageMaxLength}
            description={`${text.length} / ${messageMaxLength}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.text?.message}
            {...form.register('text')}
          />
          <MessageAttachments uploads={uploads} onProblem={(message) => notifyError({ message })} />
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
          <Controller
            control={form.control}
            name="isScheduled"
            render={({ field }) => (
              <Switch
                label="Send later"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          {isScheduled ? (
            <TextInput
              type="datetime-local"
              label="Send at"
              description="Your local time."
              min={dayjs().format('YYYY-MM-DDTHH:mm')}
              maw={{ base: '100%', sm: 320 }}
              error={errors.scheduledAt?.message}
              {...form.register('scheduledAt')}
            />
          ) : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="gradient"
              leftSection={isScheduled ? <IconCalendarTime size={18} /> : <IconSend size={18} />}
              loading={send.isPending}
              disabled={isUploading || hasFailed}
            >
              {isScheduled ? 'Schedule message' : 'Send now'}
            </Button>
          </Group>
          {isUploading || hasFailed ? (
            <Text size="xs" c="dimmed" ta="right">
              {hasFailed ? 'Remove the files that failed to send it.' : 'Waiting for the uploads to finish…'}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
