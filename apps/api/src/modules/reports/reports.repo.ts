import type { TAdminReportQuery } from '@fanstage/contract';
import { and, desc, type Executor, eq, reports, sql, users } from '@fanstage/db';

export type ReportRow = typeof reports.$inferSelect;
export type Reporter = { id: string; name: string; username: string | null } | null;

/** Inserts an open report; null when the user already has an open report of that target. */
export async function insertOpenReport(
  db: Executor,
  values: typeof reports.$inferInsert,
): Promise<ReportRow | null> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function listReports(
  db: Executor,
  query: TAdminReportQuery,
): Promise<{ rows: { report: ReportRow; reporter: Reporter }[]; total: number }> {
  const where = and(
    query.status ? eq(reports.status, query.status) : undefined,
    query.category ? eq(reports.category, query.category) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ report: reports, reporter: { id: users.id, name: users.name, username: users.username } })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(reports).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Closes an open report; null when it is unknown or already closed. */
export async function closeReport(
  db: Executor,
  options: {
    id: string;
    status: 'resolved' | 'dismissed';
    action: NonNullable<ReportRow['action']>;
    note: string | null;
    adminId: string;
    at: Date;
  },
): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({
      status: options.status,
      action: options.action,
      resolutionNote: options.note,
      resolvedBy: options.adminId,
      resolvedAt: options.at,
    })
    .where(and(eq(reports.id, options.id), eq(reports.status, 'open')))
    .returning();
  return row ?? null;
}

export async function findReport(db: Executor, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row ?? null;
}

export async function findReporter(db: Executor, id: string): Promise<Reporter> {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
