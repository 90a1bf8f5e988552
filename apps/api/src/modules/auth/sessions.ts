import { and, type Executor, eq, gt, ne, performerProfiles, sessions, sql, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';

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
  /** The account row as read with the session, so `GET /users/me` needs no second query. */
  user?: typeof users.$inferSelect;
  documentsVerified?: boolean;
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
 * The session look-up runs on every logged-in request, so its SQL is built once per database handle
 * and sent as a named prepared statement (no query building, and the server plans it once).
 */
const sessionLookups = new WeakMap<AppContext['db'], ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: AppContext['db']) {
  return db.db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      user: users,
      documentsVerifiedAt: performerProfiles.documentsVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A session of an inactive account counts as no session, on every route and socket.
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}

/**
 * The actor of a token, or null when the token is unknown, expired or revoked, or its account is
 * inactive. This is the one place a session is resolved (HTTP onRequest and the socket handshake).
 */
export async function findActorByToken(ctx: AppContext, token: string): Promise<Actor | null> {
  if (token.length < 20 || token.length > 200) return null;
  const now = ctx.clock.now();
  let lookup = sessionLookups.get(ctx.db);
  if (!lookup) {
    lookup = prepareSessionLookup(ctx.db);
    sessionLookups.set(ctx.db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: sha256(token), now });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > touchEveryMs) {
    await ctx.db.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.user.id,
    sessionId: row.sessionId,
    role: row.user.role,
    status: row.user.status,
    user: row.user,
    documentsVerified: row.documentsVerifiedAt != null,
  };
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.db.delete(sessions).where(eq(sessions.id, sessionId));
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
 * was read. Call it after the transaction that deleted the sessions committed.
 */
export function endConnections(ctx: AppContext, options: { userId: string; sessionIds: string[] }): void {
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
