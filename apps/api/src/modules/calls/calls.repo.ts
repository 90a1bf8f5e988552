import {
  and,
  type CallEndReason,
  type CallSessionStatus,
  callSessions,
  count,
  desc,
  type Executor,
  eq,
  inArray,
  or,
  sql,
  users,
} from '@fanstage/db';
import { alias } from 'drizzle-orm/pg-core';

export type CallSessionRow = typeof callSessions.$inferSelect;
export type NewCallSession = typeof callSessions.$inferInsert;

const fans = alias(users, 'call_fan');
const performers = alias(users, 'call_performer');
const partyColumns = (t: typeof fans) => ({
  id: t.id,
  name: t.name,
  username: t.username,
  avatarPath: t.avatarPath,
});

export interface CallSessionWithParties {
  session: CallSessionRow;
  fan: { id: string; name: string; username: string | null; avatarPath: string | null };
  performer: { id: string; name: string; username: string | null; avatarPath: string | null };
}

const selectWithParties = (db: Executor) =>
  db
    .select({
      session: callSessions,
      fan: partyColumns(fans),
      performer: partyColumns(performers as unknown as typeof fans),
    })
    .from(callSessions)
    .innerJoin(fans, eq(fans.id, callSessions.fanId))
    .innerJoin(performers, eq(performers.id, callSessions.performerId));

/** Inserts a session; null when the fan already has one ringing or live (the partial unique index). */
export async function insertCallSession(
  db: Executor,
  values: NewCallSession,
): Promise<CallSessionRow | null> {
  const [row] = await db.insert(callSessions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findCallSession(db: Executor, id: string): Promise<CallSessionWithParties | null> {
  return (await selectWithParties(db).where(eq(callSessions.id, id)).limit(1))[0] ?? null;
}

/** A page of one person's sessions of one kind, as fan or as creator, newest first. */
export async function listCallSessions(
  db: Executor,
  options: {
    kind: CallSessionRow['kind'];
    fanId?: string;
    performerId?: string;
    status?: CallSessionStatus;
    offset: number;
    limit: number;
  },
): Promise<{ rows: CallSessionWithParties[]; total: number }> {
  const where = and(
    eq(callSessions.kind, options.kind),
    options.fanId ? eq(callSessions.fanId, options.fanId) : undefined,
    options.performerId ? eq(callSessions.performerId, options.performerId) : undefined,
    options.status ? eq(callSessions.status, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectWithParties(db)
      .where(where)
      .orderBy(desc(callSessions.createdAt), desc(callSessions.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(callSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every call and show of one person, fan or creator (for a list of both sides). */
export async function listMyCalls(
  db: Executor,
  options: { userId: string; status?: CallSessionStatus; offset: number; limit: number },
): Promise<{ rows: CallSessionWithParties[]; total: number }> {
  const where = and(
    eq(callSessions.kind, 'call'),
    sql`(${callSessions.fanId} = ${options.userId} OR ${callSessions.performerId} = ${options.userId})`,
    options.status ? eq(callSessions.status, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectWithParties(db)
      .where(where)
      .orderBy(desc(callSessions.createdAt), desc(callSessions.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(callSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Moves a session from one of `from` to a new state, guarded in SQL (two clicks, or a click racing
 * the ticker, change it once). Answers the updated row, or null when it was not in `from`.
 */
export async function transitionCallSession(
  db: Executor,
  options: {
    id: string;
    kind: CallSessionRow['kind'];
    from: CallSessionStatus[];
    set: Partial<NewCallSession>;
    /** Extra guard: this person must be its fan or creator. */
    fanId?: string;
    performerId?: string;
  },
): Promise<CallSessionRow | null> {
  const [row] = await db
    .update(callSessions)
    .set(options.set)
    .where(
      and(
        eq(callSessions.id, options.id),
        eq(callSessions.kind, options.kind),
        inArray(callSessions.status, options.from),
        options.fanId ? eq(callSessions.fanId, options.fanId) : undefined,
        options.performerId ? eq(callSessions.performerId, options.performerId) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends a live session with its totals; null when it was not live (ended already). */
export async function endLiveCallSession(
  db: Executor,
  options: { id: string; reason: CallEndReason; now: Date },
): Promise<CallSessionRow | null> {
  const [row] = await db
    .update(callSessions)
    .set({
      status: 'finished',
      endedAt: options.now,
      endReason: options.reason,
      totalSeconds: sql`greatest(0, floor(extract(epoch from (${options.now}::timestamptz - ${callSessions.startedAt}))))::int`,
    })
    .where(and(eq(callSessions.id, options.id), eq(callSessions.status, 'live')))
    .returning();
  return row ?? null;
}

/** Records that one side's page is still there. */
export async function touchCallSession(
  db: Executor,
  options: { id: string; side: 'fan' | 'creator'; now: Date },
): Promise<void> {
  await db
    .update(callSessions)
    .set(options.side === 'fan' ? { fanSeenAt: options.now } : { creatorSeenAt: options.now })
    .where(eq(callSessions.id, options.id));
}

/** Live sessions whose fan has not been seen since `since`. */
export async function findGoneFanSessions(db: Executor, options: { since: Date; limit: number }) {
  return db
    .select({ id: callSessions.id })
    .from(callSessions)
    .where(
      and(
        eq(callSessions.status, 'live'),
        sql`coalesce(${callSessions.fanSeenAt}, ${callSessions.startedAt}) < ${options.since}`,
      ),
    )
    .limit(options.limit);
}

/** Live sessions whose next minute has begun: minute k+1 is due at started_at + k minutes. */
export async function findDueCallSessions(db: Executor, options: { now: Date; limit: number }) {
  return db
    .select({ id: callSessions.id, billedMinutes: callSessions.billedMinutes })
    .from(callSessions)
    .where(
      and(
        eq(callSessions.status, 'live'),
        sql`${callSessions.startedAt} + make_interval(mins => ${callSessions.billedMinutes}) <= ${options.now}`,
      ),
    )
    .orderBy(callSessions.startedAt)
    .limit(options.limit);
}

/** Calls that rang since before `before` without an answer: missed, guarded like any change. */
export async function missRingingCalls(db: Executor, options: { before: Date; now: Date }) {
  return db
    .update(callSessions)
    .set({ status: 'missed', endedAt: options.now })
    .where(and(eq(callSessions.status, 'ringing'), sql`${callSessions.createdAt} < ${options.before}`))
    .returning();
}

/** The sessions of one creator and fan that are not over yet (asked, approved, ringing or live). */
export async function findOpenSessionsOfPair(db: Executor, options: { performerId: string; fanId: string }) {
  return db
    .select({ id: callSessions.id, kind: callSessions.kind, status: callSessions.status })
    .from(callSessions)
    .where(
      and(
        eq(callSessions.performerId, options.performerId),
        eq(callSessions.fanId, options.fanId),
        inArray(callSessions.status, ['pending', 'approved', 'ringing', 'live']),
      ),
    );
}

/** The live calls and private shows one person is in, on either side. */
export async function findLiveCallSessionsOf(db: Executor, userId: string) {
  return db
    .select({ id: callSessions.id })
    .from(callSessions)
    .where(
      and(
        eq(callSessions.status, 'live'),
        or(eq(callSessions.fanId, userId), eq(callSessions.performerId, userId)),
      ),
    );
}
