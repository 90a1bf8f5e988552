import {
  adminSubscriptionDays,
  adminSubscriptionReason,
  type TAdminSubscriptionItem,
  type TSubscriptionStatus,
} from '@fanstage/contract';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconUserStar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useListParams } from '../admin-money/money-api';
import { ListPager, ListSearch, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import { adminPageSize } from '../admin-money/money-values';
import {
  useAdminSubscriptions,
  useCancelSubscription,
  useExtendSubscription,
  useGrantSubscription,
  usePeopleSearch,
} from './subscriptions-api';

export const statusLabels: Record<TSubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
  expired: 'Expired',
};
const statusColors: Record<TSubscriptionStatus, string> = {
  active: 'teal',
  cancelled: 'yellow',
  lapsed: 'red',
  expired: 'gray',
};
const paidBy: Record<TAdminSubscriptionItem['paymentMethod'], string> = {
  wallet: 'Wallet',
  card: 'Card',
  free: 'Free',
};
const statusFilters = [
  { value: 'all', label: 'Any status' },
  ...(Object.keys(statusLabels) as TSubscriptionStatus[]).map((s) => ({ value: s, label: statusLabels[s] })),
];

/** The form's checks, the same as the server's, so a refused value is explained before sending. */
export function daysProblem(days: number | string): string | null {
  if (typeof days !== 'number' || !Number.isInteger(days))
    return 'The number of days must be a whole number.';
  if (days < adminSubscriptionDays.min)
    return `The number of days must be at least ${adminSubscriptionDays.min}.`;
  if (days > adminSubscriptionDays.max)
    return `The number of days must be at most ${adminSubscriptionDays.max}.`;
  return null;
}
export function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < adminSubscriptionReason.min) {
    return `The reason must be at least ${adminSubscriptionReason.min} characters.`;
  }
  if (length > adminSubscriptionReason.max) {
    return `The reason must be at most ${adminSubscriptionReason.max} characters.`;
  }
  return null;
}

const who = (p: { name: string; username: string | null }) => (p.username ? `@${p.username}` : p.name);
const day = (iso: string) => dayjs(iso).format('MMM D, YYYY');

function StatusBadge({ status }: { status: TSubscriptionStatus }) {
  return (
    <Badge size="sm" variant="light" color={statusColors[status]} style={{ flexShrink: 0 }}>
      {statusLabels[status]}
    </Badge>
  );
}

type Dialog = { kind: 'extend' | 'cancel'; row: TAdminSubscriptionItem } | { kind: 'grant' } | null;

