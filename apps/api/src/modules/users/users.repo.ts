import {
  and,
  type DbHandle,
  type Executor,
  eq,
  ilike,
  ne,
  or,
  performerProfiles,
  sql,
  users,
} from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';

export const findUserById = async (db: Executor, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

/**
 * The columns `GET /users/me` shows, with the creator's documents verdict, in one statement. The
 * password hash stays in the table. Every signed-in page asks for it, so its SQL is built once per
 * database handle and sent as a named prepared statement (as the session look-up is).
 */
function prepareCurrentUser(db: DbHandle) {
  return db.db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      avatarPath: users.avatarPath,
      coverPath: users.coverPath,
      gender: users.gender,
      role: users.role,
      status: users.status,
      emailVerifiedAt: users.emailVerifiedAt,
      balanceCents: users.balanceCents,
      siteSubscriptionExpiresAt: users.siteSubscriptionExpiresAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      documentsVerifiedAt: performerProfiles.documentsVerifiedAt,
    })
    .from(users)
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('current_user');
}
const currentUserQueries = new WeakMap<DbHandle, ReturnType<typeof prepareCurrentUser>>();

export const findCurrentUser = async (db: DbHandle, id: string) => {
  let query = currentUserQueries.get(db);
  if (!query) {
    query = prepareCurrentUser(db);
    currentUserQueries.set(db, query);
  }
  return (await query.execute({ id }))[0] ?? null;
};

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
