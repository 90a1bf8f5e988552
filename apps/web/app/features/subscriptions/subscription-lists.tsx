import type {
  TSubscription,
  TSubscriptionParty,
  TSubscriptionStatus,
  TSubscriptionType,
  TUserSubscriptionItem,
} from '@fanstage/contract';
import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCrown, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import {
  cancelSubscription,
  subscriptionKeys,
  usePerformerSubscribers,
  useUserSubscriptions,
} from './subscriptions-api';

const pageSize = 10;

const statusColors: Record<TSubscriptionStatus, string> = {
  active: 'teal',
  cancelled: 'yellow',
  lapsed: 'red',
  expired: 'gray',
};

const statusLabels: Record<TSubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  lapsed: 'Renewal failed',
  expired: 'Expired',
};

const typeLabels: Record<TSubscriptionType, string> = { monthly: 'Monthly', yearly: 'Yearly', free: 'Free' };

const day = (iso: string) => dayjs(iso).format('MMM D, YYYY');

/** One line about the period: when it renews, ends or ended. */
export function periodText(s: TSubscription): string {
  switch (s.status) {
    case 'active':
      return s.autoRenew ? `Renews on ${day(s.expiredAt)}` : `Ends on ${day(s.expiredAt)}`;
    case 'cancelled':
      return `Cancelled · access until ${day(s.expiredAt)}`;
    case 'lapsed':
      return `Ended ${day(s.expiredAt)}: the wallet could not pay the renewal`;
    case 'expired':
      return `Ended ${day(s.expiredAt)}`;
  }
}

const StatusBadge = ({ status }: { status: TSubscriptionStatus }) => (
  <Badge color={statusColors[status]} variant="light">
    {statusLabels[status]}
  </Badge>
);

const statusOptions = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];

/** The fan's subscriptions (GET /subscriptions/user/search), with cancel after a confirmation. */
export function UserSubscriptionsList() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<TUserSubscriptionItem | null>(null);
  const list = useUserSubscriptions({
    status: (status || undefined) as TSubscriptionStatus | undefined,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  useErrorToast(list.error);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        data={statusOptions}
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListBody
        isPending={list.isPending}
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<IconCrown size={28} />}
            variant="light"
            title={status ? 'Nothing here' : 'No subscriptions yet'}
            description={
              status
                ? 'No subscription has this status.'
                : 'Subscribe to a creator to see their subscriber-only posts, photos and videos.'
            }
          >
            <EmptyState.Actions>
              <Button component={Link} to="/explore" variant="gradient">
                Explore creators
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      >
        {list.data?.data.map((s) => (
          <PartyRow
            key={s._id}
            party={s.performer}
            to={s.performer.username ? `/${encodeURIComponent(s.performer.username)}` : null}
            subscription={s}
            action={
              s.status === 'active' && s.autoRenew ? (
                <Button size="xs" variant="default" color="red" onClick={() => setCancelling(s)}>
                  Cancel
                </Button>
              ) : null
            }
          />
        ))}
      </ListBody>
      <CancelConfirm subscription={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}

function CancelConfirm({
  subscription,
  onClose,
}: {
  subscription: TUserSubscriptionItem | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  // Keeps the text while the modal fades out after `subscription` went back to null.
  const last = useRef(subscription);
  if (subscription) last.current = subscription;
  const shown = subscription ?? last.current;
  const handleConfirm = async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      await cancelSubscription(subscription._id);
      notifySuccess(`Cancelled. You keep access until ${day(subscription.expiredAt)}.`);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!subscription} onClose={onClose} title="Cancel this subscription?" centered>
      {shown ? (
        <Stack gap="md">
          <Text>
            It will not renew. You keep access to {shown.performer.name}’s subscriber content until{' '}
            <b>{day(shown.expiredAt)}</b>.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button color="red" loading={isBusy} onClick={handleConfirm}>
              Cancel subscription
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** A creator's subscribers (GET /subscriptions/performer/search) with filters by type, status and name. */
export function SubscribersList() {
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts from the first page.
  useEffect(() => setPage(1), [status, type, debouncedQ]);
  const list = usePerformerSubscribers({
    status: (status || undefined) as TSubscriptionStatus | undefined,
    type: (type || undefined) as TSubscriptionType | undefined,
    q: debouncedQ || undefined,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  useErrorToast(list.error);
  const isFiltered = !!(status || type || debouncedQ);

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or username"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Plan"
          data={[
            { value: '', label: 'All plans' },
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: 'Yearly' },
            { value: 'free', label: 'Free' },
          ]}
          value={type}
          onChange={(v) => setType(v ?? '')}
          allowDeselect={false}
          w={{ base: '47%', sm: 160 }}
        />
        <Select
          label="Status"
          data={[
            { value: '', label: 'All statuses' },
            { value: 'active', label: 'Active' },
            { value: 'cancelled', label: 'Cancelled' },
            { value: 'lapsed', label: 'Renewal failed' },
            { value: 'expired', label: 'Expired' },
          ]}
          value={status}
          onChange={(v) => setStatus(v ?? '')}
          allowDeselect={false}
          w={{ base: '47%', sm: 180 }}
        />
      </Group>
      <ListBody
        isPending={list.isPending}
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<IconUsers size={28} />}
            variant="light"
            title={isFiltered ? 'No subscriber matches' : 'No subscribers yet'}
            description={
              isFiltered
                ? 'Try another name, plan or status.'
                : 'Set your prices and share your page: subscribers show up here.'
            }
          >
            {isFiltered ? null : (
              <EmptyState.Actions>
                <Button component={Link} to="/creator/account" variant="default">
                  Set your prices
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        }
      >
        {list.data?.data.map((s) => (
          <PartyRow key={s._id} party={s.fan} to={null} subscription={s} />
        ))}
      </ListBody>
    </Stack>
  );
}

function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

function ListBody(props: {
  isPending: boolean;
  total: number;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (props.isPending) {
    return (
      <Card p={0} aria-busy aria-label="Loading">
        {placeholderKeys(4).map((key) => (
          <Group key={key} p="md" gap="sm" wrap="nowrap">
            <Skeleton h={44} w={44} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="40%" />
              <Skeleton h={10} w="55%" />
            </Stack>
          </Group>
        ))}
      </Card>
    );
  }
  if (props.total === 0) return <Card p={{ base: 'lg', sm: 48 }}>{props.empty}</Card>;
  const pages = Math.ceil(props.total / pageSize);
  return (
    <>
      <Text size="sm" c="dimmed">
        {props.total === 1 ? '1 subscription' : `${props.total.toLocaleString('en-US')} subscriptions`}
      </Text>
      <Card p={0}>{props.children}</Card>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={props.page} onChange={props.onPage} />
        </Group>
      ) : null}
    </>
  );
}

function PartyRow(props: {
  party: TSubscriptionParty;
  to: string | null;
  subscription: TSubscription;
  action?: ReactNode;
}) {
  const { party, subscription: s } = props;
  const name = (
    <Text fw={600} truncate>
      {party.name}
    </Text>
  );
  return (
    <Group
      p="md"
      gap="sm"
      wrap="nowrap"
      justify="space-between"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="subscription-row"
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Avatar src={party.avatar} alt="" radius="xl" size={44} />
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {props.to ? (
              <Link to={props.to} style={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
                {name}
              </Link>
            ) : (
              name
            )}
            <Badge size="xs" variant="outline" color="gray">
              {typeLabels[s.type]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {party.username ? `@${party.username} · ` : ''}
            {periodText(s)}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <StatusBadge status={s.status} />
        {props.action}
      </Group>
    </Group>
  );
}
