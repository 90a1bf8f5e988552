import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthResult } from '../../features/auth/auth-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { landingPathFor } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/verify-email';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Verify your email', matches);

// Needed when the verification fails, after the API answered (a link without a token, the rare case,
// still gets it server-rendered: the page hydrates it once its code is here).
const ResendVerification = lazy(() =>
  import('../../features/auth/resend-verification').then((m) => ({ default: m.ResendVerification })),
);

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useCurrentUser();
  const verify = useMutation({
    mutationFn: () => api.post<MessageResponse>('/auth/email-verification/verify', { token }),
  });
  // Verify once, in the browser (a link preview fetching the page must not use the token up).
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate();
  }, [token, verify]);

  const next = user ? landingPathFor(user) : '/auth/login';

  if (verify.isSuccess) {
    return (
      <AuthResult
        icon={<IconCircleCheck size={32} />}
        color="teal"
        title="Email verified"
        actions={
          <Button component={Link} to={next} variant="gradient">
            {user ? 'Continue' : 'Log in'}
          </Button>
        }
      >
        {verify.data.data.message}
      </AuthResult>
    );
  }

  if (!token || verify.isError) {
    return (
      <AuthResult
        icon={<IconMailX size={32} />}
        color="red"
        title="We could not verify your email"
        actions={
          <>
            <Suspense>
              <ResendVerification email={user?.email ?? undefined} />
            </Suspense>
            <Button component={Link} to={next} variant="subtle">
              {user ? 'Continue' : 'Back to log in'}
            </Button>
          </>
        }
      >
        {verify.isError
          ? errorMessage(verify.error)
          : 'This verification link is incomplete. Please open the link from the email again.'}
      </AuthResult>
    );
  }

  return (
    <Stack align="center" gap="md" py="xl">
      <Loader />
      <Text c="dimmed">Verifying your email…</Text>
    </Stack>
  );
}
