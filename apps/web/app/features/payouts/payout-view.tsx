import type { TPayoutMethod, TPayoutRequest } from '@fanstage/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconCash, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useState } from 'react';
import { AmountInput, type AmountValue, amountProblem } from '../../components/amount-input';
import { api } from '../../lib/api';
import { errorDetails } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { moneyRequest, newIdempotencyKey } from '../orders/orders-api';
import {
  payoutKeys,
  payoutStatusColors,
  usePayoutCalculation,
  usePayoutHistory,
  usePayoutSettings,
  usePendingReview,
} from './payouts-api';
import { StripeConnectSection } from './stripe-connect';

const money = formatPrice;

/** Earned, paid, pending and available, from `POST /payout-requests/calculate`. */
export function PayoutSummary() {
  const calc = usePayoutCalculation();
  useEffect(() => {
    if (calc.error) notifyError(calc.error);
  }, [calc.error]);
  const cells = [
    { label: 'Total earned', value: calc.data?.totalEarned },
    { label: 'Paid out', value: calc.data?.paidOut },
    { label: 'Pending', value: calc.data?.pending },
    { label: 'Available', value: calc.data?.available, isMain: true },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cells.map((c) => (
        <Card key={c.label} withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {c.label}
          </Text>
          {calc.isLoading ? (
            <Skeleton h={28} mt={6} />
          ) : (
            <Text
              fz={c.isMain ? 26 : 22}
              fw={800}
              data-testid={`payout-${c.label.toLowerCase().replace(' ', '-')}`}
            >
              {money(c.value ?? 0)}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

const methodLabels: Record<TPayoutMethod, string> = {
  bank: 'Bank transfer',
  paypal: 'PayPal',
  stripe: 'Stripe',
};

/** The request form, with the rules shown; one pending request at a time. */
export function PayoutRequestForm() {
  const calc = usePayoutCalculation();
  const settings = usePayoutSettings();
  const pending = usePendingReview();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<AmountValue>('');
  const [method, setMethod] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const methods = settings.data?.methods ?? [];
  const minimum = calc.data?.minimumPayoutAmount ?? 0;
  const available = calc.data?.available ?? 0;
  const amountLimits = { mode: 'money', noun: 'payout', min: minimum, max: available } as const;
  const send = useWriteMutation({
    mutationFn: () =>
      moneyRequest<{ data: TPayoutRequest }>(
        'POST',
        '/payout-requests',
        {
          amount: Number(amount),
          method: method ?? methods[0],
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        key,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      notifySuccess('Payout requested: an admin reviews it soon.');
      setAmount('');
      setNote('');
      setKey(newIdempotencyKey());
    },
    onError: (err) => {
      setKey(newIdempotencyKey());
      setError(errorDetails(err).find((d) => d.path === 'amount')?.message ?? null);
      notifyError(err);
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountProblem(amount, amountLimits);
    setError(problem);
    if (problem === null) send.mutate();
  };
  if (calc.isLoading || settings.isLoading || pending.isLoading) return <Skeleton h={220} radius="md" />;
  const isPending = pending.data?.pending ?? false;
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2} fz="lg">
            Request a payout
          </Title>
          <Text size="sm" c="dimmed">
            At least {money(minimum)}, at most your available {money(available)}. The amount is set aside when
            you ask and comes back if the request is rejected. One request can be pending at a time.
          </Text>
          {methods.length === 0 ? (
            <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
              Add your bank details (or a PayPal email) below before requesting a payout.
            </Alert>
          ) : null}
          {isPending ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              Your request of {money(pending.data?.request?.amount ?? 0)} is pending review.
            </Alert>
          ) : null}
          <Group grow align="flex-start" wrap="wrap">
            <AmountInput
              {...amountLimits}
              label="Amount"
              value={amount}
              onChange={(v) => {
                setAmount(v);
                setError(null);
              }}
              error={error}
              miw={160}
            />
            <Select
              label="Method"
              data={methods.map((m) => ({ value: m, label: methodLabels[m] }))}
              value={method ?? methods[0] ?? null}
              onChange={setMethod}
              allowDeselect={false}
              disabled={methods.length === 0}
              miw={160}
            />
          </Group>
          <Textarea
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
          />
          <Button
            type="submit"
            leftSection={<IconCash size={18} />}
            loading={send.isPending}
            disabled={methods.length === 0 || isPending || amountProblem(amount, amountLimits) !== null}
            w="fit-content"
          >
            Request payout
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Every request with its status. */
export function PayoutHistory() {
  const history = usePayoutHistory();
  useEffect(() => {
    if (history.error) notifyError(history.error);
  }, [history.error]);
  const rows = history.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Title order={2} fz="lg">
          History
        </Title>
        {history.isLoading ? (
          <Skeleton h={120} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconCash size={28} />}
            variant="light"
            title="No payout requests yet"
            description="Your requests and their status appear here."
          />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r._id} data-testid="payout-row">
                    <Table.Td>{dayjs(r.createdAt).format('MMM D, YYYY')}</Table.Td>
                    <Table.Td>{money(r.amount)}</Table.Td>
                    <Table.Td>{methodLabels[r.method]}</Table.Td>
                    <Table.Td>
                      <Badge color={payoutStatusColors[r.status]} variant="light">
                        {r.status}
                      </Badge>
                      {r.adminNote ? (
                        <Text size="xs" c="dimmed">
                          {r.adminNote}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

const emptyBank = { holderName: '', bankName: '', accountNumber: '', swiftCode: '', country: '' };

/** Bank details (the account number is shown masked once saved) and a PayPal email. */
export function BankingSettingsForm() {
  const settings = usePayoutSettings();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(emptyBank);
  const [paypal, setPaypal] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = settings.data?.banking;
  const saveBank = useWriteMutation({
    mutationFn: () => api.put('/performers/banking-settings', values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      setValues(emptyBank);
      notifySuccess('Bank details saved');
    },
    onError: (err) => {
      setErrors(Object.fromEntries(errorDetails(err).map((d) => [d.path, d.message])));
      notifyError(err);
    },
  });
  const savePaypal = useWriteMutation({
    mutationFn: () =>
      api.put('/performers/payment-gateway-settings', { paypalEmail: (paypal ?? '').trim() || null }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      notifySuccess();
    },
    onError: (err) => notifyError(err),
  });
  const field = (name: keyof typeof emptyBank, label: string, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      required
      value={values[name]}
      error={errors[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group gap="xs">
          <IconBuildingBank size={20} aria-hidden />
          <Title order={2} fz="lg">
            Payout method
          </Title>
        </Group>
        {settings.isLoading ? (
          <Skeleton h={40} />
        ) : saved ? (
          <Text size="sm">
            Bank: {saved.holderName}, {saved.bankName} {saved.accountNumberMasked} ({saved.swiftCode},{' '}
            {saved.country}). Save new details below to replace them.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No bank details yet.
          </Text>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            saveBank.mutate();
          }}
          noValidate
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('holderName', 'Account holder')}
              {field('bankName', 'Bank name')}
              {field('accountNumber', 'IBAN or account number', 'DE89 3704 0044 0532 0130 00')}
              {field('swiftCode', 'SWIFT / BIC', 'DEUTDEFF')}
              {field('country', 'Bank country (2 letters)', 'US')}
            </SimpleGrid>
            <Button type="submit" loading={saveBank.isPending} w="fit-content">
              Save bank details
            </Button>
          </Stack>
        </form>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="PayPal email"
            type="email"
            value={paypal ?? settings.data?.paypalEmail ?? ''}
            onChange={(e) => setPaypal(e.currentTarget.value)}
            miw={240}
          />
          <Button variant="default" loading={savePaypal.isPending} onClick={() => savePaypal.mutate()}>
            Save PayPal
          </Button>
        </Group>
        <StripeConnectSection settings={settings.data} />
      </Stack>
    </Card>
  );
}
