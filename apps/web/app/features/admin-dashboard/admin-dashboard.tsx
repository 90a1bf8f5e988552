import type { TAdminDashboard, TDashboardPeriod } from '@fanstage/contract';
import {
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconBroadcast,
  IconCash,
  IconChartAreaLine,
  IconFileText,
  IconFlag,
  IconHeartbeat,
  IconHistory,
  IconMail,
  IconMailCog,
  IconReceipt2,
  IconSettings,
  IconSpeakerphone,
  IconUserCheck,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { plural } from '../../lib/format';
import classes from './admin-dashboard.module.css';
import { useAdminDashboard } from './dashboard-api';
import { formatCents, hasActivity, periodOptions } from './dashboard-values';

// The charts (recharts) load on their own, so the rest of the app does not carry them.
const DayCharts = lazy(() => import('./day-charts'));

/** The admin home: the period's figures from the ledger, what waits now, and the admin pages. */
export function AdminDashboard(props: { signedInAs: string }) {
  const [days, setDays] = useState<TDashboardPeriod>(30);
  const dashboard = useAdminDashboard(days);
  const d = dashboard.data;
  const isLoading = dashboard.isPending;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Signed in as ${props.signedInAs}. Money is read from the ledger, by UTC day.`}
        actions={
          <SegmentedControl
            value={String(days)}
            onChange={(v) => setDays(Number(v) as TDashboardPeriod)}
            data={periodOptions}
            aria-label="Period"
          />
        }
      />
      <Stack gap="lg" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          <Figure
            label="Gross"
            value={d && formatCents(d.totals.grossCents)}
            note={
              d &&
              `${plural(d.totals.sales, 'sale')}${d.totals.refunds ? ` · ${d.totals.refunds} refunded` : ''}`
            }
            isLoading={isLoading}
          />
          <Figure
            label="Platform commission"
            value={d && formatCents(d.totals.commissionCents)}
            isLoading={isLoading}
          />
          <Figure label="Creators’ net" value={d && formatCents(d.totals.netCents)} isLoading={isLoading} />
          <Figure label="Sign-ups" value={d && String(d.totals.signUps)} isLoading={isLoading} />
        </SimpleGrid>

        <Card>
          <Group justify="space-between" mb="md" gap="xs">
            <Title order={2} fz="lg">
              Sales by day
            </Title>
            {d ? (
              <Text size="sm" c="dimmed">
                {dayRange(d)}
              </Text>
            ) : null}
          </Group>
          {isLoading ? (
            <Skeleton h={260} radius="md" aria-label="Loading the chart" />
          ) : !d || !hasActivity(d) ? (
            <EmptyState
              icon={<IconChartAreaLine size={28} />}
              variant="light"
              title={dashboard.isError ? 'The figures could not be loaded' : 'No sales or sign-ups yet'}
              description={
                dashboard.isError
                  ? 'Please try again in a moment.'
                  : `Nothing was sold and nobody signed up in the last ${days} days.`
              }
            />
          ) : (
            <Suspense fallback={<Skeleton h={260} radius="md" aria-label="Loading the chart" />}>
              <DayCharts dashboard={d} />
            </Suspense>
          )}
        </Card>

        <div>
          <Title order={2} fz="lg" mb="sm">
            Right now
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            <Figure
              label="Pending payouts"
              value={d && String(d.pendingPayouts)}
              note={d && `${d.approvedPayouts} approved · ${formatCents(d.heldForPayoutsCents)} held`}
              to="/admin/payouts"
              icon={IconCash}
              isLoading={isLoading}
            />
            <Figure
              label="Creator verifications"
              value={d && String(d.pendingVerifications)}
              note="Waiting for a decision"
              to="/admin/creators"
              icon={IconUserCheck}
              isLoading={isLoading}
            />
            <Figure
              label="Open reports"
              value={d && String(d.openReports)}
              note="Reports to review"
              to="/admin/reports"
              icon={IconFlag}
              isLoading={isLoading}
            />
            <Figure
              label="Active subscriptions"
              value={d && String(d.activeSubscriptions)}
              note={d && `${d.activeSiteMemberships} site memberships`}
              icon={IconUserStar}
              isLoading={isLoading}
            />
            <Figure
              label="Live shows now"
              value={d && String(d.liveShows)}
              note="Public shows on air"
              icon={IconBroadcast}
              isLoading={isLoading}
            />
            <Figure
              label="Ledger"
              value={null}
              note="Reconciliation, transactions and earnings with CSV"
              to="/admin/ledger"
              icon={IconReceipt2}
              isLoading={false}
            />
          </SimpleGrid>
        </div>

        <div>
          <Title order={2} fz="lg" mb="sm">
            Manage
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            {tiles.map((tile) => (
              <TileLink key={tile.to} to={tile.to} external={tile.external}>
                <Card h="100%" className={classes.tileCard}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={36} radius="md" variant="light">
                      <tile.icon size={20} stroke={1.7} />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{tile.title}</Text>
                      <Text size="sm" c="dimmed">
                        {tile.text}
                      </Text>
                    </div>
                  </Group>
                </Card>
              </TileLink>
            ))}
          </SimpleGrid>
        </div>
      </Stack>
    </>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayRange = (d: TAdminDashboard) =>
  `${dayFormat.format(new Date(`${d.from}T00:00:00Z`))} – ${dayFormat.format(new Date(`${d.to}T00:00:00Z`))}`;

/** One figure: a label, the number (a skeleton while loading), a line under it; a link when `to`. */
function Figure(props: {
  label: string;
  value: string | null | undefined;
  note?: string | null;
  to?: string;
  icon?: Icon;
  isLoading: boolean;
}) {
  const body = (
    <Card h="100%" className={props.to ? classes.tileCard : undefined} role="group" aria-label={props.label}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {props.label}
        </Text>
        {props.icon ? <props.icon size={18} stroke={1.7} className={classes.figureIcon} /> : null}
      </Group>
      {props.isLoading ? (
        <Skeleton h={28} mt={6} w="70%" />
      ) : props.value !== null ? (
        <Text fz={{ base: 20, sm: 24 }} fw={800} mt={2} className={classes.figure}>
          {props.value ?? '—'}
        </Text>
      ) : null}
      {props.note && !props.isLoading ? (
        <Text size="xs" c="dimmed" mt={2}>
          {props.note}
        </Text>
      ) : null}
    </Card>
  );
  return props.to ? (
    <Link to={props.to} className={classes.tile}>
      {body}
    </Link>
  ) : (
    body
  );
}

const tiles: { to: string; title: string; text: string; icon: Icon; external?: boolean }[] = [
  {
    to: '/admin/users',
    title: 'Users',
    text: 'Find any account, correct or deactivate it.',
    icon: IconUsers,
  },
  {
    to: '/admin/creators',
    title: 'Creators',
    text: 'Check identity documents, verify or reject, set commission.',
    icon: IconUserCheck,
  },
  {
    to: '/admin/settings',
    title: 'Site settings',
    text: 'Name, logo, access, prices, trial and payments.',
    icon: IconSettings,
  },
  { to: '/admin/outbox', title: 'Email outbox', text: 'Every email the site sent.', icon: IconMail },
  {
    to: '/admin/email-templates',
    title: 'Email templates',
    text: 'The words of every email, editable.',
    icon: IconMailCog,
  },
  {
    to: '/admin/audit',
    title: 'Audit log',
    text: 'Every change an admin made, who made it and why.',
    icon: IconHistory,
  },
  {
    to: '/admin/health',
    title: 'Health',
    text: 'Database, Redis, storage, mail, jobs and the ledger, now.',
    icon: IconHeartbeat,
  },
  {
    to: '/admin/pages',
    title: 'Pages',
    text: 'Terms, privacy, FAQ: write and publish site pages.',
    icon: IconFileText,
  },
  {
    to: '/admin/promos',
    title: 'Promos',
    text: 'Banners with a link, shown between their dates.',
    icon: IconSpeakerphone,
  },
  {
    to: '/api/docs',
    title: 'API reference',
    text: 'The OpenAPI documentation of every route.',
    icon: IconApi,
    external: true,
  },
];

function TileLink({ to, external, children }: { to: string; external?: boolean; children: ReactNode }) {
  if (external) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={classes.tile}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes.tile}>
      {children}
    </Link>
  );
}
