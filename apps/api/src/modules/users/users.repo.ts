import { and, type Executor, eq, ilike, ne, or, performerProfiles, sql, users } from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';

export const findUserById = async (db: Executor, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

/** By username or email, ignoring case. */
export const findUserByLogin = async (db: Executor, login: string) => {
  const value = login.toLowerCase();
  return (
    (
      await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
        .limit(1)
    )[0] ?? null
  );
};

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0] ??
  null;

export const isUsernameTaken = async (db: Executor, username: string, exceptId?: string) => {
  const cond = sql`lower(${users.username}) = ${username.toLowerCase()}`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(cond, ne(users.id, exceptId)) : cond)
    .limit(1);
  return rows.length > 0;
};

export const isEmailTaken = async (db: Executor, email: string, exceptId?: string) => {
  const cond = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(cond, ne(users.id, exceptId)) : cond)
    .limit(1);
  return rows.length > 0;
};

export const findPerformerProfile = async (db: Executor, userId: string) =>
  (await db.select().from(performerProfiles).where(eq(performerProfiles.userId, userId)).limit(1))[0] ?? null;

/** Active accounts whose name or username contains q. */
export const searchUsers = async (
  db: Executor,
  options: { q?: string; offset: number; limit: number; geo: GeoViewer },
) => {
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(users.status, 'active'),
    ne(users.role, 'admin'),
    // A creator who blocked the viewer's country is not found by name either.
    creatorListedForViewer(options.geo, users.id),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.name).offset(options.offset).limit(options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};
