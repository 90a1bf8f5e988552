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
    'performerId' | 'title' | 'priceCents' | 'plannedDurationMinutes'
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
  options: { viewerId: string | null; performerId?: string; offset: number; limit: number },
): Promise<{ rows: LiveSessionWithPerformer[]; total: number }> {
  const where = and(
    eq(liveSessions.status, 'live'),
    options.viewerId ? or(listedCondition, eq(users.id, options.viewerId)) : listedCondition,
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

/** Ends every live show whose publisher went away before `goneBefore`; answers the ended rows. */
export async function endAbandonedLiveSessions(
  db: Executor,
  options: { goneBefore: Date; now: Date },
): Promise<LiveSessionRow[]> {
  return db
    .update(liveSessions)
    .set({ status: 'ended', endedAt: options.now, endReason: 'publisher_gone', updatedAt: options.now })
    .where(and(eq(liveSessions.status, 'live'), lte(liveSessions.publisherGoneAt, options.goneBefore)))
    .returning();
}
