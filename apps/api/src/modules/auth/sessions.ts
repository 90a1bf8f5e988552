import { and, type Executor, eq, gt, ne, performerProfiles, sessions, sql, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import { groupWhileBusy } from '../../lib/grouped';
import { createSessionCache, type SessionCache } from './session-cache';

export const rememberDays = 365;
export const sessionDays = 1;
const dayMs = 24 * 60 * 60 * 1000;
/** lastUsedAt is refreshed at most this often, so reads do not write on every request. */
const touchEveryMs = 60 * 60 * 1000;

export interface Actor {
  id: string;
  sessionId: string;
  role: 'user' | 'performer' | 'admin';
  status: 'active' | 'inactive';
  /**
   * What services name the person by, read with the session. Never the password hash, nor what
   * changes often (balance, subscription): `GET /users/me` reads those from the account row.
   */
  user?: ActorUser;
  documentsVerified?: boolean;
}

export interface ActorUser {
  name: string;
  username: string | null;
  email: string | null;
}

/** Creates a session and returns its token (shown once; only its hash is kept). */
export async function createSession(
  ctx: AppContext,
  options: { userId: string; remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(
    ctx.clock.now().getTime() + (options.remember ? rememberDays : sessionDays) * dayMs,
  );
  await ctx.db.db.insert(sessions).values({
    userId: options.userId,
    tokenHash: sha256(token),
    expiresAt,
    remember: options.remember,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    ip: options.ip ?? null,
  });
  return { token, expiresAt };
}

/**
 * The session look-up runs when a node has not resolved a token lately, so its SQL is built once per
 * database handle and sent as a named prepared statement (no query building, and the server plans
 * it once). It selects only what the actor carries. Two forms: one token, and the tokens of a group.
 */
function prepareSessionLookup(db: AppContext['db'], grouped: boolean) {
  const query = db.db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      userId: users.id,
      role: users.role,
      status: users.status,
      name: users.name,
      username: users.username,
      email: users.email,
      documentsVerifiedAt: performerProfiles.documentsVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id));
  const live = and(
    gt(sessions.expiresAt, sql.placeholder('now')),
    // A session of an inactive account counts as no session, on every route and socket.
    eq(users.status, 'active'),
  );
  return grouped
    ? query
        .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, live))
        .prepare('sessions_by_tokens')
    : query
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), live))
        .limit(1)
        .prepare('session_by_token');
}
type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

/**
 * Look-ups asked for while earlier ones are read go together in one statement (lib/grouped.ts).
 * Every cached session expires within the same TTL of when it was read, so after a wave of people
 * signing in or reconnecting at once (a deploy, the start of a show) the next reads come in a wave
 * too: grouped, that is a few statements a second instead of one per person.
 */
const sessionLookups = new WeakMap<
  AppContext['db'],
  (ask: { tokenHash: string; now: Date }) => Promise<SessionRow | null>
>();
function sessionLookupOf(db: AppContext['db']) {
  let lookup = sessionLookups.get(db);
  if (lookup) return lookup;
  const one = prepareSessionLookup(db, false);
  const many = prepareSessionLookup(db, true);
  lookup = groupWhileBusy<{ tokenHash: string; now: Date }, SessionRow | null>(
    async (asks) => {
      if (asks.length === 1) {
        const [row] = await one.execute({ tokenHash: asks[0]!.tokenHash, now: asks[0]!.now });
        return [row ?? null];
      }
      // The group's clock is its latest ask's: a session that ended before then is ended for all.
      const now = new Date(Math.max(...asks.map((a) => a.now.getTime())));
      const rows = await many.execute({ tokenHashes: [...new Set(asks.map((a) => a.tokenHash))], now });
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return asks.map((a) => byHash.get(a.tokenHash) ?? null);
    },
    { max: 500, lanes: 2 },
  );
  sessionLookups.set(db, lookup);
  return lookup;
}

/** The per-node cache of resolved sessions (see session-cache.ts). */
export type ActorCache = SessionCache<Actor>;
export const createActorCache = (options?: { ttlMs?: number }): ActorCache =>
  createSessionCache<Actor>(options);

