import {
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { EnrolPanel } from './enrol-panel';
import { RecoveryCodes } from './recovery-codes';
import {
  accountEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatusKey,
  useTwoFactorStatus,
} from './two-factor-api';

type Mode = 'idle' | 'enrol' | 'codes' | 'disable' | 'regenerate';

/** Account settings: turn two-factor sign-in on or off, and make new recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  const showCodes = (fresh: string[]) => {
    setCodes(fresh);
    setMode('codes');
    void refresh();
  };

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton h={36} />;
  else if (status.isError) body = <Text c="red">{errorMessage(status.error)}</Text>;
  else if (mode === 'codes') {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes([]);
          setMode('idle');
        }}
      />
    );
  } else if (mode === 'enrol') {
    body = (
      <EnrolPanel
        enrolment={accountEnrolment}
        onEnrolled={(fresh) => {
          notifySuccess('Two-factor authentication is on.');
          showCodes(fresh);
        }}
        onCancel={() => setMode('idle')}
      />
    );
  } else if (mode === 'disable') {
    body = (
      <DisableForm
        onDone={() => {
          setMode('idle');
          void refresh();
        }}
        onCancel={() => setMode('idle')}
      />
    );
  } else if (mode === 'regenerate') {
    body = <RegenerateForm onDone={showCodes} onCancel={() => setMode('idle')} />;
  } else if (status.data.enabled) {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Logging in needs a code from your authenticator app. Recovery codes left:{' '}
          <b>{status.data.recoveryCodesLeft}</b>
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => setMode('regenerate')}>
            New recovery codes
          </Button>
          {status.data.required ? null : (
            <Button variant="light" color="red" onClick={() => setMode('disable')}>
              Turn off
            </Button>
          )}
        </Group>
        {status.data.required ? (
          <Text size="xs" c="dimmed">
            The site requires two-factor authentication for admins, so it stays on.
          </Text>
        ) : null}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Protect your account with a code from an authenticator app on your phone, asked for at every login.
        </Text>
        <Group>
          <Button onClick={() => setMode('enrol')}>Set up two-factor</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg">
          Two-factor authentication
        </Title>
        {status.data?.enabled ? (
          <Badge
            color="teal"
            variant="light"
            leftSection={<IconShieldCheck size={12} />}
            style={{ flexShrink: 0 }}
          >
            On
          </Badge>
        ) : status.data ? (
          <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
            Off
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        A second step after your password, so a stolen password alone cannot open your account.
      </Text>
      {body}
    </Card>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const settings = usePublicSettings();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ defaultValues: { password: '', code: '', recoveryCode: '' } });
  const disable = useWriteMutation({
    mutationFn: async (values: { password: string; code: string; recoveryCode: string }) =>
      disableTwoFactor({
        password: values.password ? await passwordForWire(values.password, settings.hashPassword) : undefined,
        ...(useRecovery ? { recoveryCode: values.recoveryCode } : { code: values.code }),
      }),
    onSuccess: () => {
      notifySuccess('Two-factor authentication is off.');
      onDone();
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['password', 'code', 'recoveryCode'] as const);
      notifyError(err);
    },
  });
  const errors = form.formState.errors;

  return (
    <form method="post" onSubmit={form.handleSubmit((values) => disable.mutate(values))} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {useRecovery ? (
          <TextInput
            label="Recovery code"
            placeholder="abcde-23456"
            autoComplete="off"
            error={errors.recoveryCode?.message}
            {...form.register('recoveryCode')}
          />
        ) : (
          <TextInput
            label="Code from your app"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code?.message}
            {...form.register('code')}
          />
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="subtle" size="compact-sm" onClick={() => setUseRecovery((v) => !v)}>
            {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Turn off two-factor
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useForm({ defaultValues: { code: '' } });
  const regenerate = useWriteMutation({
    mutationFn: (values: { code: string }) => regenerateRecoveryCodes(values.code.trim()),
    onSuccess: (fresh) => {
      notifySuccess('New recovery codes are ready; the old ones no longer work.');
      onDone(fresh);
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['code'] as const);
      notifyError(err);
    },
  });
  return (
    <form method="post" onSubmit={form.handleSubmit((values) => regenerate.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Code from your app"
          description="Your current recovery codes stop working once the new ones are made."
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={regenerate.isPending}>
            Make new codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
