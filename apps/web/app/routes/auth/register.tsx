import type { TRegisterUserRequest } from '@fanstage/contract';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { preloadSelect } from '../../components/deferred-select';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthHeader, AuthResult } from '../../features/auth/auth-header';
import { SignUpGenderField } from '../../features/auth/sign-up-gender-field';
import { SocialButtons } from '../../features/auth/social/social-buttons';
import { useSignUpFinish } from '../../features/auth/use-sign-up-finish';
import { ReCaptchaWidget } from '../../features/re-captcha/re-captcha-widget';
import { api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { loginPathFor, returnPathFrom } from '../../lib/guards';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useForm } from '../../lib/light-form';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import type { Route } from './+types/register';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'guest');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Sign up', matches);

const resolver = lazyResolver(() =>
  import('../../features/auth/auth-resolvers').then((m) => m.registerResolver),
);
/** The person starts on the form: load its validation and its select's dropdown. */
const startOnForm = () => {
  resolver.preload();
  preloadSelect();
};
const fields = ['name', 'username', 'email', 'password', 'gender'] as const;

export default function RegisterPage() {
  // A visitor sent here from the login page goes back to where they were.
  const returnTo = returnPathFrom(useLocation().search);
  const loginPath = loginPathFor(returnTo);
  const settings = usePublicSettings();
  const { doneMessage, finish } = useSignUpFinish();
  const [reCaptchaToken, setReCaptchaToken] = useState<string | null>(null);
  const [reCaptchaReset, setReCaptchaReset] = useState(0);
  const form = useForm({
    resolver,
    defaultValues: { name: '', username: '', email: '', password: '', gender: undefined },
  });
  const errors = form.formState.errors;

  const register = useMutation({
    mutationFn: async (values: TRegisterUserRequest) =>
      api.post<MessageResponse>('/auth/users/register', {
        ...values,
        password: await passwordForWire(values.password, settings.hashPassword),
        reCaptchaToken: reCaptchaToken ?? undefined,
      }),
    onSuccess: (res, values) =>
      finish(res.data.message, { username: values.username, password: values.password }),
    onError: (err) => {
      // A reCAPTCHA answer is good for one try: ask again.
      if (settings.reCaptchaSiteKey) setReCaptchaReset((n) => n + 1);
      applyFieldErrors(err, form.setError, fields);
      notifyError(err);
    },
  });

  if (doneMessage) {
    return (
      <AuthResult
        icon={<IconMailCheck size={32} />}
        title="Check your email"
        actions={
          <Button component={Link} to={loginPath} variant="gradient">
            Go to log in
          </Button>
        }
      >
        {doneMessage}
      </AuthResult>
    );
  }

  return (
    <>
      <AuthHeader
        title="Create your account"
        description={`Join ${settings.siteName} to follow, subscribe to and chat with your favourite creators.`}
      />
      <form
        method="post"
        onSubmit={form.handleSubmit((values) => register.mutate(values))}
        onFocus={startOnForm}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="Your name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Username"
              placeholder="yourname"
              autoComplete="username"
              leftSection={<IconAt size={16} />}
              error={errors.username?.message}
              {...form.register('username')}
            />
            <SignUpGenderField control={form.control} name="gender" error={errors.gender?.message} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="At least 8 characters"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <ReCaptchaWidget
            siteKey={settings.reCaptchaSiteKey}
            onChange={setReCaptchaToken}
            resetKey={reCaptchaReset}
          />
          <Button type="submit" variant="gradient" size="md" fullWidth loading={register.isPending} mt="xs">
            Create account
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={loginPath} fw={600}>
              Log in
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/auth/creator-register" fw={600}>
              Sign up as a creator
            </Anchor>
          </Text>
        </Stack>
      </form>
      <SocialButtons returnTo={returnTo} />
    </>
  );
}
