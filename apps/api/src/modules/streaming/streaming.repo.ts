import {
  and,
  count,
  desc,
  type Executor,
  eq,
  gt,
  inArray,
  isNull,
  type LiveSessionEndReason,
  liveSessionModerations,
  liveSessions,
  lt,
  lte,
  or,
  performerProfiles,
  purchases,
  sql,
  subscriptions,
  users,
} from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';
import { listedCondition } from '../performers/performers.repo';

export type LiveSessionRow = typeof liveSessions.$inferSelect;

const performerColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarPath: users.avatarPath,
};

export interface LiveSessionWithPerformer {
  session: LiveSessionRow;
  performer: { id: string; name: string; username: string | null; avatarPath: string | null };
}

/** Starts a show; null when the creator already has one live (the partial unique index decides). */
export async function insertLiveSession(
  db: Executor,
  values: Pick<
    typeof liveSessions.$inferInsert,
    'performerId' | 'title' | 'priceCents' | 'plannedDurationMinutes' | 'conversationId'
  > & {
    startedAt: Date;
  },
): Promise<LiveSessionRow | null> {
  const [row] = await db
    .insert(liveSessions)
    .values({ ...values, status: 'live', createdAt: values.startedAt, updatedAt: values.startedAt })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** One show of one creator (owner-scoped: another creator's id reads as missing). */
export async function findOwnLiveSession(db: Executor, options: { id: string; performerId: string }) {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.id, options.id), eq(liveSessions.performerId, options.performerId)));
  return row ?? null;
}

