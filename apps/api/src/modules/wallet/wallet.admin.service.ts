import {
  adminExportLimit,
  type TAdminEarning,
  type TAdminEarningQuery,
  type TAdminTransaction,
  type TAdminTransactionQuery,
  type TLedgerReconciliation,
} from '@fanstage/contract';
import type { LedgerTransactionKind } from '@fanstage/db';
import type { AppContext } from '../../context';
import { centsToDecimal, toCsv } from '../../lib/csv';
import { reconcileLedger } from './wallet.reconcile';
import {
  type EarningFilter,
  exportLedgerTransactions,
  exportSiteEarnings,
  type LedgerFilter,
  type LedgerTransactionRow,
  type Person,
  type SiteEarningRow,
  searchLedgerTransactions,
  searchSiteEarnings,
} from './wallet.reports';

/*
 * What admins read of the ledger (routes guard the admin role): the reconciliation, and every
 * transaction and earning of the site with search and CSV. Read-only.
 */

/** The same check as `npm run reconcile`, for the ledger screen. */
export async function getLedgerReconciliation(ctx: AppContext): Promise<TLedgerReconciliation> {
  const report = await reconcileLedger(ctx.db.db);
  return { ...report, checkedAt: ctx.clock.now().toISOString() };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A search's dates as instants: a whole day runs from its first to its last millisecond (UTC). */
function rangeOf(query: { fromDate?: string; toDate?: string }) {
  const { fromDate, toDate } = query;
  return {
    from: fromDate ? new Date(isDay(fromDate) ? `${fromDate}T00:00:00.000Z` : fromDate) : undefined,
    to: toDate ? new Date(isDay(toDate) ? `${toDate}T23:59:59.999Z` : toDate) : undefined,
  };
}

const ledgerFilterOf = (query: TAdminTransactionQuery): LedgerFilter => ({
  q: query.q,
  userId: query.userId,
  kind: query.kind as LedgerTransactionKind | undefined,
  ...rangeOf(query),
});

const earningFilterOf = (query: TAdminEarningQuery): EarningFilter => ({
  q: query.q,
  userId: query.userId,
  type: query.type,
  ...rangeOf(query),
});

const presentPerson = (p: Person) => ({ _id: p.id, name: p.name, username: p.username });

const presentTransaction = (r: LedgerTransactionRow): TAdminTransaction => ({
  _id: r.id,
  kind: r.kind,
  reference: r.reference,
  initiator: r.initiator ? presentPerson(r.initiator) : null,
  amountCents: r.amountCents,
  entries: r.entries.map((e) => ({
    account: e.account,
    user: e.user ? presentPerson(e.user) : null,
    amountCents: e.amountCents,
  })),
  createdAt: r.createdAt,
  isRefundable: r.isRefundable,
  refundedAt: r.refundedAt,
  refundTransactionId: r.refundTransactionId,
});

/** A page of the site's ledger transactions found by person, kind and dates, newest first. */
export async function searchTransactions(
  ctx: AppContext,
  options: { query: TAdminTransactionQuery },
): Promise<{ data: TAdminTransaction[]; total: number }> {
  const { query } = options;
  const { rows, total } = await searchLedgerTransactions(ctx.db.db, {
    ...ledgerFilterOf(query),
    offset: query.offset,
    limit: query.limit,
  });
  return { data: rows.map(presentTransaction), total };
}

const personLabel = (p: Person | null) => (p ? (p.username ? `${p.name} (@${p.username})` : p.name) : '');

/**
 * The matching transactions as CSV, one line per ledger entry (so each transaction's lines sum to
 * zero in the file too), newest first, at most `adminExportLimit` transactions.
 */
export async function exportTransactionsCsv(
  ctx: AppContext,
  options: { query: TAdminTransactionQuery },
): Promise<string> {
  const rows = await exportLedgerTransactions(ctx.db.db, {
    ...ledgerFilterOf(options.query),
    limit: adminExportLimit,
  });
  return toCsv([
    ['date', 'transaction', 'kind', 'reference', 'initiator', 'account', 'account_owner', 'amount'],
    ...rows.flatMap((t) =>
      t.entries.map((e) => [
        t.createdAt,
        t.id,
        t.kind,
        t.reference,
        personLabel(t.initiator),
        e.account,
        personLabel(e.user),
        centsToDecimal(e.amountCents),
      ]),
    ),
  ]);
}

const presentEarning = (r: SiteEarningRow): TAdminEarning => ({
  _id: r.id,
  transactionId: r.transactionId,
  type: r.type,
  sourceId: r.sourceId,
  creator: presentPerson(r.creator),
  fan: presentPerson(r.fan),
  grossCents: r.grossCents,
  commissionCents: r.commissionCents,
  commissionRate: r.commissionRate,
  netCents: r.netCents,
  createdAt: r.createdAt,
  refundedAt: r.refundedAt,
});

/** A page of every creator's earnings found by person, type and dates, newest first. */
export async function searchEarnings(
  ctx: AppContext,
  options: { query: TAdminEarningQuery },
): Promise<{ data: TAdminEarning[]; total: number }> {
  const { query } = options;
  const { rows, total } = await searchSiteEarnings(ctx.db.db, {
    ...earningFilterOf(query),
    offset: query.offset,
    limit: query.limit,
  });
  return { data: rows.map(presentEarning), total };
}

/** The matching earnings as CSV, newest first, at most `adminExportLimit` rows. */
export async function exportEarningsCsv(
  ctx: AppContext,
  options: { query: TAdminEarningQuery },
): Promise<string> {
  const rows = await exportSiteEarnings(ctx.db.db, {
    ...earningFilterOf(options.query),
    limit: adminExportLimit,
  });
  return toCsv([
    [
      'date',
      'earning',
      'transaction',
      'type',
      'creator',
      'fan',
      'gross',
      'commission_rate',
      'commission',
      'net',
      'refunded_at',
    ],
    ...rows.map((r) => [
      r.createdAt,
      r.id,
      r.transactionId,
      r.type,
      personLabel(r.creator),
      personLabel(r.fan),
      centsToDecimal(r.grossCents),
      String(r.commissionRate),
      centsToDecimal(r.commissionCents),
      centsToDecimal(r.netCents),
      r.refundedAt,
    ]),
  ]);
}
