import {
  and,
  count,
  desc,
  type EarningSource,
  type Executor,
  earnings,
  eq,
  gte,
  lte,
  sql,
  users,
} from '@fanstage/db';

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

const totals = {
  gross: sql<string>`coalesce(sum(${earnings.grossCents}), 0)`,
  commission: sql<string>`coalesce(sum(${earnings.commissionCents}), 0)`,
  net: sql<string>`coalesce(sum(${earnings.netCents}), 0)`,
  count: sql<number>`count(*)::int`,
};

/** Totals of a creator's earnings in a range: overall, by source and by UTC day (three aggregates). */
export async function earningTotals(db: Executor, filter: EarningFilter) {
  const where = whereOf(filter);
  const day = sql<string>`to_char(${earnings.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const [all, byType, byDay] = await Promise.all([
    db.select(totals).from(earnings).where(where),
    db
      .select({ type: earnings.sourceType, ...totals })
      .from(earnings)
      .where(where)
      .groupBy(earnings.sourceType)
      .orderBy(earnings.sourceType),
    db
      .select({ date: day, ...totals })
      .from(earnings)
      .where(where)
      .groupBy(day)
      .orderBy(day),
  ]);
  return { all: all[0]!, byType, byDay };
}

/** A page of a creator's earnings with the paying fan, newest first. */
export async function searchEarnings(
  db: Executor,
  filter: EarningFilter & { offset: number; limit: number },
) {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    db
      .select({ earning: earnings, fan: { id: users.id, name: users.name, username: users.username } })
      .from(earnings)
      .innerJoin(users, eq(users.id, earnings.fanId))
      .where(where)
      .orderBy(desc(earnings.createdAt), desc(earnings.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(earnings).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
