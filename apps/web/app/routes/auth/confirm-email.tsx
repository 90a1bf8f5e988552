import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthResult } from '../../features/auth/auth-header';
import { currentUserKey, useCurrentUser } from '../../features/auth/use-current-user';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { accountPathFor } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/confirm-email';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Confirm your new email', matches);

/** Opens the link mailed to a new address (/auth/confirm-email?token=…): the account's email changes. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => api.post<MessageResponse>('/auth/email-change/confirm', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
  // Once, in the browser: a mail client's link preview fetching the page must not use the token up.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate();
  }, [token, confirm]);

  const next = user ? accountPathFor(user) : '/auth/login';
  const nextLabel = user ? 'Back to your account' : 'Log in';

  if (confirm.isSuccess) {
    return (
      <AuthResult
        icon={<IconCircleCheck size={32} />}
        color="teal"
        title="Your email is changed"
        actions={
          <Button component={Link} to={next} variant="gradient">
            {nextLabel}
          </Button>
        }
      >
        {confirm.data.data.message}
      </AuthResult>
    );
  }

  if (!token || confirm.isError) {
    return (
      <AuthResult
        icon={<IconMailX size={32} />}
        color="red"
        title="We could not change your email"
        actions={
          <Button component={Link} to={next} variant="subtle">
            {nextLabel}
          </Button>
        }
      >
        {confirm.isError
          ? errorMessage(confirm.error)
          : 'This confirmation link is incomplete. Please open the link from the email again.'}
      </AuthResult>
    );
  }

  return (
    <Stack align="center" gap="md" py="xl">
      <Loader />
      <Text c="dimmed">Changing your email…</Text>
    </Stack>
  );
}
