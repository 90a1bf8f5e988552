import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthHeader, AuthResult } from '../../features/auth/auth-header';
import { api } from '../../lib/api';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useForm } from '../../lib/light-form';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/forgot-password';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'guest');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Forgot password', matches);

const resolver = lazyResolver(() =>
  import('../../features/auth/auth-resolvers').then((m) => m.forgotPasswordResolver),
);

export default function ForgotPasswordPage() {
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const forgot = useMutation({
    mutationFn: (values: { email: string }) => api.post<MessageResponse>('/auth/users/forgot', values),
    onError: (err) => notifyError(err),
  });

  if (forgot.isSuccess) {
    return (
      <AuthResult
        icon={<IconMailCheck size={32} />}
        title="Check your inbox"
        actions={
          <Button
            component={Link}
            to="/auth/login"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to log in
          </Button>
        }
      >
        {forgot.data.data.message}
      </AuthResult>
    );
  }

  return (
    <>
      <AuthHeader
        title="Forgot your password?"
        description="Enter the email of your account and we will send you a link to choose a new one."
      />
      <form
        onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
        onFocus={resolver.preload}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            leftSection={<IconMail size={16} />}
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" variant="gradient" size="md" fullWidth loading={forgot.isPending}>
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/auth/login" fw={600}>
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
