import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthHeader, AuthResult } from '../../features/auth/auth-header';
import { api } from '../../lib/api';
import { errorCode, errorMessage } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useForm } from '../../lib/light-form';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import type { Route } from './+types/reset-password';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Choose a new password', matches);

const resolver = lazyResolver(() =>
  import('../../features/auth/auth-resolvers').then((m) => m.newPasswordResolver),
);

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const settings = usePublicSettings();
  const form = useForm({
    resolver,
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useMutation({
    mutationFn: async (values: { password: string }) =>
      api.post<MessageResponse>('/auth/users/reset-password', {
        token,
        password: await passwordForWire(values.password, settings.hashPassword),
      }),
    onError: (err) => {
      if (errorCode(err) !== 'INVALID_TOKEN') notifyError(err);
    },
  });

  if (reset.isSuccess) {
    return (
      <AuthResult
        icon={<IconCircleCheck size={32} />}
        color="teal"
        title="Password changed"
        actions={
          <Button component={Link} to="/auth/login" variant="gradient">
            Log in
          </Button>
        }
      >
        {reset.data.data.message}
      </AuthResult>
    );
  }

  const invalidLink = !token || token.length < 10 || errorCode(reset.error) === 'INVALID_TOKEN';

  return (
    <>
      <AuthHeader title="Choose a new password" description="Pick something you have not used here before." />
      {invalidLink ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          mb="lg"
          title="This link does not work"
        >
          {reset.error
            ? errorMessage(reset.error)
            : 'The reset link is incomplete. Please open the link from the email again.'}{' '}
          <Anchor component={Link} to="/auth/forgot-password" size="sm" fw={600}>
            Ask for a new link
          </Anchor>
        </Alert>
      ) : null}
      <form
        method="post"
        onSubmit={form.handleSubmit((values) => reset.mutate(values))}
        onFocus={resolver.preload}
        noValidate
      >
        <Stack gap="md">
          <PasswordInput
            label="New password"
            placeholder="At least 8 characters"
            autoComplete="new-password"
            error={form.formState.errors.password?.message}
            disabled={!token}
            {...form.register('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            error={form.formState.errors.confirm?.message}
            disabled={!token}
            {...form.register('confirm')}
          />
          <Button
            type="submit"
            variant="gradient"
            size="md"
            fullWidth
            loading={reset.isPending}
            disabled={!token}
          >
            Save new password
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