/** Changes the title or price of the creator's show while it is live; null when it is not. */
export async function updateOwnLiveSession(
  db: Executor,
  options: { id: string; performerId: string; patch: { title?: string; priceCents?: number }; now: Date },
): Promise<LiveSessionRow | null> {
  const [row] = await db
    .update(liveSessions)
    .set({ ...options.patch, updatedAt: options.now })
    .where(
      and(
        eq(liveSessions.id, options.id),
        eq(liveSessions.performerId, options.performerId),
        eq(liveSessions.status, 'live'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Extends the planned duration; the condition keeps it growing even when two requests race. */
export async function extendOwnLiveSession(
  db: Executor,
  options: { id: string; performerId: string; minutes: number; now: Date },
): Promise<LiveSessionRow | null> {
  const [row] = await db
    .update(liveSessions)
    .set({ plannedDurationMinutes: options.minutes, updatedAt: options.now })
    .where(
      and(
        eq(liveSessions.id, options.id),
        eq(liveSessions.performerId, options.performerId),
        eq(liveSessions.status, 'live'),
        or(
          isNull(liveSessions.plannedDurationMinutes),
          lt(liveSessions.plannedDurationMinutes, options.minutes),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends the creator's live show; null when it was not live. */
export async function endOwnLiveSession(
  db: Executor,
  options: { id: string; performerId: string; reason: LiveSessionEndReason; now: Date },
): Promise<LiveSessionRow | null> {
  const [row] = await db
    .update(liveSessions)
    .set({ status: 'ended', endedAt: options.now, endReason: options.reason, updatedAt: options.now })
    .where(
      and(
        eq(liveSessions.id, options.id),
        eq(liveSessions.performerId, options.performerId),
        eq(liveSessions.status, 'live'),
      ),
    )
    .returning();
  return row ?? null;
}

/** A show with its creator's public fields. */
export async function findLiveSessionWithPerformer(
  db: Executor,
  id: string,
): Promise<LiveSessionWithPerformer | null> {
  const [row] = await db
    .select({ session: liveSessions, performer: performerColumns })
    .from(liveSessions)
    .innerJoin(users, eq(users.id, liveSessions.performerId))
    .where(eq(liveSessions.id, id));
  return row ?? null;
}

/** Live shows of listed creators (and the viewer's own), newest first, with the total. */
export async function searchLiveSessions(
  db: Executor,
  options: { viewerId: string | null; geo: GeoViewer; performerId?: string; offset: number; limit: number },
): Promise<{ rows: LiveSessionWithPerformer[]; total: number }> {
  const where = and(
    eq(liveSessions.status, 'live'),
    options.viewerId ? or(listedCondition, eq(users.id, options.viewerId)) : listedCondition,
    creatorListedForViewer(options.geo, users.id),
    ...(options.performerId ? [eq(liveSessions.performerId, options.performerId)] : []),
  );
  const base = () =>
    db
      .select({ session: liveSessions, performer: performerColumns })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id));
  const [rows, totals] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(liveSessions.startedAt), desc(liveSessions.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: count() })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Which of these creators the fan holds an active subscription to (one query for a page). */
export async function findSubscribedPerformerIds(
  db: Executor,
  options: { fanId: string; performerIds: string[]; now: Date },
): Promise<Set<string>> {
  if (options.performerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: subscriptions.performerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.fanId, options.fanId),
        inArray(subscriptions.performerId, options.performerIds),
        gt(subscriptions.expiredAt, options.now),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Which of these sessions the fan paid for (one query for a page). */
export async function findPaidSessionIds(
  db: Executor,
  options: { fanId: string; sessionIds: string[] },
): Promise<Set<string>> {
  if (options.sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: purchases.targetId })
    .from(purchases)
    .where(
      and(
        eq(purchases.fanId, options.fanId),
        eq(purchases.targetType, 'stream'),
        inArray(purchases.targetId, options.sessionIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Janus saw the creator's media up: the show's publisher is seen now and not gone. */
export async function markPublisherUp(db: Executor, options: { id: string; performerId: string; now: Date }) {
  await db
    .update(liveSessions)
    .set({ publisherSeenAt: options.now, publisherGoneAt: null })
    .where(
      and(
        eq(liveSessions.id, options.id),
        eq(liveSessions.performerId, options.performerId),
        eq(liveSessions.status, 'live'),
      ),
    );
}

/** Janus saw the creator's media go down; the first "gone" time stays while it stays down. */
export async function markPublisherDown(
  db: Executor,
  options: { id: string; performerId: string; now: Date },
) {
  await db
    .update(liveSessions)
    .set({ publisherGoneAt: sql`coalesce(${liveSessions.publisherGoneAt}, ${options.now})` })
    .where(
      and(
        eq(liveSessions.id, options.id),
        eq(liveSessions.performerId, options.performerId),
        eq(liveSessions.status, 'live'),
      ),
    );
}

/** The creator's page was given media tokens until `until`: the show's publisher lease moves on. */
export async function renewPublisherLease(db: Executor, options: { id: string; until: Date }) {
  await db
    .update(liveSessions)
    .set({ publisherLeaseUntil: sql`greatest(${liveSessions.publisherLeaseUntil}, ${options.until})` })
    .where(and(eq(liveSessions.id, options.id), eq(liveSessions.status, 'live')));
}

/**
 * Ends every live show whose publisher went away before `goneBefore`: its media went down then
 * (Janus said so), or its page's media lease ran out then (nobody asked for fresh tokens). A show
 * whose creator never got tokens (no media on this server) has no lease and is not ended here.
 * Answers the ended rows.
 */
export async function endAbandonedLiveSessions(
  db: Executor,
  options: { goneBefore: Date; now: Date },
): Promise<LiveSessionRow[]> {
  return db
    .update(liveSessions)
    .set({ status: 'ended', endedAt: options.now, endReason: 'publisher_gone', updatedAt: options.now })
    .where(
      and(
        eq(liveSessions.status, 'live'),
        or(
          lte(liveSessions.publisherGoneAt, options.goneBefore),
          lte(liveSessions.publisherLeaseUntil, options.goneBefore),
        ),
      ),
    )
    .returning();
}

/** Ends every live show of one creator (their account was deactivated); answers the ended rows. */
export async function endLiveSessionsOfPerformer(
  db: Executor,
  options: { performerId: string; reason: LiveSessionEndReason; now: Date },
): Promise<LiveSessionRow[]> {
  return db
    .update(liveSessions)
    .set({ status: 'ended', endedAt: options.now, endReason: options.reason, updatedAt: options.now })
    .where(and(eq(liveSessions.performerId, options.performerId), eq(liveSessions.status, 'live')))
    .returning();
}

export type ModerationRow = typeof liveSessionModerations.$inferSelect;

/** The viewer's moderation in each of these shows (one query for a page). */
export async function findModerations(
  db: Executor,
  options: { userId: string; sessionIds: string[] },
): Promise<Map<string, ModerationRow>> {
  if (options.sessionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(liveSessionModerations)
    .where(
      and(
        eq(liveSessionModerations.userId, options.userId),
        inArray(liveSessionModerations.sessionId, options.sessionIds),
      ),
    );
  return new Map(rows.map((r) => [r.sessionId, r]));
}

/** Mutes, unmutes or removes a viewer of a show; a removal stays whatever comes after it. */
export async function upsertModeration(
  db: Executor,
  options: { sessionId: string; userId: string; isMuted?: boolean; isRemoved?: true; now: Date },
): Promise<ModerationRow> {
  const patch = {
    ...(options.isMuted !== undefined ? { isMuted: options.isMuted } : {}),
    ...(options.isRemoved ? { isRemoved: true } : {}),
    updatedAt: options.now,
  };
  const [row] = await db
    .insert(liveSessionModerations)
    .values({ sessionId: options.sessionId, userId: options.userId, ...patch })
    .onConflictDoUpdate({
      target: [liveSessionModerations.sessionId, liveSessionModerations.userId],
      set: patch,
    })
    .returning();
  return row!;
}

/** The show whose public chat this conversation is. */
export async function findLiveSessionIdByConversation(db: Executor, conversationId: string) {
  const [row] = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(eq(liveSessions.conversationId, conversationId));
  return row?.id ?? null;
}

/** The creator's show that is live now. */
export async function findLiveSessionIdOfPerformer(db: Executor, performerId: string) {
  const [row] = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(and(eq(liveSessions.performerId, performerId), eq(liveSessions.status, 'live')));
  return row?.id ?? null;
}

/** Whether a user with this id exists (a moderated viewer must be a person). */
export async function userExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

/** Who a socket's person is, for the access gate. */
export async function findActorFields(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
