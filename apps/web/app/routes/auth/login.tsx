import { Messages, type TCurrentUser, type TTwoFactorChallenge } from '@fanstage/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loadSignedInUser, logIn } from '../../features/auth/auth-api';
import { AuthHeader } from '../../features/auth/auth-header';
import { SocialButtons } from '../../features/auth/social/social-buttons';
import { needsReCaptcha } from '../../features/re-captcha/needs-re-captcha';
import { challengeFromHash } from '../../features/two-factor/challenge-from-hash';
import { errorCode, errorMessage } from '../../lib/errors';
import { landingPathFor, paths, redirectParam, returnPathFrom } from '../../lib/guards';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useForm } from '../../lib/light-form';
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

const resolver = lazyResolver(() =>
  import('../../features/auth/auth-resolvers').then((m) => m.loginResolver),
);
// Only accounts with two-factor sign-in see the second step, and only after the password: load it then.
// Shown only after the API answered: a login that needs a verified email, or reCAPTCHA after failures.
const UnverifiedAlert = lazy(() =>
  import('../../features/auth/unverified-alert').then((m) => ({ default: m.UnverifiedAlert })),
);
const ReCaptchaWidget = lazy(() =>
  import('../../features/re-captcha/re-captcha-widget').then((m) => ({ default: m.ReCaptchaWidget })),
);
const TwoFactorStep = lazy(() =>
  import('../../features/two-factor/two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

export default function LoginPage() {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Back to where the person was (a locked post, a Follow button, a protected page), if it is safe.
  const location = useLocation();
  const returnTo = returnPathFrom(location.search);
  const carry = returnTo ? `?${redirectParam}=${encodeURIComponent(returnTo)}` : '';
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TTwoFactorChallenge | null>(null);
  // Shown once the API says this account failed too often (reCAPTCHA on): see needsReCaptcha.
  const [askReCaptcha, setAskReCaptcha] = useState(false);
  const [reCaptchaToken, setReCaptchaToken] = useState<string | null>(null);
  const [reCaptchaReset, setReCaptchaReset] = useState(0);
  useEffect(() => {
    // A redirecting sign-in (Google, Twitter) that needs a second step lands here with it in the fragment.
    // (`location.hash`: also when a social button on this very page hands one over.)
    const handedOver = challengeFromHash(location.hash);
    if (!handedOver) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setChallenge(handedOver);
  }, [location.hash]);
  const goOn = (user: TCurrentUser | null) =>
    void navigate(user ? (returnTo ?? landingPathFor(user)) : paths.home, { replace: true });
  const form = useForm({
    resolver,
    defaultValues: { username: '', password: '', remember: false },
  });

  const login = useMutation({
    mutationFn: (values: { username: string; password: string; remember: boolean }) =>
      logIn(
        queryClient,
        { ...values, reCaptchaToken: reCaptchaToken ?? undefined },
        { hashPassword: settings.hashPassword },
      ),
    onSuccess: (result) => {
      if ('challenge' in result) setChallenge(result.challenge);
      else goOn(result.user);
    },
    onError: (err) => {
      if (needsReCaptcha(err)) setAskReCaptcha(true);
      if (askReCaptcha || needsReCaptcha(err)) setReCaptchaReset((n) => n + 1);
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

  if (challenge) {
    return (
      <>
        <AuthHeader title="One more step" description="Confirm it is you to finish logging in." />
        <Suspense fallback={<Loader mx="auto" display="block" aria-label="Loading" />}>
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={() =>
              void loadSignedInUser(queryClient).then(goOn, (err: unknown) => notifyError(err))
            }
            onRestart={() => setChallenge(null)}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <AuthHeader
        title="Welcome back"
        description={`Log in to ${settings.siteName} to catch up with your creators.`}
      />
      <form
        method="post"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
        onFocus={resolver.preload}
        noValidate
      >
        <Stack gap="md">
          {unverifiedMessage ? (
            <Suspense>
              <UnverifiedAlert message={unverifiedMessage} email={knownEmail} />
            </Suspense>
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
            <Anchor
              component={Link}
              to="/auth/forgot-password"
              size="sm"
              fw={500}
              display="inline-block"
              py={4}
            >
              Forgot password?
            </Anchor>
          </Group>
          {askReCaptcha ? (
            <Suspense>
              <ReCaptchaWidget
                siteKey={settings.reCaptchaSiteKey}
                onChange={setReCaptchaToken}
                resetKey={reCaptchaReset}
              />
            </Suspense>
          ) : null}
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