/**
 * The actor of a token, or null when the token is unknown, expired or revoked, or its account is
 * inactive. This is the one place a session is resolved (HTTP onRequest and the socket handshake).
 * A node answers from its cache of recent look-ups (no SQL) for up to `sessionCacheTtlMs`.
 */
export async function findActorByToken(ctx: AppContext, token: string): Promise<Actor | null> {
  if (token.length < 20 || token.length > 200) return null;
  const now = ctx.clock.now();
  const tokenHash = sha256(token);
  const cached = ctx.sessionCache.get(tokenHash, now.getTime());
  if (cached) {
    if (now.getTime() - cached.lastUsedAt > touchEveryMs) {
      cached.lastUsedAt = now.getTime();
      await touchSession(ctx, cached.sessionId, now);
    }
    return cached.actor;
  }
  const epoch = ctx.sessionCache.epoch();
  const row = await sessionLookupOf(ctx.db)({ tokenHash, now });
  if (!row) return null;
  let lastUsedAt = row.lastUsedAt.getTime();
  if (now.getTime() - lastUsedAt > touchEveryMs) {
    lastUsedAt = now.getTime();
    await touchSession(ctx, row.sessionId, now);
  }
  const actor: Actor = {
    id: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    status: row.status,
    user: { name: row.name, username: row.username, email: row.email },
    documentsVerified: row.documentsVerifiedAt != null,
  };
  ctx.sessionCache.set(
    tokenHash,
    { userId: row.userId, sessionId: row.sessionId, expiresAt: row.expiresAt.getTime(), lastUsedAt, actor },
    { now: now.getTime(), epoch },
  );
  return actor;
}

const touchSession = (ctx: AppContext, sessionId: string, now: Date) =>
  ctx.db.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));

/**
 * Every node forgets the person's cached sessions: call it after a change that ends sessions or
 * changes what the actor carries (role, status, name, username, email, documents) has committed.
 * The person's cached account (`GET /users/me`) goes too.
 */
export function forgetActors(ctx: AppContext, userId: string): void {
  ctx.sessionCache.forgetUser(userId);
  // The other nodes forget the account too when they hear of the sessions (app.ts).
  ctx.accountCache.forget(userId);
  ctx.realtime.announceSessionsChanged(userId);
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  const [revoked] = await ctx.db.db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (revoked) forgetActors(ctx, revoked.userId);
  // Its live connections end too, on every node.
  ctx.realtime.disconnectSession(sessionId);
}

/** Revokes every session of a user except, optionally, the one in use. */
export async function revokeUserSessions(
  ctx: AppContext,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  const revoked = await ctx.db.db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  forgetActors(ctx, userId);
  for (const { id } of revoked) ctx.realtime.disconnectSession(id);
}

/** Deletes every session of a user inside the caller's transaction; answers their ids for `endConnections`. */
export async function deleteUserSessions(tx: Executor, userId: string): Promise<string[]> {
  const deleted = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

/**
 * Ends a person's live connections on every node (the Redis adapter carries it): each deleted
 * session's room, and the person's room for any socket that authenticated before its session row
 * was read; every node forgets the person's cached sessions. Call it after the transaction that
 * deleted the sessions committed.
 */
export function endConnections(ctx: AppContext, options: { userId: string; sessionIds: string[] }): void {
  forgetActors(ctx, options.userId);
  for (const id of options.sessionIds) ctx.realtime.disconnectSession(id);
  ctx.realtime.disconnectUser(options.userId);
}

/**
 * Deactivates an account: it can no longer log in (403), its sessions are deleted and its live
 * connections end on every node. Admin deactivation (users.admin.service, which also writes the audit
 * log and ends live shows and calls) uses the same two steps inside its own transaction.
 */
export async function deactivateAccount(ctx: AppContext, options: { userId: string }): Promise<void> {
  const sessionIds = await ctx.db.db.transaction(async (tx) => {
    await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, options.userId));
    return deleteUserSessions(tx, options.userId);
  });
  endConnections(ctx, { userId: options.userId, sessionIds });
}
