import { minimumCreatorAge, type TRegisterPerformerFields } from '@fanstage/contract';
import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAt, IconMailCheck, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DeferredSelect, preloadSelect } from '../../components/deferred-select';
import { ProgressBar } from '../../components/progress-bar';
import type { MessageResponse } from '../../features/auth/auth-api';
import { AuthHeader, AuthResult } from '../../features/auth/auth-header';
import { DocumentDropzone } from '../../features/auth/document-dropzone';
import { SignUpGenderField } from '../../features/auth/sign-up-gender-field';
import { SocialButtons } from '../../features/auth/social/social-buttons';
import { useSignUpFinish } from '../../features/auth/use-sign-up-finish';
import { ReCaptchaWidget } from '../../features/re-captcha/re-captcha-widget';
import { useCountries } from '../../features/reference/use-countries';
import { apiUpload } from '../../lib/api';
import { errorDetails } from '../../lib/errors';
import { applyFieldErrors } from '../../lib/form-errors';
import { loginPathFor, returnPathFrom } from '../../lib/guards';
import { lazyResolver } from '../../lib/lazy-resolver';
import { Controller, useForm } from '../../lib/light-form';
import { pageTitle } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import type { PublicHandle } from '../layouts/public';
import type { Route } from './+types/creator-register';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'guest');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Become a creator', matches);
export const handle: PublicHandle = { wide: true };

const resolver = lazyResolver(() =>
  import('../../features/auth/auth-resolvers').then((m) => m.creatorRegisterResolver),
);
/** The person starts on the form: load its validation and its selects' dropdown. */
const startOnForm = () => {
  resolver.preload();
  preloadSelect();
};
const fields = ['name', 'username', 'email', 'password', 'gender', 'dateOfBirth', 'country'] as const;
type DocumentField = 'idVerification' | 'documentVerification';

/** The latest birth date that is old enough, as YYYY-MM-DD (for the date picker's max). */
function latestBirthDate(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - minimumCreatorAge);
  return d.toISOString().slice(0, 10);
}

