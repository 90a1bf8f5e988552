import { fromCents, type TEarning, type TEarningSearchQuery, type TEarningStats } from '@fanstage/contract';
import type { AppContext } from '../../context';
import type { Actor } from '../auth/sessions';
import { assertCreator } from '../performers/performers.access';
import { earningsBalance } from '../wallet';
import { earningTotals, searchEarnings, type TotalsRow } from './earnings.repo';

const dateOf = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

const presentTotals = (row: TotalsRow) => ({
  grossPrice: fromCents(Number(row.gross)),
  commission: fromCents(Number(row.commission)),
  netPrice: fromCents(Number(row.net)),
  count: Number(row.count),
  refundedGross: fromCents(Number(row.refundedGross)),
  refundedNet: fromCents(Number(row.refundedNet)),
  refundCount: Number(row.refundCount),
});

/**
 * A creator's earnings in a date range: totals, by source and by day, net of the refunds made in
 * the range (on the day of the refund), and what is left to pay out.
 */
export async function getMyEarningStats(
  ctx: AppContext,
  options: { actor: Actor; query: Pick<TEarningSearchQuery, 'fromDate' | 'toDate' | 'type'> },
): Promise<TEarningStats> {
  const { actor, query } = options;
  assertCreator(actor);
  const [totals, balance] = await Promise.all([
    earningTotals(ctx.db.db, {
      performerId: actor.id,
      type: query.type,
      from: dateOf(query.fromDate),
      to: dateOf(query.toDate),
    }),
    earningsBalance(ctx.db.db, actor.id),
  ]);
  return {
    ...presentTotals(totals.all),
    byType: totals.byType.map((r) => ({ type: r.type, ...presentTotals(r) })),
    byDay: totals.byDay.map((r) => ({ date: r.date, ...presentTotals(r) })),
    balance: fromCents(balance),
  };
}

/** A page of a creator's earning rows, newest first, with the fan who paid and the refund date. */
export async function searchMyEarnings(
  ctx: AppContext,
  options: { actor: Actor; query: TEarningSearchQuery },
): Promise<{ data: TEarning[]; total: number }> {
  const { actor, query } = options;
  assertCreator(actor);
  const { rows, total } = await searchEarnings(ctx.db.db, {
    performerId: actor.id,
    type: query.type,
    from: dateOf(query.fromDate),
    to: dateOf(query.toDate),
    offset: query.offset,
    limit: query.limit,
  });
  return {
    data: rows.map(({ earning, fan, refundedAt }) => ({
      _id: earning.id,
      type: earning.sourceType,
      sourceId: earning.sourceId,
      fan: { _id: fan.id, name: fan.name, username: fan.username },
      grossPrice: fromCents(earning.grossCents),
      commission: fromCents(earning.commissionCents),
      commissionRate: earning.commissionRate,
      netPrice: fromCents(earning.netCents),
      createdAt: earning.createdAt.toISOString(),
      refundedAt: refundedAt?.toISOString() ?? null,
    })),
    total,
  };
}
