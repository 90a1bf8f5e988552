import type { TPaymentOrder } from '@fanstage/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../lib/format';
import { fetchCharges, fetchOrders, fetchStatement, pageSize, walletKeys } from './wallet-api';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const statusColors: Record<TPaymentOrder['status'], string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  cancelled: 'gray',
  expired: 'gray',
};

const kindLabels: Record<string, string> = {
  top_up: 'Top-up',
  charge: 'Payment',
  admin_credit: 'Credit',
  subscription: 'Subscription',
  refund: 'Refund',
  payout: 'Payout',
  adjustment: 'Adjustment',
};

function Paged<T>({
  query,
  empty,
  head,
  row,
  offset,
  onOffset,
}: {
  query: { isLoading: boolean; data?: { data: T[]; total: number } };
  empty: string;
  head: ReactNode;
  row: (item: T) => ReactNode;
  offset: number;
  onOffset: (offset: number) => void;
}) {
  if (query.isLoading) {
    return (
      <Stack gap="xs" mt="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  const items = query.data?.data ?? [];
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  const pages = Math.ceil((query.data?.total ?? 0) / pageSize);
  return (
    <Stack gap="sm" mt="sm">
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>{head}</Table.Thead>
          <Table.Tbody>{items.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Pagination
          size="sm"
          total={pages}
          value={Math.floor(offset / pageSize) + 1}
          onChange={(page) => onOffset((page - 1) * pageSize)}
        />
      ) : null}
    </Stack>
  );
}

/** The fan's top-ups, charges and whole wallet statement (with a CSV export). */
export function WalletHistory({ pollMs }: { pollMs: number | false }) {
  const [ordersOffset, setOrdersOffset] = useState(0);
  const [chargesOffset, setChargesOffset] = useState(0);
  const [statementOffset, setStatementOffset] = useState(0);
  const orders = useQuery({
    queryKey: walletKeys.orders(ordersOffset),
    queryFn: () => fetchOrders(ordersOffset),
    refetchInterval: pollMs,
  });
  const charges = useQuery({
    queryKey: walletKeys.charges(chargesOffset),
    queryFn: () => fetchCharges(chargesOffset),
  });
  const statement = useQuery({
    queryKey: walletKeys.statement(statementOffset),
    queryFn: () => fetchStatement(statementOffset),
  });

  return (
    <Card>
      <Tabs defaultValue="top-ups">
        <Tabs.List>
          <Tabs.Tab value="top-ups">Top-ups</Tabs.Tab>
          <Tabs.Tab value="charges">Payments</Tabs.Tab>
          <Tabs.Tab value="statement">Statement</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="top-ups">
          <Paged
            query={orders}
            empty="No top-ups yet."
            offset={ordersOffset}
            onOffset={setOrdersOffset}
            head={
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Tokens</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            }
            row={(o) => (
              <Table.Tr key={o._id} data-testid="top-up-row">
                <Table.Td>{dateTime(o.createdAt)}</Table.Td>
                <Table.Td>{formatPrice(o.amount)}</Table.Td>
                <Table.Td>
                  {formatPrice(o.price)}
                  {o.couponCode ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({o.couponCode} −{o.discountPercentage}%)
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={statusColors[o.status]} variant="light">
                      {o.status}
                    </Badge>
                    {o.status === 'expired' ? (
                      <Text span size="xs" c="dimmed">
                        Not completed; nothing was charged.
                      </Text>
                    ) : null}
                    {o.status === 'pending' && o.gateway === 'sandbox' ? (
                      <Anchor component={Link} to={`/payment/sandbox/checkout/${o._id}`} size="sm">
                        Pay
                      </Anchor>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="charges">
          <Paged
            query={charges}
            empty="You have not paid for anything yet."
            offset={chargesOffset}
            onOffset={setChargesOffset}
            head={
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Creator</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            }
            row={(c) => (
              <Table.Tr key={c._id}>
                <Table.Td>{dateTime(c.createdAt)}</Table.Td>
                <Table.Td tt="capitalize">{c.type === 'feed' ? 'post' : c.type.replace('_', ' ')}</Table.Td>
                <Table.Td>
                  {c.performer.username ? (
                    <Anchor component={Link} to={`/${c.performer.username}`} size="sm">
                      {c.performer.name}
                    </Anchor>
                  ) : (
                    c.performer.name
                  )}
                </Table.Td>
                <Table.Td>{formatPrice(c.amount)}</Table.Td>
              </Table.Tr>
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="statement">
          <Group justify="flex-end" mt="sm">
            <Button
              component="a"
              href="/api/wallet/transactions/export.csv?account=wallet"
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
            >
              Export CSV
            </Button>
          </Group>
          <Paged
            query={statement}
            empty="No money has moved in your wallet yet."
            offset={statementOffset}
            onOffset={setStatementOffset}
            head={
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            }
            row={(l) => (
              <Table.Tr key={l._id}>
                <Table.Td>{dateTime(l.createdAt)}</Table.Td>
                <Table.Td>{kindLabels[l.kind] ?? l.kind}</Table.Td>
                <Table.Td c={l.amount < 0 ? 'red' : 'teal'} fw={600}>
                  {l.amount < 0 ? '−' : '+'}
                  {formatPrice(Math.abs(l.amount))}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
