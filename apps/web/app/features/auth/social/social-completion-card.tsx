import { minimumCreatorAge, type TSocialRole, ZSocialCompleteRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../lib/form-errors';
import { landingPathFor, paths } from '../../../lib/guards';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePublicSettings } from '../../../lib/settings';
import { useCountries } from '../../reference/use-countries';
import { completeSocialAccount } from './social-api';

const fields = ['username', 'dateOfBirth', 'country'] as const;

/** The latest date of birth a creator may have today (yyyy-mm-dd). */
const latestBirthDate = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - minimumCreatorAge);
  return d.toISOString().slice(0, 10);
};

/**
 * The set-up step of an account made by Google or Twitter sign-in: fan or creator, and a username
 * (a creator also gives a date of birth and a country; documents follow on the creator account page).
 */
export function SocialCompletionCard() {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preselected: TSocialRole =
    new URLSearchParams(useLocation().search).get('role') === 'performer' ? 'performer' : 'user';
  const countries = useCountries();
  const form = useForm({
    resolver: zodResolver(ZSocialCompleteRequest),
    defaultValues: { role: preselected, username: '', dateOfBirth: undefined, country: undefined },
  });
  const errors = form.formState.errors;
  const role = form.watch('role');

  const complete = useMutation({
    mutationFn: (values: Parameters<typeof completeSocialAccount>[1]) =>
      completeSocialAccount(queryClient, values),
    onSuccess: (user) => {
      notifySuccess(`Welcome to ${settings.siteName}, @${user.username}!`);
      // A creator goes on to the creator account page (documents, prices); a fan to their landing page.
      void navigate(user.isPerformer ? paths.creatorAccount : landingPathFor(user), { replace: true });
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, fields);
      notifyError(err);
    },
  });

  return (
    <Card component="section" aria-labelledby="social-completion-title">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          complete.mutate(values.role === 'performer' ? values : { role: 'user', username: values.username }),
        )}
      >
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" id="social-completion-title">
              Choose how you join
            </Title>
            <Text size="sm" c="dimmed">
              You signed in with Google or Twitter. Pick a username, and whether you are here as a fan or as a
              creator. You can set a password later under Password.
            </Text>
          </div>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Account kind"
                fullWidth
                value={field.value}
                onChange={(value) => field.onChange(value as TSocialRole)}
                data={[
                  { value: 'user', label: 'Fan' },
                  { value: 'performer', label: 'Creator' },
                ]}
              />
            )}
          />
          <TextInput
            label="Username"
            placeholder="your_name"
            leftSection={<IconAt size={16} />}
            autoComplete="username"
            error={errors.username?.message}
            {...form.register('username')}
          />
          {role === 'performer' ? (
            <>
              <TextInput
                label="Date of birth"
                type="date"
                max={latestBirthDate()}
                description={`You must be at least ${minimumCreatorAge}.`}
                error={errors.dateOfBirth?.message}
                {...form.register('dateOfBirth', { setValueAs: (v: string) => v || undefined })}
              />
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <Select
                    label="Country"
                    placeholder="Choose your country"
                    data={countries.data ?? []}
                    searchable
                    nothingFoundMessage="No country matches"
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    error={errors.country?.message}
                  />
                )}
              />
            </>
          ) : null}
          <Button type="submit" loading={complete.isPending}>
            {role === 'performer' ? 'Continue as a creator' : 'Continue as a fan'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
