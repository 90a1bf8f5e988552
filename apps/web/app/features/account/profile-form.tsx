import { Messages, type TCurrentUser, type TUpdateMeRequest, ZUpdateMeRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { landingPathFor, needsAccountCompletion } from '../../lib/guards';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { GenderField } from '../auth/gender-field';
import { currentUserKey } from '../auth/use-current-user';

const fields = ['name', 'username', 'email', 'gender'] as const;

const formValuesOf = (user: TCurrentUser) => ({
  name: user.name,
  username: user.username ?? '',
  email: user.email ?? '',
  gender: user.gender,
});

/** Name, username, email and gender (PUT /users). */
export function ProfileForm({ user }: { user: TCurrentUser }) {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(ZUpdateMeRequest), defaultValues: formValuesOf(user) });
  const errors = form.formState.errors;

  const save = useWriteMutation({
    mutationFn: (values: TUpdateMeRequest) => api.put<{ data: TCurrentUser }>('/users', values),
    onSuccess: (res) => {
      const wasIncomplete = needsAccountCompletion(user);
      queryClient.setQueryData(currentUserKey, res.data);
      form.reset(formValuesOf(res.data));
      notifySuccess();
      if (wasIncomplete && !needsAccountCompletion(res.data)) void navigate(landingPathFor(res.data));
    },
    onError: (err) => {
      applyFieldErrors(err, form.setError, fields);
      notifyError(err, Messages.updateError);
    },
  });

  return (
    <Card>
      <Title order={2} fz="lg">
        Profile
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        How others see you on {settings.siteName}.
      </Text>
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              autoComplete="name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Username"
              autoComplete="username"
              leftSection={<IconAt size={16} />}
              placeholder="yourname"
              error={errors.username?.message}
              {...form.register('username')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              // An address, once set, changes only through Change email (password, then a link to the
              // new address); here it is shown. An account without one (social sign-up) sets it here.
              readOnly={Boolean(user.email)}
              description={
                user.email
                  ? 'Change it under Email below.'
                  : settings.requireEmailVerification
                    ? 'You will get a link to verify it.'
                    : undefined
              }
              error={errors.email?.message}
              {...form.register('email')}
            />
            <GenderField
              control={form.control}
              name="gender"
              error={errors.gender?.message}
              placeholder="Not set"
              clearedValue={null}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            {form.formState.isDirty ? (
              <Button
                type="button"
                variant="subtle"
                color="gray"
                disabled={save.isPending}
                onClick={() => form.reset(formValuesOf(user))}
              >
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