/** Every subscription on the site: search, filter by status; grant, extend or cancel one. */
export function SubscriptionsAdmin() {
  const params = useListParams();
  const [status, setStatus] = useState('all');
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useAdminSubscriptions({
    offset: (params.page - 1) * adminPageSize,
    limit: adminPageSize,
    ...(params.q ? { q: params.q } : {}),
    ...(status !== 'all' ? { status } : {}),
  });
  const rows = list.data?.data ?? [];
  const isFiltered = Boolean(params.q) || status !== 'all';
  const actions = (row: TAdminSubscriptionItem) => (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'extend', row })}>
        Extend
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setDialog({ kind: 'cancel', row })}
        disabled={!row.isActive}
      >
        Cancel
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Every fan's subscription to a creator. Grant a free one, extend one or cancel one; no money moves here."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'grant' })}>
            Grant
          </Button>
        }
      />
      <ScrollArea type="never" mb="md">
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(value) => {
            setStatus(value);
            params.setPage(1);
          }}
          data={statusFilters}
          aria-label="Status"
        />
      </ScrollArea>
      <ListSearch
        value={params.search}
        onChange={params.setSearch}
        placeholder="Search by fan or creator name, username or email"
      />

      {list.isPending ? (
        <ListSkeleton label="Loading subscriptions" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconUserStar size={28} />}
            variant="light"
            title={isFiltered ? 'No matching subscriptions' : 'No subscriptions yet'}
            description={
              list.isError
                ? 'The subscriptions could not be loaded. Please try again.'
                : isFiltered
                  ? 'Try another search, or set the status back to any.'
                  : 'Subscriptions appear here as fans subscribe to creators.'
            }
          />
        </Card>
      ) : (
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Card p={0} visibleFrom="sm">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fan</Table.Th>
                  <Table.Th>Creator</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Ends</Table.Th>
                  <Table.Th>Renews</Table.Th>
                  <Table.Th>Paid by</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s._id} data-testid="admin-subscription-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={s.fan.avatar} alt="" size={28} radius={999} />
                        <Text size="sm">{who(s.fan)}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={s.performer.avatar} alt="" size={28} radius={999} />
                        <Text size="sm">{who(s.performer)}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={s.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{day(s.expiredAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.autoRenew ? 'On' : 'Off'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{paidBy[s.paymentMethod]}</Text>
                    </Table.Td>
                    <Table.Td>{actions(s)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Card p={0} hiddenFrom="sm">
            {rows.map((s) => (
              <Stack
                key={s._id}
                gap={6}
                px="md"
                py="sm"
                style={rowBorder}
                data-testid="admin-subscription-card"
              >
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Text fw={600} truncate>
                    {who(s.fan)} → {who(s.performer)}
                  </Text>
                  <StatusBadge status={s.status} />
                </Group>
                <Text size="sm" c="dimmed">
                  Ends {day(s.expiredAt)} · renewal {s.autoRenew ? 'on' : 'off'} · {paidBy[s.paymentMethod]}
                </Text>
                {actions(s)}
              </Stack>
            ))}
          </Card>
        </div>
      )}
      <ListPager
        total={list.data?.total ?? 0}
        page={params.page}
        onChange={params.setPage}
        noun="subscription"
      />

      <GrantDialog opened={dialog?.kind === 'grant'} onClose={() => setDialog(null)} />
      {dialog?.kind === 'extend' && <ExtendDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}

function PersonPicker(props: {
  accountRole: 'user' | 'performer';
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const people = usePeopleSearch(props.accountRole, q);
  const data = (people.data?.data ?? []).map((p) => ({
    value: p._id,
    label: `${p.name}${p.username ? ` (@${p.username})` : ''}`,
  }));
  return (
    <Select
      label={props.label}
      placeholder="Type a name, username or email"
      searchable
      clearable
      data={data}
      value={props.value}
      onChange={props.onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={people.isFetching ? 'Searching…' : 'Nobody found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function DaysAndReason(props: {
  days: number | string;
  setDays: (d: number | string) => void;
  reason: string;
  setReason: (r: string) => void;
  touched: boolean;
  daysLabel: string;
}) {
  return (
    <>
      <NumberInput
        label={props.daysLabel}
        description={`${adminSubscriptionDays.min} to ${adminSubscriptionDays.max} days.`}
        value={props.days}
        onChange={props.setDays}
        allowDecimal={false}
        error={props.touched ? daysProblem(props.days) : undefined}
      />
      <Textarea
        label="Reason"
        description="Required. Kept in the audit log."
        autosize
        minRows={2}
        maxLength={adminSubscriptionReason.max}
        value={props.reason}
        onChange={(e) => props.setReason(e.currentTarget.value)}
        error={props.touched ? reasonProblem(props.reason) : undefined}
      />
    </>
  );
}

function GrantDialog(props: { opened: boolean; onClose: () => void }) {
  const [fanId, setFanId] = useState<string | null>(null);
  const [performerId, setPerformerId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const grant = useGrantSubscription();
  useEffect(() => {
    if (!props.opened) return;
    setFanId(null);
    setPerformerId(null);
    setDays(30);
    setReason('');
    setTouched(false);
  }, [props.opened]);
  const problem =
    (!fanId ? 'Choose a fan.' : null) ??
    (!performerId ? 'Choose a creator.' : null) ??
    daysProblem(days) ??
    reasonProblem(reason);
  const submit = () => {
    setTouched(true);
    if (problem || !fanId || !performerId) return;
    grant.mutate(
      { fanId, performerId, days: days as number, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess('Subscription granted. The fan and the creator are told.');
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Grant a free subscription" centered>
      <Stack>
        <Text size="sm">
          The fan sees the creator's subscriber content at once, for the days you choose. Nothing is charged
          and nothing renews.
        </Text>
        <PersonPicker accountRole="user" label="Fan" value={fanId} onChange={setFanId} />
        <PersonPicker accountRole="performer" label="Creator" value={performerId} onChange={setPerformerId} />
        <DaysAndReason
          days={days}
          setDays={setDays}
          reason={reason}
          setReason={setReason}
          touched={touched}
          daysLabel="Days"
        />
        {touched && problem && !problem.startsWith('The') && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={props.onClose} disabled={grant.isPending}>
            Close
          </Button>
          <Button onClick={submit} loading={grant.isPending}>
            Grant
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ExtendDialog(props: { row: TAdminSubscriptionItem; onClose: () => void }) {
  const { row } = props;
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const extend = useExtendSubscription(row._id);
  const problem = daysProblem(days) ?? reasonProblem(reason);
  const submit = () => {
    setTouched(true);
    if (problem) return;
    extend.mutate(
      { days: days as number, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess('Subscription extended. The fan and the creator are told.');
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <Modal opened onClose={props.onClose} title="Extend the subscription" centered>
      <Stack>
        <Text size="sm">
          {who(row.fan)} → {who(row.performer)}, now ending {day(row.expiredAt)}. The days are added to that
          end (or to today if it has ended). No money moves.
        </Text>
        <DaysAndReason
          days={days}
          setDays={setDays}
          reason={reason}
          setReason={setReason}
          touched={touched}
          daysLabel="Days to add"
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={props.onClose} disabled={extend.isPending}>
            Close
          </Button>
          <Button onClick={submit} loading={extend.isPending}>
            Extend
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CancelDialog(props: { row: TAdminSubscriptionItem; onClose: () => void }) {
  const { row } = props;
  const [immediately, setImmediately] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const cancel = useCancelSubscription(row._id);
  const problem = reasonProblem(reason);
  const submit = () => {
    setTouched(true);
    if (problem) return;
    cancel.mutate(
      { reason: reason.trim(), immediately },
      {
        onSuccess: () => {
          notifySuccess('Subscription cancelled. The fan and the creator are told.');
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <Modal opened onClose={props.onClose} title="Cancel the subscription" centered>
      <Stack>
        <Text size="sm">
          {who(row.fan)} → {who(row.performer)}. Renewal stops; the fan keeps access until{' '}
          {day(row.expiredAt)} unless you end it now.
        </Text>
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={16} />}>
          Nothing is refunded here. Refunds are a separate money action.
        </Alert>
        <Switch
          label="End access now"
          checked={immediately}
          onChange={(e) => setImmediately(e.currentTarget.checked)}
        />
        <Textarea
          label="Reason"
          description="Required. Kept in the audit log."
          autosize
          minRows={2}
          maxLength={adminSubscriptionReason.max}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched ? problem : undefined}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={props.onClose} disabled={cancel.isPending}>
            Close
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            {immediately ? 'End access now' : 'Stop renewal'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
