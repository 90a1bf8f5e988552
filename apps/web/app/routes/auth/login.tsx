import { Messages, ZLoginRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconLock, IconMailExclamation, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { logIn } from '../../features/auth/auth-api';
import { AuthHeader } from '../../features/auth/auth-header';
import { ResendVerification } from '../../features/auth/resend-verification';
import { SocialButtons } from '../../features/auth/social/social-buttons';
import { errorCode, errorMessage } from '../../lib/errors';
import { landingPathFor, paths, redirectParam, returnPathFrom } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { usePublicSettings } from '../../lib/settings';
import type { Route } from './+types/login';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'guest');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Log in', matches);

export default function LoginPage() {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Back to where the person was (a locked post, a Follow button, a protected page), if it is safe.
  const returnTo = returnPathFrom(useLocation().search);
  const carry = returnTo ? `?${redirectParam}=${encodeURIComponent(returnTo)}` : '';
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { username: '', password: '', remember: false },
  });

  const login = useMutation({
    mutationFn: (values: { username: string; password: string; remember: boolean }) =>
      logIn(queryClient, values, { hashPassword: settings.hashPassword }),
    onSuccess: (user) => {
      void navigate(user ? (returnTo ?? landingPathFor(user)) : paths.home, { replace: true });
    },
    onError: (err) => {
      if (errorCode(err) === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedMessage(errorMessage(err));
        return;
      }
      setUnverifiedMessage(null);
      notifyError(err, Messages.incorrectCredentials);
    },
  });

  const typedLogin = form.watch('username');
  const knownEmail = typedLogin.includes('@') ? typedLogin.trim() : undefined;

  return (
    <>
      <AuthHeader
        title="Welcome back"
        description={`Log in to ${settings.siteName} to catch up with your creators.`}
      />
      <form onSubmit={form.handleSubmit((values) => login.mutate(values))} noValidate>
        <Stack gap="md">
          {unverifiedMessage ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconMailExclamation size={18} />}
              title="Verify your email"
            >
              <Stack gap="sm">
                {unverifiedMessage}
                <ResendVerification email={knownEmail} />
              </Stack>
            </Alert>
          ) : null}
          <TextInput
            label="Username or email"
            placeholder="you@example.com"
            autoComplete="username"
            leftSection={<IconUser size={16} />}
            error={form.formState.errors.username?.message}
            {...form.register('username')}
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.register('remember')} />
            <Anchor component={Link} to="/auth/forgot-password" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" variant="gradient" size="md" fullWidth loading={login.isPending} mt="xs">
            Log in
          </Button>
        </Stack>
      </form>
      <SocialButtons returnTo={returnTo} />
      <Divider label={`New to ${settings.siteName}?`} labelPosition="center" my="xl" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button component={Link} to={`/auth/register${carry}`} variant="default">
          Sign up as a fan
        </Button>
        <Button component={Link} to={`/auth/creator-register${carry}`} variant="light">
          Become a creator
        </Button>
      </SimpleGrid>
    </>
  );
}
