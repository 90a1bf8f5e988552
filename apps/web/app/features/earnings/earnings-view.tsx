import type { TEarning, TEarningStats } from '@fanstage/contract';
import {
  Badge,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import type { Page } from '../orders/orders-api';
import classes from './earnings.module.css';
import { money, refundNote } from './earnings-format';

const ranges = { '7': 7, '30': 30, '90': 90 } as const;

const typeLabels: Record<string, string> = {
  tip: 'Tips',
  feed: 'Posts',
  video: 'Videos',
  gallery: 'Galleries',
  product: 'Products',
  message: 'Messages',
  stream: 'Streams',
  private_call: 'Private calls',
  subscription: 'Subscriptions',
};

/** A creator's earnings for a range: totals, net by day and by type, and the latest rows. */
export function EarningsDashboard() {
  const [days, setDays] = useState<keyof typeof ranges>('30');
  // Whole days, so the query key stays the same for the whole day.
  const fromDate = useMemo(
    () =>
      dayjs()
        .startOf('day')
        .subtract(ranges[days] - 1, 'day')
        .toISOString(),
    [days],
  );
  const stats = useQuery({
    queryKey: ['earnings', 'stats', fromDate],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TEarningStats }>('/performer/earning/stats', { query: { fromDate }, signal })
        .then((r) => r.data),
  });
  const recent = useQuery({
    queryKey: ['earnings', 'search', fromDate],
    queryFn: ({ signal }) =>
      api.get<Page<TEarning>>('/performer/earning/search', { query: { fromDate, limit: 10 }, signal }),
  });
  useEffect(() => {
    if (stats.error) notifyError(stats.error);
  }, [stats.error]);
  const s = stats.data;
  return (
    <Stack>
      <SegmentedControl
        value={days}
        onChange={(v) => setDays(v as keyof typeof ranges)}
        data={[
          { value: '7', label: '7 days' },
          { value: '30', label: '30 days' },
          { value: '90', label: '90 days' },
        ]}
        w="fit-content"
        aria-label="Range"
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {[
          { label: 'Gross', value: s ? money(s.grossPrice) : '' },
          { label: 'Commission', value: s ? money(s.commission) : '' },
          {
            label: 'Net',
            value: s ? money(s.netPrice) : '',
            note: s && s.refundCount > 0 ? refundNote(s) : null,
          },
          { label: 'Available', value: s ? money(s.balance) : '' },
        ].map((c) => (
          <Card key={c.label} withBorder radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {c.label}
            </Text>
            {stats.isLoading ? (
              <Skeleton h={28} mt={6} />
            ) : (
              <Text fz={22} fw={800}>
                {c.value}
              </Text>
            )}
            {'note' in c && c.note ? (
              <Text size="xs" c="red" data-testid="earnings-refunds">
                {c.note}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
      {stats.isLoading ? (
        <Skeleton h={240} radius="md" />
      ) : !s || s.count + s.refundCount === 0 ? (
        <EmptyState
          icon={<IconChartBar size={28} />}
          variant="light"
          title="No earnings in this range"
          description="Tips, sales and subscriptions show up here as fans pay."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <DayChart stats={s} from={fromDate} days={ranges[days]} />
          <TypeBars stats={s} />
        </SimpleGrid>
      )}
      <Card withBorder radius="md">
        <Title order={2} fz="lg" mb="sm">
          Latest earnings
        </Title>
        {recent.isLoading ? (
          <Skeleton h={120} />
        ) : (recent.data?.data.length ?? 0) === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Fan</Table.Th>
                  <Table.Th>Gross</Table.Th>
                  <Table.Th>Net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data?.data.map((e) => (
                  <Table.Tr key={e._id}>
                    <Table.Td>{dayjs(e.createdAt).format('MMM D, HH:mm')}</Table.Td>
                    <Table.Td>
                      {typeLabels[e.type] ?? e.type}
                      {e.refundedAt ? (
                        <Tooltip label={`Refunded ${dayjs(e.refundedAt).format('MMM D, YYYY')}`} withArrow>
                          <Badge size="xs" color="red" variant="light" ml={6}>
                            Refunded
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{e.fan.name || e.fan.username}</Table.Td>
                    <Table.Td>{money(e.grossPrice)}</Table.Td>
                    <Table.Td>{money(e.netPrice)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

/** Net per day as CSS bars (one per day of the range, empty days included). */
function DayChart(props: { stats: TEarningStats; from: string; days: number }) {
  const byDate = new Map(props.stats.byDay.map((d) => [d.date.slice(0, 10), d.netPrice]));
  const start = dayjs(props.from);
  const points = Array.from({ length: props.days }, (_, i) => {
    const day = start.add(i, 'day');
    return { label: day.format('MMM D'), value: byDate.get(day.format('YYYY-MM-DD')) ?? 0 };
  });
  const max = Math.max(...points.map((p) => p.value), 0.01);
  const chartRef = useRef<HTMLUListElement>(null);
  // A range longer than the card scrolls; it opens at its end, so today is in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when the range or the data change
  useEffect(() => {
    const chart = chartRef.current;
    if (chart) chart.scrollLeft = chart.scrollWidth;
  }, [props.days, props.from, props.stats]);
  return (
    <Card withBorder radius="md" miw={0}>
      <Title order={2} fz="lg" mb="sm">
        Net by day
      </Title>
      <ul
        ref={chartRef}
        className={classes.chart}
        aria-label="Net earnings by day"
        data-testid="earnings-day-chart"
      >
        {points.map((p) => (
          <Tooltip key={p.label} label={`${p.label}: ${money(p.value)}`} withArrow>
            <li className={classes.column} aria-label={`${p.label}: ${money(p.value)}`}>
              <div className={classes.bar} style={{ height: `${(Math.max(0, p.value) / max) * 100}%` }} />
            </li>
          </Tooltip>
        ))}
      </ul>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {points[0]?.label}
        </Text>
        <Text size="xs" c="dimmed">
          {points.at(-1)?.label}
        </Text>
      </Group>
    </Card>
  );
}

function TypeBars({ stats }: { stats: TEarningStats }) {
  const max = Math.max(...stats.byType.map((t) => t.netPrice), 0.01);
  return (
    <Card withBorder radius="md" miw={0}>
      <Title order={2} fz="lg" mb="sm">
        Net by type
      </Title>
      <Stack gap="sm">
        {stats.byType.map((t) => (
          <Stack key={t.type} gap={4}>
            <Group justify="space-between">
              <Text size="sm">
                {typeLabels[t.type] ?? t.type} · {t.count}
                {t.refundCount > 0 ? ` (${t.refundCount} refunded)` : ''}
              </Text>
              <Text size="sm" fw={700}>
                {money(t.netPrice)}
              </Text>
            </Group>
            <div className={classes.typeTrack} aria-hidden>
              <div
                className={classes.typeFill}
                style={{ width: `${(Math.max(0, t.netPrice) / max) * 100}%` }}
              />
            </div>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
