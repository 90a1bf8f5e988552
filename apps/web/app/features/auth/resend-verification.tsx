import { Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';

import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { resendVerification } from './auth-api';

/** "Resend verification email": asks for the address when it is not known yet. */
export function ResendVerification({
  email: knownEmail,
  variant = 'light',
  size = 'sm',
}: {
  email?: string;
  variant?: 'light' | 'subtle';
  size?: 'xs' | 'sm';
}) {
  const [email, setEmail] = useState(knownEmail ?? '');
  const mutation = useWriteMutation({
    mutationFn: () => resendVerification(email.trim()),
    onSuccess: (res) => notifySuccess(res.data.message),
    onError: (err) => notifyError(err),
  });
  return (
    <Stack gap="xs">
      {knownEmail ? null : (
        <TextInput
          label="Your email"
          type="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
        />
      )}
      <Button
        variant={variant}
        size={size}
        leftSection={<IconMailForward size={16} />}
        onClick={() => mutation.mutate()}
        loading={mutation.isPending}
        disabled={!email.includes('@')}
      >
        Resend verification email
      </Button>
    </Stack>
  );
}
