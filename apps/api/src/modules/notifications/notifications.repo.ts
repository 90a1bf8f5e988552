import { unreadNotificationsCap } from '@fanstage/contract';
import {
  and,
  conversationMembers,
  count,
  type DbHandle,
  desc,
  type Executor,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  newId,
  notificationPreferences,
  notifications,
  or,
  sql,
  users,
} from '@fanstage/db';
import { preparedPerShape, preparedSql } from '../../lib/prepared';

export type NotificationRow = typeof notifications.$inferSelect;

/** A person told by `insertNotificationsFor`: their row's id, channel, mail address and unread count. */
export interface ToldRow {
  id: string;
  userId: string;
  channel: 'email' | 'in-app';
  email: string | null;
  unreadCount: number;
}

/** One notification for one person, as `insertNotificationsFor` writes it. */
interface WantedRow {
  id: string;
  userId: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  mandatory: boolean;
  defaultChannel: string;
}

/*
 * The whole of writing notifications, in one statement: each existing person's channel for the type
 * (their stored choice when it is a channel, else the type's default; a mandatory type always
 * mails), a row for each one whose channel is not `off`, and each one's unread count with the new
 * rows. The count reads the statement's snapshot, which does not hold the rows it inserts: hence
 * the rows' own rank per person is added. Capped at `unreadNotificationsCap`.
 *
 * Two shapes, each built once per database handle. One row (a tip, an order: the common case) has
 * plain parameters, so PostgreSQL settles on one generic plan; several rows travel as one jsonb
 * array read by `jsonb_to_recordset`, whose estimate does not depend on the value, so that shape
 * also keeps its generic plan (with a uuid[] parameter, a plan knowing its length always looked
 * cheaper, and the statement was planned again on every execution).
 */
const insertWanted = preparedPerShape((handle, shape) => {
  const p = (name: string) => sql.placeholder(name);
  const wanted =
    shape === 'one'
      ? sql`select 1::bigint as ord, ${p('id')}::uuid as id, ${p('userId')}::uuid as user_id,
          ${p('type')}::text as type, ${p('title')}::text as title, ${p('body')}::text as body,
          ${p('link')}::text as link, ${p('createdAt')}::timestamptz as created_at,
          ${p('mandatory')}::boolean as mandatory, ${p('defaultChannel')}::text as default_channel`
      : sql`select w.ord, w.id, w."userId" as user_id, w.type, w.title, w.body, w.link,
          w."createdAt" as created_at, w.mandatory, w."defaultChannel" as default_channel
        from jsonb_to_recordset(${p('rows')}::jsonb) as w(ord bigint, id uuid, "userId" uuid,
          type text, title text, body text, link text, "createdAt" timestamptz, mandatory boolean,
          "defaultChannel" text)`;
  return preparedSql<ToldRow>(
    handle,
    sql`with wanted as (${wanted}), told as (
      select w.*, u.email,
        case when w.mandatory then 'email'
             when np.channel in ('email', 'in-app', 'off') then np.channel
             else w.default_channel end as channel
      from wanted w
      join ${users} u on u.id = w.user_id
      left join ${notificationPreferences} np on np.user_id = u.id and np.type = w.type
    ), inserted as (
      insert into ${notifications} (id, user_id, type, title, body, link, created_at)
      select id, user_id, type, title, body, link, created_at from told where channel <> 'off'
      returning id
    )
    select t.id, t.user_id as "userId", t.channel, t.email,
      least(${unreadNotificationsCap}, row_number() over (partition by t.user_id order by t.ord) + (
        select count(*) from (
          select 1 from ${notifications} n where n.user_id = t.user_id and n.read_at is null
          limit ${unreadNotificationsCap}
        ) capped
      ))::int as "unreadCount"
    from told t join inserted i on i.id = t.id`,
    `insert_notifications_${shape}`,
  );
});

async function insertWantedRows(handle: DbHandle, rows: WantedRow[]): Promise<ToldRow[]> {
  const result =
    rows.length === 1
      ? await insertWanted(handle, 'one').execute({ ...rows[0] })
      : await insertWanted(handle, 'rows').execute({
          rows: JSON.stringify(rows.map((row, k) => ({ ...row, ord: k + 1 }))),
        });
  return result.rows.map((r) => ({ ...r, unreadCount: Number(r.unreadCount) }));
}

interface Waiting {
  rows: WantedRow[];
  done: (told: ToldRow[]) => void;
  failed: (error: unknown) => void;
}

/*
 * Notifications asked for in the same turn of the event loop (the tips of a busy live show, the
 * answers of many requests that completed together) are written by one statement: the first call
 * of a turn schedules the write with setImmediate, which runs once the turn's I/O callbacks are
 * done, so a lone call waits for nothing and a busy node writes one row set instead of one
 * statement and one commit each. Each caller gets its own people back.
 */
const waitingByHandle = new WeakMap<DbHandle, Waiting[]>();

function writeWaiting(handle: DbHandle) {
  const batch = waitingByHandle.get(handle) ?? [];
  waitingByHandle.delete(handle);
  insertWantedRows(
    handle,
    batch.flatMap((w) => w.rows),
  ).then(
    (told) => {
      const byId = new Map(told.map((t) => [t.id, t]));
      for (const w of batch) w.done(w.rows.flatMap((r) => byId.get(r.id) ?? []));
    },
    (error: unknown) => {
      for (const w of batch) w.failed(error);
    },
  );
}

