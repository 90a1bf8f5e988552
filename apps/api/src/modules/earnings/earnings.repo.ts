import {
  and,
  count,
  desc,
  type EarningSource,
  type Executor,
  earningRefunds,
  earnings,
  eq,
  gte,
  lte,
  sql,
  users,
} from '@fanstage/db';
import { rowsOf } from '../wallet';

export interface EarningFilter {
  performerId: string;
  type?: EarningSource;
  from?: Date;
  to?: Date;
}

const whereOf = (filter: EarningFilter) =>
  and(
    eq(earnings.performerId, filter.performerId),
    ...(filter.type ? [eq(earnings.sourceType, filter.type)] : []),
    ...(filter.from ? [gte(earnings.createdAt, filter.from)] : []),
    ...(filter.to ? [lte(earnings.createdAt, filter.to)] : []),
  );

/** The creator's refunds made in the range (dated by the refund, like its ledger transaction). */
const refundWhereOf = (filter: EarningFilter) =>
  and(
    eq(earnings.performerId, filter.performerId),
    ...(filter.type ? [eq(earnings.sourceType, filter.type)] : []),
    ...(filter.from ? [gte(earningRefunds.createdAt, filter.from)] : []),
    ...(filter.to ? [lte(earningRefunds.createdAt, filter.to)] : []),
  );

export interface TotalsRow {
  gross: string;
  commission: string;
  net: string;
  count: number;
  refundedGross: string;
  refundedNet: string;
  refundCount: number;
}

const emptyTotals: TotalsRow = {
  gross: '0',
  commission: '0',
  net: '0',
  count: 0,
  refundedGross: '0',
  refundedNet: '0',
  refundCount: 0,
};

/**
 * Totals of a creator's earnings in a range, overall, by source and by UTC day, in one query
 * (GROUPING SETS). Refunds made in the range are subtracted on the day they were made, so the
 * totals move like the creator's earnings account in the ledger.
 */
export async function earningTotals(db: Executor, filter: EarningFilter) {
  const charges = db
    .select({
      at: sql`${earnings.createdAt}`.as('at'),
      type: sql`${earnings.sourceType}`.as('type'),
      gross: sql`${earnings.grossCents}`.as('gross'),
      commission: sql`${earnings.commissionCents}`.as('commission'),
      net: sql`${earnings.netCents}`.as('net'),
      charges: sql`1`.as('charges'),
      refunds: sql`0`.as('refunds'),
      refundedGross: sql`0::bigint`.as('refunded_gross'),
      refundedNet: sql`0::bigint`.as('refunded_net'),
    })
    .from(earnings)
    .where(whereOf(filter));
  const refunds = db
    .select({
      at: sql`${earningRefunds.createdAt}`.as('at'),
      type: sql`${earnings.sourceType}`.as('type'),
      gross: sql`-${earningRefunds.grossCents}`.as('gross'),
      commission: sql`-${earningRefunds.commissionCents}`.as('commission'),
      net: sql`-${earningRefunds.netCents}`.as('net'),
      charges: sql`0`.as('charges'),
      refunds: sql`1`.as('refunds'),
      refundedGross: sql`${earningRefunds.grossCents}`.as('refunded_gross'),
      refundedNet: sql`${earningRefunds.netCents}`.as('refunded_net'),
    })
    .from(earningRefunds)
    .innerJoin(earnings, eq(earnings.id, earningRefunds.earningId))
    .where(refundWhereOf(filter));
  const movements = sql`(${charges}) UNION ALL (${refunds})`;
  const rows = rowsOf<
    TotalsRow & { type: EarningSource | null; date: string | null; isType: boolean; isDay: boolean }
  >(
    await db.execute(sql`
      SELECT
        grouping(m.type) = 0 AS "isType",
        grouping(m.day) = 0 AS "isDay",
        m.type,
        m.day AS date,
        coalesce(sum(m.gross), 0)::text AS gross,
        coalesce(sum(m.commission), 0)::text AS commission,
        coalesce(sum(m.net), 0)::text AS net,
        coalesce(sum(m.charges), 0)::int AS count,
        coalesce(sum(m.refunded_gross), 0)::text AS "refundedGross",
        coalesce(sum(m.refunded_net), 0)::text AS "refundedNet",
        coalesce(sum(m.refunds), 0)::int AS "refundCount"
      FROM (
        SELECT mv.*, to_char(mv.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM (${movements}) mv
      ) m
      GROUP BY GROUPING SETS ((), (m.type), (m.day))
      ORDER BY m.type NULLS FIRST, m.day NULLS FIRST`),
  );
  return {
    all: rows.find((r) => !r.isType && !r.isDay) ?? emptyTotals,
    byType: rows.filter((r) => r.isType).map((r) => ({ ...r, type: r.type! })),
    byDay: rows.filter((r) => r.isDay).map((r) => ({ ...r, date: r.date! })),
  };
}

/** A page of a creator's earnings with the paying fan and the refund, if any, newest first. */
export async function searchEarnings(
  db: Executor,
  filter: EarningFilter & { offset: number; limit: number },
) {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    db
      .select({
        earning: earnings,
        fan: { id: users.id, name: users.name, username: users.username },
        refundedAt: earningRefunds.createdAt,
      })
      .from(earnings)
      .innerJoin(users, eq(users.id, earnings.fanId))
      .leftJoin(earningRefunds, eq(earningRefunds.earningId, earnings.id))
      .where(where)
      .orderBy(desc(earnings.createdAt), desc(earnings.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(earnings).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
