import { contactMessageMax, type TContactRequest } from '@fanstage/contract';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../components/page-header';
import type { MessageResponse } from '../features/auth/auth-api';
import { useCurrentUser } from '../features/auth/use-current-user';
import { api } from '../lib/api';
import { applyFieldErrors } from '../lib/form-errors';
import { lazyResolver } from '../lib/lazy-resolver';
import { useForm } from '../lib/light-form';
import { pageTitle } from '../lib/meta';
import { notifyError } from '../lib/notify';
import { guardPage } from '../lib/page-guard';
import { usePublicSettings } from '../lib/settings';
import { useWriteMutation } from '../lib/use-write-mutation';
import type { Route } from './+types/contact';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Contact us', matches);

// zod and the contract's schema load when someone starts on the form; the reCAPTCHA box's code only on
// sites that turned reCAPTCHA on.
const resolver = lazyResolver(() =>
  import('../features/contact/contact-resolver').then((m) => m.contactResolver),
);
const ReCaptchaWidget = lazy(() =>
  import('../features/re-captcha/re-captcha-widget').then((m) => ({ default: m.ReCaptchaWidget })),
);

/** /contact: anyone writes to the site's team (POST /contact, mailed to the admin address). */
export default function ContactPage() {
  const settings = usePublicSettings();
  const user = useCurrentUser();
  const [sent, setSent] = useState<string | null>(null);
  const [reCaptchaToken, setReCaptchaToken] = useState<string | null>(null);
  const [reCaptchaReset, setReCaptchaReset] = useState(0);
  const form = useForm<TContactRequest>({
    resolver,
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' },
  });
  const errors = form.formState.errors;
  const length = form.watch('message').length;

  const send = useWriteMutation({
    mutationFn: (values: TContactRequest) =>
      api.post<MessageResponse>('/contact', { ...values, reCaptchaToken: reCaptchaToken ?? undefined }),
    // A reCAPTCHA answer is good for one send: after any answer the box asks again.
    onSettled: () => {
      if (settings.reCaptchaSiteKey) setReCaptchaReset((n) => n + 1);
    },
    onSuccess: (res) => {
      setSent(res.data.message);
      form.reset({ ...form.getValues(), message: '' });
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['name', 'email', 'subject', 'message'] as const);
      notifyError(err, 'Your message could not be sent.');
    },
  });

  return (
    <>
      <PageHeader
        title="Contact us"
        description={`A question about ${settings.siteName}, a payment or an account? Write to the team; we answer by email.`}
      />
      <Card maw={720}>
        {sent ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} mb="md" role="status">
            {sent}
          </Alert>
        ) : null}
        <form
          onSubmit={form.handleSubmit((values) => send.mutate(values))}
          onFocus={resolver.preload}
          noValidate
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Your name"
                autoComplete="name"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <TextInput
                label="Your email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                error={errors.email?.message}
                {...form.register('email')}
              />
            </SimpleGrid>
            <TextInput
              label="Subject (optional)"
              maxLength={200}
              error={errors.subject?.message}
              {...form.register('subject')}
            />
            <Textarea
              label="Message"
              autosize
              minRows={5}
              maxRows={14}
              description={`${length} / ${contactMessageMax}`}
              error={errors.message?.message}
              {...form.register('message')}
            />
            {settings.reCaptchaSiteKey ? (
              <Suspense fallback={null}>
                <ReCaptchaWidget
                  siteKey={settings.reCaptchaSiteKey}
                  onChange={setReCaptchaToken}
                  resetKey={reCaptchaReset}
                />
              </Suspense>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