export function insertNotificationsFor(
  handle: DbHandle,
  input: {
    /** Distinct people; one id is made for each. */
    userIds: string[];
    type: string;
    title: string;
    body: string;
    link: string | null;
    createdAt: Date;
    mandatory: boolean;
    defaultChannel: string;
  },
): Promise<ToldRow[]> {
  if (input.userIds.length === 0) return Promise.resolve([]);
  const { userIds, createdAt, ...same } = input;
  const rows = userIds.map((userId) => ({
    ...same,
    id: newId(),
    userId,
    createdAt: createdAt.toISOString(),
  }));
  return new Promise((done, failed) => {
    let waiting = waitingByHandle.get(handle);
    if (!waiting) {
      waiting = [];
      waitingByHandle.set(handle, waiting);
      setImmediate(() => writeWaiting(handle));
    }
    waiting.push({ rows, done, failed });
  });
}

/** A person's notifications, newest first (the `(user_id, created_at DESC, id DESC)` index). */
export function listNotificationsQuery(
  db: Executor,
  options: { userId: string; offset: number; limit: number; onlyUnread: boolean },
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, options.userId),
        options.onlyUnread ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function listNotifications(
  db: Executor,
  options: { userId: string; offset: number; limit: number; onlyUnread: boolean },
): Promise<NotificationRow[]> {
  return listNotificationsQuery(db, options);
}

/** How many notifications a person has (unread only: the partial unread index). */
export function countNotificationsQuery(db: Executor, options: { userId: string; onlyUnread: boolean }) {
  return db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, options.userId),
        options.onlyUnread ? isNull(notifications.readAt) : undefined,
      ),
    );
}

export async function countNotifications(
  db: Executor,
  options: { userId: string; onlyUnread: boolean },
): Promise<number> {
  const [row] = await countNotificationsQuery(db, options);
  return row?.n ?? 0;
}

/**
 * How many unread notifications a person has, up to `unreadNotificationsCap` (the partial unread
 * index). Counting every unread row of a creator who never opens the list (ten thousand tips, ten
 * thousand notifications) on each new one cost PostgreSQL more than the tip that caused it; the bell
 * shows 99+ past 99 anyway. The list's `total` stays exact.
 */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** Unread counts of several people, each up to `unreadNotificationsCap`, in one statement. */
export async function unreadCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      n: sql<number>`(select count(*)::int from (select 1 from ${notifications} n where n."user_id" = "users"."id" and n."read_at" is null limit ${unreadNotificationsCap}) capped)`,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The notification when it is the person's own; null for missing and for someone else's. */
export async function findOwnNotification(db: Executor, options: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, options.id), eq(notifications.userId, options.userId)));
  return row ?? null;
}

/** Marks one (own) notification read; a read one keeps its first `read_at`. */
export async function markRead(db: Executor, options: { userId: string; id: string; at: Date }) {
  await db
    .update(notifications)
    .set({ readAt: options.at })
    .where(
      and(
        eq(notifications.id, options.id),
        eq(notifications.userId, options.userId),
        isNull(notifications.readAt),
      ),
    );
}

/** Marks every unread notification of the person read; returns how many changed. */
export async function markAllRead(db: Executor, options: { userId: string; at: Date }): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: options.at })
    .where(and(eq(notifications.userId, options.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The stored choices of several people for one type (absent: the type's default). */
export async function findChannels(
  db: Executor,
  options: { userIds: string[]; type: string },
): Promise<Map<string, string>> {
  if (options.userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, options.userIds),
        eq(notificationPreferences.type, options.type),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.channel]));
}

export async function findPreferencesOf(db: Executor, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ type: notificationPreferences.type, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((r) => [r.type, r.channel]));
}

export async function upsertPreferences(
  db: Executor,
  options: { userId: string; preferences: { type: string; channel: string }[]; at: Date },
): Promise<void> {
  if (options.preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(
      options.preferences.map((p) => ({
        userId: options.userId,
        type: p.type,
        channel: p.channel,
        updatedAt: options.at,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { channel: sql`excluded.channel`, updatedAt: sql`excluded.updated_at` },
    });
}

/** Who can be told: existing accounts among the ids, with their address and role. */
export async function findRecipients(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Every admin account (payout requests go to all of them). */
export async function findAdminIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

/**
 * People with unread messages that have waited since `quietSince` and arrived after their last
 * digest: their unread total and in how many conversations. One grouped read of the partial
 * unread index; the last digest is looked up per person on the notifications index.
 */
export async function findDigestsDue(db: Executor, options: { quietSince: Date; limit: number }) {
  const lastDigest = sql`COALESCE((
    SELECT max(${notifications.createdAt}) FROM ${notifications}
    WHERE ${notifications.userId} = ${conversationMembers.userId} AND ${notifications.type} = 'message.digest'
  ), '-infinity'::timestamptz)`;
  return db
    .select({
      userId: conversationMembers.userId,
      unread: sql<number>`sum(${conversationMembers.unreadCount})::int`,
      conversations: sql<number>`count(*)::int`,
    })
    .from(conversationMembers)
    .where(
      and(
        sql`${conversationMembers.unreadCount} > 0`,
        sql`${conversationMembers.lastActivityAt} <= ${options.quietSince}`,
        sql`${conversationMembers.lastActivityAt} > ${lastDigest}`,
      ),
    )
    .groupBy(conversationMembers.userId)
    .orderBy(conversationMembers.userId)
    .limit(options.limit);
}

/** Deletes read notifications created before `readBefore` and any created before `anyBefore`. */
export async function deleteOldNotifications(
  db: Executor,
  options: { readBefore: Date; anyBefore: Date },
): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(
      or(
        lt(notifications.createdAt, options.anyBefore),
        and(isNotNull(notifications.readAt), lt(notifications.createdAt, options.readBefore)),
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}
