import {
  type TAdminDashboard,
  type TAdminTransaction,
  type TDashboardPeriod,
  ZChargeRefundRequest,
} from '@fanstage/contract';
import { formatPrice } from '../../lib/format';

/** Integer cents as the app shows money everywhere ($1,234.50). */
export const formatCents = (cents: number): string => formatPrice(cents / 100);

export const periodOptions: { value: `${TDashboardPeriod}`; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

/** One point of the dashboard chart: a day's money in dollars (the chart's scale) and its label. */
export interface ChartPoint {
  date: string;
  label: string;
  Gross: number;
  Commission: number;
  Net: number;
  'Sign-ups': number;
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The days of the period as chart points (cents to dollars; the figures above stay in cents). */
export function chartPointsOf(dashboard: TAdminDashboard): ChartPoint[] {
  return dashboard.byDay.map((d) => ({
    date: d.date,
    label: dayLabel.format(new Date(`${d.date}T00:00:00Z`)),
    Gross: d.grossCents / 100,
    Commission: d.commissionCents / 100,
    Net: d.netCents / 100,
    'Sign-ups': d.signUps,
  }));
}

/** Whether the period had any sale, refund or sign-up (else the chart shows an empty state). */
export const hasActivity = (dashboard: TAdminDashboard): boolean =>
  dashboard.totals.sales + dashboard.totals.refunds + dashboard.totals.signUps > 0;

/** The filters of a ledger search as the API's query (empty fields left out). */
export interface LedgerFilters {
  q: string;
  kind: string;
  fromDate: string;
  toDate: string;
}

export const emptyFilters: LedgerFilters = { q: '', kind: '', fromDate: '', toDate: '' };

/** The query of a search: `kindKey` is `kind` for transactions and `type` for earnings. */
export function filterQueryOf(filters: LedgerFilters, kindKey: 'kind' | 'type'): Record<string, string> {
  const query: Record<string, string> = {};
  const q = filters.q.trim().slice(0, 200);
  if (q) query.q = q;
  if (filters.kind) query[kindKey] = filters.kind;
  if (filters.fromDate) query.fromDate = filters.fromDate;
  if (filters.toDate) query.toDate = filters.toDate;
  return query;
}

/** A sentence when the dates cannot be searched (the API would refuse them the same way). */
export const rangeProblemOf = (filters: LedgerFilters): string | null =>
  filters.fromDate && filters.toDate && filters.fromDate > filters.toDate
    ? 'The start date must not be after the end date.'
    : null;

/** The CSV download address for the same filters as the list on screen. */
export function csvHrefOf(
  path: '/admin/transactions.csv' | '/admin/earnings.csv',
  query: Record<string, string>,
) {
  const params = new URLSearchParams(query).toString();
  return `/api${path}${params ? `?${params}` : ''}`;
}

/** "Fan Ada (@ada)" for a person on a row. */
export const personLabel = (p: { name: string; username: string | null } | null): string =>
  p ? (p.username ? `${p.name} (@${p.username})` : p.name) : 'the platform';

/** Ledger account kinds in words. */
export const accountLabels: Record<string, string> = {
  fan_wallet: 'Fan wallets',
  creator_earnings: 'Creators’ earnings',
  platform_revenue: 'Platform revenue',
  gateway_clearing: 'Gateway clearing',
  payouts: 'Held for payouts',
};

export const accountLabel = (kind: string): string => accountLabels[kind] ?? kind;

/** Who gets and who gives what when a charge is refunded: its lines reversed, in cents. */
export interface RefundPlan {
  grossCents: number;
  /** The fan's wallet, or the card that paid (a card payment came in through gateway clearing). */
  refundedTo: 'wallet' | 'card';
  fan: TAdminTransaction['initiator'];
  creator: TAdminTransaction['initiator'];
  netCents: number;
  commissionCents: number;
}

/** The refund of a charge as the ledger will post it (the exact reverse of the charge's lines). */
export function refundPlanOf(t: TAdminTransaction): RefundPlan {
  const line = (account: string) => t.entries.find((e) => e.account === account);
  const wallet = line('fan_wallet');
  const clearing = line('gateway_clearing');
  const creator = line('creator_earnings');
  const platform = line('platform_revenue');
  return {
    grossCents: Math.abs((wallet ?? clearing)?.amountCents ?? t.amountCents),
    refundedTo: wallet ? 'wallet' : 'card',
    fan: wallet?.user ?? t.initiator,
    creator: creator?.user ?? null,
    netCents: creator?.amountCents ?? 0,
    commissionCents: platform?.amountCents ?? 0,
  };
}

/** What is wrong with a refund reason, as the API would say it; null when it can be sent. */
export function refundReasonProblemOf(reason: string): string | null {
  const parsed = ZChargeRefundRequest.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the reason.');
}
