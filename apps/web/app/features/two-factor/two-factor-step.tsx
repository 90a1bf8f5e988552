import type { TTwoFactorChallenge } from '@fanstage/contract';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorCode } from '../../lib/errors';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { EnrolPanel } from './enrol-panel';
import { RecoveryCodes } from './recovery-codes';
import { challengeEnrolment, verifyTwoFactor } from './two-factor-api';

interface StepProps {
  challenge: TTwoFactorChallenge;
  /** The API set the session cookie: load the user and go on. */
  onSignedIn: () => void;
  /** The challenge expired or was spent: back to the password. */
  onRestart: () => void;
}

/** The login's second step: a code from the app (or a recovery code), or the enrolment an admin must do. */
export function TwoFactorStep(props: StepProps) {
  return props.challenge.twoFactor === 'enrol' ? <EnrolStep {...props} /> : <CodeStep {...props} />;
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ defaultValues: { code: '', recoveryCode: '' } });
  const verify = useWriteMutation({
    mutationFn: (values: { code: string; recoveryCode: string }) =>
      verifyTwoFactor(
        useRecovery
          ? { challengeToken: challenge.challengeToken, recoveryCode: values.recoveryCode }
          : { challengeToken: challenge.challengeToken, code: values.code },
      ),
    onSuccess: onSignedIn,
    onError: (err) => {
      notifyError(err);
      if (errorCode(err) === 'INVALID_TOKEN') {
        onRestart();
        return;
      }
      applyFieldErrors(err, form.setError, ['code', 'recoveryCode'] as const);
    },
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={form.handleSubmit((values) => verify.mutate(values))} noValidate>
      <Stack gap="md">
        <Alert variant="light" icon={<IconShieldLock size={18} />} title="Two-factor authentication">
          {useRecovery
            ? 'Type one of the recovery codes you saved when you set up two-factor. Each works once.'
            : challenge.message}
        </Alert>
        {useRecovery ? (
          <TextInput
            key="recoveryCode"
            label="Recovery code"
            placeholder="abcde-23456"
            autoComplete="off"
            data-autofocus
            error={errors.recoveryCode?.message}
            {...form.register('recoveryCode')}
          />
        ) : (
          <TextInput
            key="code"
            label="Authentication code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            leftSection={<IconDeviceMobile size={16} />}
            error={errors.code?.message}
            {...form.register('code')}
          />
        )}
        <Button type="submit" variant="gradient" size="md" fullWidth loading={verify.isPending}>
          Verify and log in
        </Button>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              form.clearErrors();
              setUseRecovery((v) => !v);
            }}
          >
            {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
            Back to login
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes)
    return <RecoveryCodes codes={codes} onDone={onSignedIn} doneLabel="I saved my codes, continue" />;
  return (
    <Stack gap="md">
      <Alert variant="light" color="yellow" icon={<IconShieldLock size={18} />} title="Set up two-factor">
        {challenge.message}
      </Alert>
      <EnrolPanel
        enrolment={challengeEnrolment(challenge.challengeToken)}
        onEnrolled={setCodes}
        onCancel={onRestart}
      />
      <Text size="xs" c="dimmed">
        This step works for 5 minutes; after that, log in again.
      </Text>
    </Stack>
  );
}
