import { Messages, ZChangePasswordRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import { useWriteMutation } from '../../lib/use-write-mutation';

const ZPasswordForm = ZChangePasswordRequest.extend({ confirm: z.string() }).refine(
  (v) => v.password === v.confirm,
  {
    path: ['confirm'],
    message: 'The two passwords do not match.',
  },
);

/** Password change (PUT /auth/users/me/password); the API logs out every other session. */
export function PasswordForm({ source }: { source: 'user' | 'performer' }) {
  const settings = usePublicSettings();
  const form = useForm({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { currentPassword: '', password: '', confirm: '', source },
  });
  const errors = form.formState.errors;

  const change = useWriteMutation({
    mutationFn: async (values: { currentPassword?: string; password: string }) =>
      api.put('/auth/users/me/password', {
        // Empty only for an account without a password yet (social sign-up); the API decides.
        currentPassword: values.currentPassword
          ? await passwordForWire(values.currentPassword, settings.hashPassword)
          : undefined,
        password: await passwordForWire(values.password, settings.hashPassword),
        source,
      }),
    onSuccess: () => {
      form.reset({ currentPassword: '', password: '', confirm: '', source });
      notifySuccess();
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['currentPassword', 'password'] as const);
      notifyError(err, Messages.updateError);
    },
  });

  return (
    <Card>
      <Title order={2} fz="lg">
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Changing it logs you out on your other devices.
      </Text>
      <form method="post" onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="New password"
              placeholder="At least 8 characters"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              error={errors.confirm?.message}
              {...form.register('confirm')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
