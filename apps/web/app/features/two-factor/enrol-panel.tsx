import { ZTwoFactorCodeRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Code, Group, Image, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { EnrolmentApi } from './two-factor-api';

/** Groups of four, easier to type into an app by hand. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator app: the QR code, the key to type by hand, and the first code that
 * proves the app has it. Answers the recovery codes through `onEnrolled`.
 */
export function EnrolPanel({
  enrolment,
  onEnrolled,
  onCancel,
}: {
  enrolment: EnrolmentApi;
  onEnrolled: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}) {
  // One new secret per panel: starting again would make the scanned QR code useless.
  const started = useQuery({
    queryKey: ['two-factor-enrolment', enrolment.key],
    queryFn: () => enrolment.start(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const form = useForm({ resolver: zodResolver(ZTwoFactorCodeRequest), defaultValues: { code: '' } });
  const confirm = useWriteMutation({
    mutationFn: (values: { code: string }) => enrolment.confirm(values.code),
    onSuccess: onEnrolled,
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['code'] as const);
      notifyError(err);
    },
  });

  if (started.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Preparing your key" />
      </Group>
    );
  }
  if (started.isError) {
    return (
      <Stack gap="sm">
        <Text c="red" size="sm">
          {errorMessage(started.error)}
        </Text>
        {onCancel ? (
          <Group>
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  const { qrCodeDataUrl, secret } = started.data;

  return (
    <form onSubmit={form.handleSubmit((values) => confirm.mutate(values))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password, …).
        </Text>
        <Paper bg="white" p="xs" radius="md" w={196} mx={{ base: 'auto', xs: 0 }} withBorder>
          <Image src={qrCodeDataUrl} alt="QR code for your authenticator app" w={176} h={176} />
        </Paper>
        <Text size="sm">Or type this key into the app:</Text>
        <Code
          block
          fz="sm"
          data-testid="two-factor-secret"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {spaced(secret)}
        </Code>
        <TextInput
          label="2. Type the 6-digit code the app shows"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={confirm.isPending}>
            Turn on two-factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
