import { Alert, Stack } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { ResendVerification } from './resend-verification';

/** The login's answer for an account whose email is not verified yet: the API's message and a resend. */
export function UnverifiedAlert({ message, email }: { message: string; email?: string }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconMailExclamation size={18} />} title="Verify your email">
      <Stack gap="sm">
        {message}
        <ResendVerification email={email} />
      </Stack>
    </Alert>
  );
}
