import {
  chargeTypes,
  ledgerTransactionKindValues,
  maxRefundReason,
  type TAdminEarning,
  type TAdminTransaction,
  type TLedgerReconciliation,
} from '@fanstage/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  List,
  Modal,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCoins,
  IconDownload,
  IconReceipt2,
  IconReceiptRefund,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { newIdempotencyKey } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatCommission } from '../admin/creator-review';
import { ListPager, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import classes from './admin-dashboard.module.css';
import { useAdminEarnings, useAdminTransactions, useReconciliation, useRefundCharge } from './dashboard-api';
import {
  accountLabel,
  csvHrefOf,
  emptyFilters,
  filterQueryOf,
  formatCents,
  type LedgerFilters,
  personLabel,
  rangeProblemOf,
  refundPlanOf,
  refundReasonProblemOf,
} from './dashboard-values';

/** The ledger for admins: whether it reconciles, and every transaction and earning of the site. */
export function LedgerAdmin() {
  const [tab, setTab] = useState<string | null>('transactions');
  return (
    <>
      <PageHeader
        title="Ledger"
        description="Every movement of money on the site, and the check that it adds up."
      />
      <Stack gap="lg">
        <Reconciliation />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="transactions" leftSection={<IconReceipt2 size={16} />}>
              Transactions
            </Tabs.Tab>
            <Tabs.Tab value="earnings" leftSection={<IconCoins size={16} />}>
              Earnings
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="transactions">
            <TransactionList />
          </Tabs.Panel>
          <Tabs.Panel value="earnings">
            <EarningList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}

function Reconciliation() {
  const check = useReconciliation();
  const r = check.data;
  return (
    <Card aria-label="Reconciliation" role="region">
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Reconciliation
          </Title>
          {r ? <StatusBadge report={r} /> : null}
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={check.isFetching}
          onClick={() => void check.refetch()}
        >
          Check again
        </Button>
      </Group>
      {check.isPending ? (
        <Stack gap="xs" aria-busy aria-label="Checking the ledger">
          <Skeleton h={14} w="50%" />
          <Skeleton h={48} />
        </Stack>
      ) : !r ? (
        <Text size="sm" c="dimmed">
          The ledger could not be checked. Please try again.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {r.transactions} transactions, {r.entries} entries, {r.accounts} accounts · checked{' '}
            {dayjs(r.checkedAt).format('MMM D, HH:mm:ss')}. The same check as{' '}
            <Text span ff="monospace" size="sm">
              npm run reconcile
            </Text>
            .
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {Object.entries(r.totalsByKind).map(([kind, cents]) => (
              <div key={kind}>
                <Text size="xs" c="dimmed">
                  {accountLabel(kind)}
                </Text>
                <Text fw={700} className={classes.money}>
                  {formatCents(cents)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {r.problems.length > 0 ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="What does not add up">
              <List size="sm" spacing={4}>
                {r.problems.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

function StatusBadge({ report }: { report: TLedgerReconciliation }) {
  return report.ok ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />}>
      Balanced
    </Badge>
  ) : (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
      {report.problems.length === 1 ? '1 problem' : `${report.problems.length} problems`}
    </Badge>
  );
}

/** The search fields of a list; typing is debounced, and a new search starts at page 1. */
function useLedgerSearch() {
  const [filters, setFilters] = useState<LedgerFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filters, 300);
  return {
    filters,
    page,
    setPage,
    change: (patch: Partial<LedgerFilters>) => {
      setFilters((f) => ({ ...f, ...patch }));
      setPage(1);
    },
    debounced,
    problem: rangeProblemOf(debounced),
  };
}

function Filters(props: {
  search: ReturnType<typeof useLedgerSearch>;
  kindLabel: string;
  kinds: readonly string[];
  placeholder: string;
  csvHref: string;
}) {
  const { filters, change, problem } = props.search;
  return (
    <Stack gap="xs" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Person"
          placeholder={props.placeholder}
          leftSection={<IconSearch size={16} />}
          value={filters.q}
          onChange={(e) => change({ q: e.currentTarget.value })}
          maxLength={200}
          style={{ flex: '1 1 220px' }}
        />
        <NativeSelect
          label={props.kindLabel}
          value={filters.kind}
          onChange={(e) => change({ kind: e.currentTarget.value })}
          data={[
            { value: '', label: 'All' },
            ...props.kinds.map((k) => ({ value: k, label: k.replace('_', ' ') })),
          ]}
          style={{ flex: '0 1 160px' }}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.fromDate}
          onChange={(e) => change({ fromDate: e.currentTarget.value })}
          error={problem ? true : undefined}
          style={{ flex: '1 1 140px' }}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.toDate}
          onChange={(e) => change({ toDate: e.currentTarget.value })}
          error={problem ? true : undefined}
          style={{ flex: '1 1 140px' }}
        />
        <Button
          component="a"
          href={props.csvHref}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
          aria-disabled={problem ? true : undefined}
          style={problem ? { pointerEvents: 'none', opacity: 0.5 } : undefined}
        >
          Download CSV
        </Button>
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

function NoRows(props: { isError: boolean; isFiltered: boolean; noun: string; text: string }) {
  return (
    <Card p={{ base: 'lg', sm: 48 }}>
      <EmptyState
        icon={<IconReceipt2 size={28} />}
        variant="light"
        title={props.isError ? `The ${props.noun}s could not be loaded` : `No ${props.noun}s`}
        description={
          props.isError
            ? 'Please try again.'
            : props.isFiltered
              ? `No ${props.noun} matches these filters. Clear a field to see more.`
              : props.text
        }
      />
    </Card>
  );
}

const when = (iso: string) => dayjs(iso).format('MMM D, YYYY HH:mm');
const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

function TransactionList() {
  const search = useLedgerSearch();
  const query = filterQueryOf(search.debounced, 'kind');
  const list = useAdminTransactions(query, search.page, !search.problem);
  const rows = list.data?.data ?? [];
  const [refunding, setRefunding] = useState<{ transaction: TAdminTransaction; key: string } | null>(null);
  return (
    <>
      <Filters
        search={search}
        kindLabel="Kind"
        kinds={ledgerTransactionKindValues}
        placeholder="Name, username or email"
        csvHref={csvHrefOf('/admin/transactions.csv', query)}
      />
      {list.isPending && !search.problem ? (
        <ListSkeleton label="Loading transactions" />
      ) : rows.length === 0 || search.problem ? (
        <NoRows
          isError={list.isError}
          isFiltered={Object.keys(query).length > 0}
          noun="transaction"
          text="Top-ups, charges, subscriptions, refunds and payouts appear here as they happen."
        />
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((t) => (
            <TransactionRow
              key={t._id}
              transaction={t}
              onRefund={() => setRefunding({ transaction: t, key: newIdempotencyKey() })}
            />
          ))}
        </Card>
      )}
      <ListPager
        total={list.data?.total ?? 0}
        page={search.page}
        onChange={search.setPage}
        noun="transaction"
      />
      {refunding ? (
        <RefundDialog
          transaction={refunding.transaction}
          idempotencyKey={refunding.key}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </>
  );
}

const typeWords: Record<string, string> = {
  tip: 'tip',
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  message: 'paid message',
  stream: 'live show entry',
  private_show: 'private show minute',
  call: 'call minute',
  subscription: 'subscription payment',
  order: 'order',
};

/** "tip", "post", "call minute": what a charge paid for, from its reference (`feed:…`, `call:…`). */
const chargeWordOf = (t: TAdminTransaction) =>
  typeWords[t.reference?.split(':')[0] ?? ''] ??
  (t.kind === 'subscription' ? 'subscription payment' : 'charge');

/**
 * Confirms a refund: the amount, who gets and who gives what (the charge's lines reversed), and
 * the reason the creator is told and the audit log keeps.
 */
function RefundDialog(props: {
  transaction: TAdminTransaction;
  idempotencyKey: string;
  onClose: () => void;
}) {
  const { transaction: t } = props;
  const plan = refundPlanOf(t);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const refund = useRefundCharge();
  const problem = refundReasonProblemOf(reason);
  const what = chargeWordOf(t);
  const submit = () => {
    setTouched(true);
    if (problem) return;
    refund.mutate(
      { id: t._id, reason: reason.trim(), idempotencyKey: props.idempotencyKey },
      {
        onSuccess: (done) => {
          notifySuccess(
            `Refunded ${formatCents(done.grossCents)} to ${done.fan.name}’s ${done.refundedTo === 'card' ? 'card' : 'wallet'}. The fan and the creator are told.`,
          );
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <Modal opened onClose={props.onClose} title={`Refund this ${what}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The whole {formatCents(plan.grossCents)} is given back. The charge’s ledger lines are reversed; this
          cannot be undone.
        </Text>
        <Stack gap={6} aria-label="Who gets what" role="list">
          <RefundLine
            label={`${personLabel(plan.fan)} gets back, ${plan.refundedTo === 'card' ? 'to the card that paid' : 'to the wallet'}`}
            cents={plan.grossCents}
          />
          {plan.creator ? (
            <RefundLine label={`Taken from ${personLabel(plan.creator)}’s earnings`} cents={-plan.netCents} />
          ) : null}
          <RefundLine label="Taken from platform revenue" cents={-plan.commissionCents} />
        </Stack>
        {plan.refundedTo === 'card' ? (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={16} />}>
            A card payment: the payment gateway refunds the card (it can take a few days to show), and the
            subscription ends now and stops renewing.
          </Alert>
        ) : null}
        <Textarea
          label="Reason"
          description={`Required, up to ${maxRefundReason} characters. The creator is told; the audit log keeps it.`}
          autosize
          minRows={2}
          maxLength={maxRefundReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched ? problem : undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" onClick={props.onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={refund.isPending}>
            Refund {formatCents(plan.grossCents)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RefundLine(props: { label: string; cents: number }) {
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap" role="listitem">
      <Text size="sm" style={{ minWidth: 0 }}>
        {props.label}
      </Text>
      <Text size="sm" fw={600} className={classes.money} c={props.cents < 0 ? 'red' : 'teal'}>
        {signed(props.cents)}
      </Text>
    </Group>
  );
}

function TransactionRow({
  transaction: t,
  onRefund,
}: {
  transaction: TAdminTransaction;
  onRefund: () => void;
}) {
  return (
    <Group
      px="md"
      py="sm"
      gap="md"
      justify="space-between"
      align="flex-start"
      style={rowBorder}
      data-testid="ledger-transaction-row"
    >
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
            {t.kind.replace('_', ' ')}
          </Badge>
          {t.refundedAt ? (
            <Badge size="sm" variant="light" color="red" style={{ flexShrink: 0 }}>
              Refunded
            </Badge>
          ) : null}
          <Text size="sm" ff="monospace" truncate c="dimmed">
            {t.reference ?? t._id}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {when(t.createdAt)}
          {t.initiator ? ` · by ${personLabel(t.initiator)}` : ''}
          {t.refundedAt ? ` · refunded ${when(t.refundedAt)}` : ''}
        </Text>
        <Stack gap={0} mt={6}>
          {t.entries.map((e) => (
            <Group key={`${e.account}-${e.user?._id ?? ''}`} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="xs" truncate>
                {accountLabel(e.account)}
                {e.user ? ` · ${personLabel(e.user)}` : ''}
              </Text>
              <Text size="xs" className={classes.money} c={e.amountCents < 0 ? 'red' : 'teal'}>
                {signed(e.amountCents)}
              </Text>
            </Group>
          ))}
        </Stack>
      </div>
      <Stack gap={6} align="flex-end">
        <Text fw={700} className={classes.money}>
          {formatCents(t.amountCents)}
        </Text>
        {t.isRefundable ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconReceiptRefund size={14} />}
            onClick={onRefund}
          >
            Refund…
          </Button>
        ) : null}
      </Stack>
    </Group>
  );
}

function EarningList() {
  const search = useLedgerSearch();
  const query = filterQueryOf(search.debounced, 'type');
  const list = useAdminEarnings(query, search.page, !search.problem);
  const rows = list.data?.data ?? [];
  return (
    <>
      <Filters
        search={search}
        kindLabel="Type"
        kinds={chargeTypes}
        placeholder="Creator or fan"
        csvHref={csvHrefOf('/admin/earnings.csv', query)}
      />
      {list.isPending && !search.problem ? (
        <ListSkeleton label="Loading earnings" />
      ) : rows.length === 0 || search.problem ? (
        <NoRows
          isError={list.isError}
          isFiltered={Object.keys(query).length > 0}
          noun="earning"
          text="Each tip, sale and subscription payment a creator earns appears here."
        />
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((e) => (
            <EarningRow key={e._id} earning={e} />
          ))}
        </Card>
      )}
      <ListPager total={list.data?.total ?? 0} page={search.page} onChange={search.setPage} noun="earning" />
    </>
  );
}

function EarningRow({ earning: e }: { earning: TAdminEarning }) {
  return (
    <Group
      px="md"
      py="sm"
      gap="md"
      justify="space-between"
      style={rowBorder}
      data-testid="ledger-earning-row"
    >
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
            {e.type.replace('_', ' ')}
          </Badge>
          {e.refundedAt ? (
            <Badge size="sm" variant="light" color="red" style={{ flexShrink: 0 }}>
              refunded {dayjs(e.refundedAt).format('MMM D')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" mt={4} truncate>
          {personLabel(e.fan)} → {personLabel(e.creator)}
        </Text>
        <Text size="xs" c="dimmed">
          {when(e.createdAt)} · commission {formatCommission(e.commissionRate)}
        </Text>
      </div>
      <Stack gap={0} align="flex-end">
        <Text fw={700} className={classes.money}>
          {formatCents(e.grossCents)}
        </Text>
        <Text size="xs" c="dimmed" className={classes.money}>
          {formatCents(e.commissionCents)} platform · {formatCents(e.netCents)} creator
        </Text>
      </Stack>
    </Group>
  );
}