export default function CreatorRegisterPage() {
  // A visitor sent here from the login page goes back to where they were.
  const returnTo = returnPathFrom(useLocation().search);
  const loginPath = loginPathFor(returnTo);
  const settings = usePublicSettings();
  const { doneMessage, finish } = useSignUpFinish();
  const countries = useCountries();
  const [documents, setDocuments] = useState<Record<DocumentField, File | null>>({
    idVerification: null,
    documentVerification: null,
  });
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<DocumentField, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [reCaptchaToken, setReCaptchaToken] = useState<string | null>(null);
  const [reCaptchaReset, setReCaptchaReset] = useState(0);
  const form = useForm({
    resolver,
    defaultValues: {
      name: '',
      username: '',
      email: '',
      password: '',
      gender: undefined,
      dateOfBirth: '',
      country: '',
    },
  });
  const errors = form.formState.errors;
  const hasCountryList = countries.isSuccess && countries.data.length > 0;
  useEffect(() => {
    // The list replaces the plain country input once it is here: its select's code should be too.
    if (hasCountryList) preloadSelect();
  }, [hasCountryList]);

  const setDocument = (field: DocumentField, file: File | null) => {
    setDocuments((d) => ({ ...d, [field]: file }));
    setDocumentErrors((e) => ({ ...e, [field]: undefined }));
  };

  const checkDocuments = (): boolean => {
    const missing: Partial<Record<DocumentField, string>> = {};
    if (!documents.idVerification) missing.idVerification = 'Please add a photo of your ID document.';
    if (!documents.documentVerification)
      missing.documentVerification = 'Please add a selfie holding your ID.';
    setDocumentErrors(missing);
    return Object.keys(missing).length === 0;
  };

  const register = useMutation({
    mutationFn: async (values: TRegisterPerformerFields) => {
      const body = new FormData();
      body.set('name', values.name);
      body.set('username', values.username);
      body.set('email', values.email);
      body.set('password', await passwordForWire(values.password, settings.hashPassword));
      if (values.gender) body.set('gender', values.gender);
      body.set('dateOfBirth', values.dateOfBirth);
      body.set('country', values.country);
      if (reCaptchaToken) body.set('reCaptchaToken', reCaptchaToken);
      if (documents.idVerification) body.set('idVerification', documents.idVerification);
      if (documents.documentVerification) body.set('documentVerification', documents.documentVerification);
      setProgress(0);
      return apiUpload<MessageResponse>('/auth/performers/register', body, { onProgress: setProgress });
    },
    onSuccess: (res, values) =>
      finish(res.data.message, { username: values.username, password: values.password }),
    onError: (err) => {
      // A reCAPTCHA answer is good for one try: ask again.
      if (settings.reCaptchaSiteKey) setReCaptchaReset((n) => n + 1);
      applyFieldErrors(err, form.setError, fields);
      const docProblems: Partial<Record<DocumentField, string>> = {};
      for (const d of errorDetails(err)) {
        if (d.path === 'idVerification' || d.path === 'documentVerification') docProblems[d.path] = d.message;
      }
      setDocumentErrors(docProblems);
      notifyError(err);
    },
    onSettled: () => setProgress(null),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      if (checkDocuments()) register.mutate(values);
    },
    () => checkDocuments(),
  );

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
        title="Become a creator"
        description={`Share your work with fans on ${settings.siteName} and earn from subscriptions, tips and sales.`}
      />
      <form method="post" onSubmit={onSubmit} onFocus={startOnForm} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              placeholder="Your display name"
              autoComplete="name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Username"
              placeholder="yourname"
              autoComplete="username"
              leftSection={<IconAt size={16} />}
              error={errors.username?.message}
              {...form.register('username')}
            />
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
            <TextInput
              label="Date of birth"
              type="date"
              max={latestBirthDate()}
              description={`You must be at least ${minimumCreatorAge}.`}
              error={errors.dateOfBirth?.message}
              {...form.register('dateOfBirth')}
            />
            <Controller
              control={form.control}
              name="country"
              render={({ field }) =>
                hasCountryList ? (
                  <DeferredSelect
                    label="Country"
                    description="Where you live."
                    placeholder="Choose your country"
                    data={countries.data}
                    searchable
                    nothingFoundMessage="No country matches"
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={errors.country?.message}
                  />
                ) : (
                  <TextInput
                    label="Country"
                    description="Two-letter code, for example US or GB."
                    placeholder={countries.isPending ? 'Loading countries…' : 'US'}
                    maxLength={2}
                    autoComplete="country"
                    value={field.value}
                    onChange={(e) =>
                      field.onChange(e.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, ''))
                    }
                    onBlur={field.onBlur}
                    error={errors.country?.message}
                  />
                )
              }
            />
            <SignUpGenderField control={form.control} name="gender" error={errors.gender?.message} />
          </SimpleGrid>

          <Divider
            mt="sm"
            labelPosition="left"
            label={
              <Text size="sm" fw={600} c="var(--mantine-color-text)">
                Identity check
              </Text>
            }
          />
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size={32}>
              <IconShieldCheck size={18} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              We check every creator's identity before their page goes live. Your documents stay private and
              are only seen by our team.
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DocumentDropzone
              label="Photo of your ID"
              description="Passport, ID card or driving licence."
              file={documents.idVerification}
              onChange={(file) => setDocument('idVerification', file)}
              error={documentErrors.idVerification}
              disabled={register.isPending}
            />
            <DocumentDropzone
              label="Selfie holding your ID"
              description="Your face and the document, both readable."
              file={documents.documentVerification}
              onChange={(file) => setDocument('documentVerification', file)}
              error={documentErrors.documentVerification}
              disabled={register.isPending}
            />
          </SimpleGrid>

          {progress !== null ? (
            <Stack gap={4}>
              <ProgressBar value={progress} animated={progress < 100} label="Uploading your documents" />
              <Text size="xs" c="dimmed">
                {progress < 100 ? `Uploading your documents… ${progress}%` : 'Checking your documents…'}
              </Text>
            </Stack>
          ) : null}

          <ReCaptchaWidget
            siteKey={settings.reCaptchaSiteKey}
            onChange={setReCaptchaToken}
            resetKey={reCaptchaReset}
          />
          <Button type="submit" variant="gradient" size="md" fullWidth loading={register.isPending} mt="xs">
            Create creator account
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={loginPath} fw={600}>
              Log in
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/auth/register" fw={600}>
              Sign up as a fan
            </Anchor>
          </Text>
        </Stack>
      </form>
      <SocialButtons accountKind="performer" returnTo={returnTo} />
    </>
  );
}
