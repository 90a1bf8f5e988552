import type { TAdminUserQuery } from '@fanstage/contract';
import { and, desc, type Executor, eq, ilike, or, performerProfiles, sql, users } from '@fanstage/db';

/** `%q%` for ILIKE, with the wildcards of q taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every account (any role or status) matching the admin's filters, newest first. */
export async function searchAccounts(db: Executor, query: TAdminUserQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern
      ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern))
      : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The account row locked for the rest of the transaction (an admin change reads, decides, writes). */
export async function lockAccount(tx: Executor, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findAccountWithProfile(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, profile: performerProfiles })
    .from(users)
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}
