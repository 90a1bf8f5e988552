import {
  type TAdminUpdateUser,
  type TAdminUser,
  ZAdminUpdateUser,
  ZEmail,
  ZUsername,
} from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconAt, IconUserCheck, IconUserOff, IconUserX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { CommissionEditor } from '../admin/commission-editor';
import { formatCommission } from '../admin/creator-review';
import { GenderField } from '../auth/gender-field';
import { useCurrentUser } from '../auth/use-current-user';
import { TwoFactorAdminCard } from '../two-factor/two-factor-admin-card';
import { useAdminUser, useRefreshAccounts, useUpdateUser } from './accounts-api';
import { roleLabels, statusColors, statusLabels, verificationOf } from './accounts-values';
import { AuditList } from './audit-admin';
import { AccountStatusModal } from './status-modal';

const fields = ['name', 'username', 'email', 'gender'] as const;

/** An account without a username or email shows an empty field; left empty it is not sent. */
const emptyIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const ZForm = ZAdminUpdateUser.extend({ username: emptyIsUnset(ZUsername), email: emptyIsUnset(ZEmail) });

const formValuesOf = (user: TAdminUser) => ({
  name: user.name,
  username: user.username ?? '',
  email: user.email ?? '',
  gender: user.gender,
});

/** One account for admins: facts, the edit form, deactivate or reactivate, the creator's review and commission. */
export function UserAdmin({ id }: { id: string }) {
  const user = useAdminUser(id);
  const me = useCurrentUser();
  const [statusTo, setStatusTo] = useState<'inactive' | 'active' | null>(null);

  if (user.isPending) {
    return (
      <Stack aria-busy aria-label="Loading the account">
        <Skeleton h={80} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (!user.data) {
    return (
      <Card p={{ base: 'lg', sm: 48 }}>
        <EmptyState
          icon={<IconUserX size={28} />}
          variant="light"
          title="Account not found"
          description="It may have been deleted. Go back to the users list and search again."
        />
        <Group justify="center" mt="md">
          <Button component={Link} to="/admin/users" variant="light">
            Back to users
          </Button>
        </Group>
      </Card>
    );
  }
  const u = user.data;
  const isSelf = me?._id === u._id;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/users" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Users
        </Group>
      </Anchor>
      <Card>
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={u.avatar} alt="" size={56} radius={999} />
            <div style={{ minWidth: 0 }}>
              <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
                {u.name}
              </Title>
              <Group gap={6} mt={4}>
                <Text size="sm" c="dimmed">
                  {u.username ? `@${u.username}` : 'No username'}
                </Text>
                <Badge size="sm" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                  {roleLabels[u.role]}
                </Badge>
                <Badge size="sm" variant="light" color={statusColors[u.status]} style={{ flexShrink: 0 }}>
                  {statusLabels[u.status]}
                </Badge>
              </Group>
            </div>
          </Group>
          {u.status === 'active' ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconUserOff size={16} />}
              disabled={isSelf}
              title={isSelf ? 'You cannot deactivate your own account.' : undefined}
              onClick={() => setStatusTo('inactive')}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              color="teal"
              leftSection={<IconUserCheck size={16} />}
              onClick={() => setStatusTo('active')}
            >
              Reactivate
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="lg" spacing="md">
          <Fact
            label="Email"
            value={u.email ? `${u.email}${u.verifiedEmail ? '' : ' (not verified)'}` : '—'}
          />
          <Fact label="Wallet balance" value={formatPrice(u.balance)} />
          <Fact label="Joined" value={dayjs(u.createdAt).format('MMM D, YYYY')} />
          <Fact label="Last change" value={dayjs(u.updatedAt).format('MMM D, YYYY HH:mm')} />
        </SimpleGrid>
      </Card>

      {u.performer ? <CreatorCard user={u} performer={u.performer} /> : null}
      <EditCard key={u.updatedAt} user={u} />
      <TwoFactorAdminCard user={u} />

      <Card>
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            History
          </Title>
          <Anchor component={Link} to={`/admin/audit?targetId=${u._id}`} size="sm">
            Whole audit log of this account
          </Anchor>
        </Group>
        <AuditList query={{ targetId: u._id, limit: 5 }} compact />
      </Card>

      <AccountStatusModal user={u} to={statusTo} onClose={() => setStatusTo(null)} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function CreatorCard({
  user,
  performer,
}: {
  user: TAdminUser;
  performer: NonNullable<TAdminUser['performer']>;
}) {
  const refresh = useRefreshAccounts();
  const verification = verificationOf(performer);
  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        Creator
      </Title>
      <Group justify="space-between" gap="md">
        <Stack gap={4}>
          <Group gap={6}>
            <Badge variant="light" color={verification.color} style={{ flexShrink: 0 }}>
              {verification.label}
            </Badge>
          </Group>
          <Group gap="md">
            <Anchor component={Link} to="/admin/creators" size="sm">
              Open the creator review
            </Anchor>
            {user.username && user.status === 'active' ? (
              <Anchor component={Link} to={`/${user.username}`} size="sm">
                Public profile
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        <CommissionEditor
          performerId={user._id}
          name={user.name}
          commissionPercentage={performer.commissionPercentage}
          defaultCommission={performer.defaultCommission}
          onSaved={() => void refresh()}
        />
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        The platform's share of this creator's sales, in percent. Empty uses the site's commission (
        {formatCommission(performer.defaultCommission)}).
      </Text>
    </Card>
  );
}

function EditCard({ user }: { user: TAdminUser }) {
  const form = useForm({ resolver: zodResolver(ZForm), defaultValues: formValuesOf(user) });
  const errors = form.formState.errors;
  const save = useUpdateUser(user._id);

  const submit = form.handleSubmit((values) => {
    // Only what the admin changed is sent (an untouched empty username stays unset).
    const dirty = form.formState.dirtyFields;
    const changes = Object.fromEntries(
      fields.filter((f) => dirty[f]).map((f) => [f, values[f as keyof typeof values]]),
    ) as TAdminUpdateUser;
    save.mutate(changes, {
      onSuccess: () => notifySuccess(),
      onError: (err) => {
        applyFieldErrors(err, form.setError, fields);
        notifyError(err);
      },
    });
  });

  return (
    <Card>
      <Title order={2} fz="lg">
        Account details
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Corrections are logged. A new email counts as unverified until its owner confirms it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" maxLength={100} error={errors.name?.message} {...form.register('name')} />
            <TextInput
              label="Username"
              leftSection={<IconAt size={16} />}
              maxLength={30}
              error={errors.username?.message}
              {...form.register('username')}
            />
            <TextInput
              label="Email"
              type="email"
              maxLength={254}
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
