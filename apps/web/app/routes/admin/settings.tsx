import { maximumSettingAmount, type TSettingKey, type TSettings, ZSettings } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { Link, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { AmountInput } from '../../components/amount-input';
import { PageHeader } from '../../components/page-header';
import { commissionToPercent, percentToCommission } from '../../features/admin/creator-review';
import { BlockedCountriesCard } from '../../features/geo-blocks/blocked-countries-card';
import { api } from '../../lib/api';
import { errorDetails } from '../../lib/errors';
import { pageTitle } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { placeholderKeys } from '../../lib/placeholders';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { Route } from './+types/settings';
import classes from './admin.module.css';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Site settings', matches);

type FieldKind = 'text' | 'textarea' | 'switch' | 'money' | 'integer' | 'percent' | 'gateway';
interface FieldDef {
  key: TSettingKey;
  label: string;
  kind: FieldKind;
  description?: string;
  placeholder?: string;
}
interface SectionDef {
  id: string;
  title: string;
  description: string;
  fields: FieldDef[];
}

const sections: SectionDef[] = [
  {
    id: 'general',
    title: 'General',
    description: 'How the site presents itself.',
    fields: [
      { key: 'siteName', label: 'Site name', kind: 'text' },
      { key: 'logoUrl', label: 'Logo URL', kind: 'text', placeholder: 'https://… or /path.png' },
      {
        key: 'darkmodeLogoUrl',
        label: 'Logo URL for the dark theme',
        kind: 'text',
        placeholder: 'Same as the logo when empty',
      },
      { key: 'favicon', label: 'Favicon URL', kind: 'text', placeholder: 'https://…/favicon.png' },
      {
        key: 'gaCode',
        label: 'Google Analytics ID',
        kind: 'text',
        placeholder: 'G-XXXXXXX',
        description: 'Leave empty to turn analytics off.',
      },
    ],
  },
  {
    id: 'access',
    title: 'Access',
    description: 'Who can get in, and how.',
    fields: [
      {
        key: 'maintenanceMode',
        label: 'Maintenance mode',
        kind: 'switch',
        description: 'Everyone but admins sees the maintenance page.',
      },
      { key: 'maintenanceMessage', label: 'Maintenance message', kind: 'textarea' },
      {
        key: 'requireEmailVerification',
        label: 'Require email verification',
        kind: 'switch',
        description: 'New accounts must open the emailed link before they can log in.',
      },
      {
        key: 'requireAdminTwoFactor',
        label: 'Require two-factor for admins',
        kind: 'switch',
        description:
          'Admins must log in with a code from an authenticator app. An admin who has not set it up is asked to do so at the next login, before anything else (it is set up under Account settings).',
      },
      {
        key: 'hashPassword',
        label: 'Hash passwords in the browser',
        kind: 'switch',
        description:
          'Browsers send a SHA-256 of each password instead of the password. Changing this stops existing passwords from working until they are reset.',
      },
    ],
  },
  {
    id: 'pricing',
    title: 'Pricing limits',
    description: 'The ranges creators and fans can choose from (in dollars).',
    fields: [
      { key: 'minimumSubscriptionPrice', label: 'Minimum subscription price', kind: 'money' },
      { key: 'maximumSubscriptionPrice', label: 'Maximum subscription price', kind: 'money' },
      { key: 'minimumWalletPrice', label: 'Minimum wallet top-up', kind: 'money' },
      { key: 'maximumWalletPrice', label: 'Maximum wallet top-up', kind: 'money' },
      { key: 'minimumTipPrice', label: 'Minimum tip', kind: 'money' },
      { key: 'maximumTipPrice', label: 'Maximum tip', kind: 'money' },
      { key: 'minimumPayoutAmount', label: 'Minimum payout', kind: 'money' },
      { key: 'minimumBalance1on1Calls', label: 'Minimum balance for 1-on-1 calls', kind: 'money' },
      {
        key: 'performerCommission',
        label: 'Platform commission',
        kind: 'percent',
        description:
          'Share of each sale the site keeps, in percent. A commission set on a creator (Users or Creators) replaces it.',
      },
    ],
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and trial',
    description: 'Free subscriptions, trials and the site-wide membership.',
    fields: [
      {
        key: 'freeSubscriptionEnabled',
        label: 'Free subscriptions',
        kind: 'switch',
        description: 'Creators may offer a free subscription.',
      },
      { key: 'freeSubscriptionDuration', label: 'Free subscription duration (days)', kind: 'integer' },
      {
        key: 'trialEnabled',
        label: 'Free trial',
        kind: 'switch',
        description: 'New fans get a trial of the site membership.',
      },
      { key: 'trialDurationDays', label: 'Trial length (days)', kind: 'integer' },
      { key: 'trialDescription', label: 'Trial description', kind: 'textarea' },
      {
        key: 'siteSubscriptionEnabled',
        label: 'Site membership required',
        kind: 'switch',
        description: 'Fans need a running membership to browse.',
      },
      { key: 'siteSubscriptionPrice', label: 'Site membership price (per month)', kind: 'money' },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    description: 'Where money is taken.',
    fields: [
      { key: 'paymentGateway', label: 'Payment gateway', kind: 'gateway' },
      {
        key: 'stripePublishableKey',
        label: 'Stripe publishable key',
        kind: 'text',
        placeholder: 'pk_live_…',
      },
    ],
  },
  {
    id: 'video',
    title: 'Live video',
    description: 'Calls and live streams.',
    fields: [
      {
        key: 'agoraEnable',
        label: 'Use Agora',
        kind: 'switch',
        description: 'Otherwise browsers connect directly (WebRTC).',
      },
      { key: 'agoraAppId', label: 'Agora app id', kind: 'text' },
    ],
  },
  {
    id: 'social-login',
    title: 'Social sign-in',
    description: 'Log in with Google or Twitter.',
    fields: [
      {
        key: 'googleLoginEnabled',
        label: 'Sign in with Google',
        kind: 'switch',
        description:
          'Needs the client id below; the code flow also needs GOOGLE_CLIENT_SECRET on the server.',
      },
      {
        key: 'googleClientId',
        label: 'Google client id',
        kind: 'text',
        placeholder: '1234-abc.apps.googleusercontent.com',
      },
      {
        key: 'twitterLoginEnabled',
        label: 'Sign in with Twitter',
        kind: 'switch',
        description: 'Needs TWITTER_CONSUMER_KEY and TWITTER_CONSUMER_SECRET on the server.',
      },
    ],
  },
  {
    id: 're-captcha',
    title: 'reCAPTCHA',
    description: 'Sign-ups, the contact form and logins after 3 failed tries ask "I am not a robot".',
    fields: [
      {
        key: 'reCaptchaSiteKey',
        label: 'reCAPTCHA site key',
        kind: 'text',
        placeholder: '6Lc…',
        description:
          'Google reCAPTCHA v2 (checkbox); on only with RECAPTCHA_SECRET on the server. Empty: off.',
      },
    ],
  },
  {
    id: 'email',
    title: 'Email',
    description: 'Addresses used by the site.',
    fields: [
      { key: 'adminEmail', label: 'Admin email', kind: 'text', placeholder: 'admin@example.com' },
      { key: 'senderEmail', label: 'Sender email', kind: 'text', placeholder: 'no-reply@example.com' },
    ],
  },
];

/** The form holds the schema's input shape (a menu's isNewTab may be missing until parsed). */
type SettingsForm = z.input<typeof ZSettings>;

const allSections = [
  ...sections.map((s) => ({ id: s.id, title: s.title })),
  { id: 'menus', title: 'Menus' },
  { id: 'blocked-countries', title: 'Blocked countries' },
];

export default function AdminSettingsPage() {
  const settings = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => api.get<{ data: TSettings }>('/admin/settings').then((r) => r.data),
  });

  return (
    <>
      <PageHeader title="Site settings" description="Changes apply to every visitor as soon as you save." />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Stack gap={2} className={classes.sectionNav}>
            {allSections.map((s) => (
              <NavLink
                key={s.id}
                href={`#${s.id}`}
                label={s.title}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {settings.data ? (
            <Stack gap="lg">
              <SettingsEditor key={JSON.stringify(settings.data)} initial={settings.data} />
              {/* Its own list and save (PUT /admin/block/countries), checked against the country list. */}
              <BlockedCountriesCard owner="site" id="blocked-countries" />
            </Stack>
          ) : settings.isError ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              The settings could not be loaded. Please reload the page.
            </Alert>
          ) : (
            <Stack gap="lg">
              {placeholderKeys(3).map((key) => (
                <Card key={key}>
                  <Skeleton h={18} w="30%" mb="md" />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Skeleton h={56} />
                    <Skeleton h={56} />
                    <Skeleton h={56} />
                  </SimpleGrid>
                </Card>
              ))}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function SettingsEditor({ initial }: { initial: TSettings }) {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const form = useForm({ resolver: zodResolver(ZSettings), defaultValues: initial });
  const errors = form.formState.errors;

  const save = useWriteMutation({
    mutationFn: (values: TSettings) => api.put<{ data: TSettings }>('/admin/settings', values),
    onSuccess: (res) => {
      queryClient.setQueryData(['admin', 'settings'], res.data);
      form.reset(res.data);
      notifySuccess();
      // The header, title, maintenance screen and analytics read the public settings from the root loader.
      void revalidator.revalidate();
    },
    onError: (err) => {
      for (const d of errorDetails(err)) {
        form.setError(d.path as keyof SettingsForm, { type: 'server', message: d.message });
      }
      notifyError(err);
    },
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="lg">
        {sections.map((section) => (
          <Card key={section.id} id={section.id} style={{ scrollMarginTop: 88 }}>
            <Title order={2} fz="lg">
              {section.title}
            </Title>
            <Text size="sm" c="dimmed" mb="lg">
              {section.description}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
              {section.fields.map((field) => (
                <SettingField
                  key={field.key}
                  field={field}
                  control={form.control}
                  register={form.register}
                  errors={errors}
                />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        <MenusEditor control={form.control} register={form.register} errors={errors} />
        <Paper
          withBorder
          shadow={form.formState.isDirty ? 'md' : undefined}
          p="sm"
          className={form.formState.isDirty ? classes.saveBar : undefined}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed" pl="xs" visibleFrom="xs">
              {form.formState.isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="subtle"
                color="gray"
                disabled={!form.formState.isDirty}
                onClick={() => form.reset(initial)}
              >
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save settings
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

interface FieldProps {
  control: Control<SettingsForm>;
  register: UseFormRegister<SettingsForm>;
  errors: FieldErrors<SettingsForm>;
}

function SettingField({ field, control, register, errors }: FieldProps & { field: FieldDef }) {
  const error = errors[field.key]?.message as string | undefined;
  const common = { label: field.label, description: field.description, error };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} placeholder={field.placeholder} {...register(field.key)} />;
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} maxRows={6} {...register(field.key)} />;
    case 'switch':
      return (
        <Controller
          control={control}
          name={field.key}
          render={({ field: f }) => (
            <Switch
              label={field.label}
              description={field.description}
              error={error}
              checked={Boolean(f.value)}
              onChange={(e) => f.onChange(e.currentTarget.checked)}
              onBlur={f.onBlur}
              size="md"
              pt={4}
            />
          )}
        />
      );
    case 'gateway':
      return (
        <Controller
          control={control}
          name={field.key}
          render={({ field: f }) => (
            <Select
              {...common}
              data={[
                { value: 'stripe', label: 'Stripe' },
                { value: 'sandbox', label: 'Sandbox (test payments)' },
              ]}
              value={String(f.value)}
              onChange={(v) => f.onChange(v ?? 'stripe')}
              allowDeselect={false}
            />
          )}
        />
      );
    default:
      return (
        <Controller
          control={control}
          name={field.key}
          render={({ field: f }) => (
            <AmountInput
              {...common}
              mode={field.kind === 'money' ? 'money' : field.kind === 'percent' ? 'percent' : 'quantity'}
              noun={field.label.toLowerCase()}
              isOptional
              // A percent field shows "20" for the stored share 0.2 (as on the creator pages).
              value={
                typeof f.value !== 'number'
                  ? ''
                  : field.kind === 'percent'
                    ? commissionToPercent(f.value)
                    : f.value
              }
              onChange={(v) =>
                f.onChange(v === '' ? undefined : field.kind === 'percent' ? percentToCommission(v) : v)
              }
              onBlur={f.onBlur}
              min={field.kind === 'integer' ? 1 : 0}
              max={field.kind === 'percent' ? 100 : field.kind === 'integer' ? 365 : maximumSettingAmount}
            />
          )}
        />
      );
  }
}

function MenusEditor({ control, register, errors }: FieldProps) {
  const menus = useFieldArray({ control, name: 'menus' });
  return (
    <Card id="menus" style={{ scrollMarginTop: 88 }}>
      <Group justify="space-between" align="flex-start" mb="lg">
        <div>
          <Title order={2} fz="lg">
            Menus
          </Title>
          <Text size="sm" c="dimmed">
            Extra links in the header navigation or the footer.
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => menus.append({ title: '', path: '', section: 'footer', isNewTab: false })}
        >
          Add link
        </Button>
      </Group>
      {menus.fields.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No links yet. Add terms, privacy or contact pages here: a page written under{' '}
          <Anchor component={Link} to="/admin/pages" size="sm">
            Pages
          </Anchor>{' '}
          is at /page/its-slug.
        </Text>
      ) : (
        <Stack gap="md">
          {menus.fields.map((item, index) => (
            <Paper key={item.id} withBorder p="sm" radius="md">
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <TextInput
                    label="Title"
                    {...register(`menus.${index}.title`)}
                    error={errors.menus?.[index]?.title?.message}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    label="Link"
                    placeholder="/page/terms or https://…"
                    {...register(`menus.${index}.path`)}
                    error={errors.menus?.[index]?.path?.message}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 2 }}>
                  <Controller
                    control={control}
                    name={`menus.${index}.section`}
                    render={({ field }) => (
                      <Select
                        label="Where"
                        data={[
                          { value: 'header', label: 'Header' },
                          { value: 'footer', label: 'Footer' },
                        ]}
                        value={field.value}
                        onChange={(v) => field.onChange(v ?? 'footer')}
                        allowDeselect={false}
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 4, sm: 2 }}>
                  <Controller
                    control={control}
                    name={`menus.${index}.isNewTab`}
                    render={({ field }) => (
                      <Switch
                        label="New tab"
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                        mb={8}
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 2, sm: 1 }}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    onClick={() => menus.remove(index)}
                    aria-label="Remove link"
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Grid.Col>
              </Grid>
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}
