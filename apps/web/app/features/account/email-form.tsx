import { type TChangeEmailRequest, type TCurrentUser, ZChangeEmailRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError } from '../../lib/notify';
import { passwordForWire } from '../../lib/password-for-wire';
import { usePublicSettings } from '../../lib/settings';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { MessageResponse } from '../auth/auth-api';

const emptyValues = { email: '', password: '' };

/**
 * Change email (POST /auth/users/me/email): the current password proves it is the owner, and the
 * address changes only when the link sent to the new one is opened; the old address is told then.
 */
export function EmailForm({ user }: { user: Pick<TCurrentUser, 'email'> }) {
  const settings = usePublicSettings();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const form = useForm<TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: emptyValues,
  });
  const errors = form.formState.errors;

  const change = useWriteMutation({
    mutationFn: async (values: TChangeEmailRequest) =>
      api.post<MessageResponse>('/auth/users/me/email', {
        email: values.email,
        password: await passwordForWire(values.password, settings.hashPassword),
      }),
    onSuccess: (res, values) => {
      setSentTo({ email: values.email, message: res.data.message });
      form.reset(emptyValues);
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, ['email', 'password'] as const);
      notifyError(err, 'Your email could not be changed.');
    },
  });

  if (!user.email) return null;
  return (
    <Card>
      <Title order={2} fz="lg">
        Email
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Your address is <b>{user.email}</b>. To change it, enter the new one and your password; it changes
        when you open the link we send there.
      </Text>
      {sentTo ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward size={18} />}
          title={`Check ${sentTo.email}`}
          mb="md"
          role="status"
          data-testid="email-change-sent"
        >
          {sentTo.message}
        </Alert>
      ) : null}
      <form method="post" onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="New email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change email
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
