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

/** A uuid[] parameter: one text literal, cast in SQL (drizzle would expand a JS array into a list). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** A person told by `insertNotificationsFor`: their row's id, channel, mail address and unread count. */
export interface ToldRow {
  id: string;
  userId: string;
  channel: 'email' | 'in-app';
  email: string | null;
  unreadCount: number;
}

/**
 * The whole of writing one notification to several people, in one statement: each existing person's
 * channel for the type (their stored choice when it is a channel, else the type's default; a
 * mandatory type always mails), a row for each one whose channel is not `off`, and each one's unread
 * count with the new row (the count reads the statement's snapshot, which does not hold the rows it
 * inserts: hence the + 1), capped at `unreadNotificationsCap`. Built once per database handle.
 */
const insertForPeople = preparedPerShape((handle, shape) => {
  const p = (name: string) => sql.placeholder(name);
  // One person (a tip, an order) is the common case: plain parameters, so PostgreSQL settles on one
  // generic plan. With arrays, a plan that knows their length always looks cheaper than the generic
  // one, and the statement would be planned again on every execution.
  const wanted =
    shape === 'one'
      ? sql`select ${p('userId')}::uuid as user_id, ${p('id')}::uuid as id`
      : sql`select w.user_id, w.id from unnest(${p('userIds')}::uuid[], ${p('ids')}::uuid[]) as w(user_id, id)`;
  return preparedSql<ToldRow>(
    handle,
    sql`with wanted as (${wanted}), told as (
      select w.id, u.id as user_id, u.email,
        case when ${p('mandatory')}::boolean then 'email'
             when np.channel in ('email', 'in-app', 'off') then np.channel
             else ${p('defaultChannel')}::text end as channel
      from wanted w
      join ${users} u on u.id = w.user_id
      left join ${notificationPreferences} np on np.user_id = u.id and np.type = ${p('type')}::text
    ), inserted as (
      insert into ${notifications} (id, user_id, type, title, body, link, created_at)
      select id, user_id, ${p('type')}::text, ${p('title')}::text, ${p('body')}::text, ${p('link')}::text,
        ${p('createdAt')}::timestamptz
      from told where channel <> 'off'
      returning id, user_id
    )
    select i.id, i.user_id as "userId", t.channel, t.email,
      least(${unreadNotificationsCap}, 1 + (
        select count(*) from (
          select 1 from ${notifications} n where n.user_id = i.user_id and n.read_at is null
          limit ${unreadNotificationsCap}
        ) capped
      ))::int as "unreadCount"
    from inserted i join told t on t.id = i.id`,
    `insert_notifications_for_${shape}`,
  );
});

export async function insertNotificationsFor(
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
  if (input.userIds.length === 0) return [];
  const one = input.userIds.length === 1;
  const ids = input.userIds.map(() => newId());
  const result = await insertForPeople(handle, one ? 'one' : 'many').execute({
    ...(one
      ? { userId: input.userIds[0], id: ids[0] }
      : { userIds: uuidArray(input.userIds), ids: uuidArray(ids) }),
    type: input.type,
    title: input.title,
    body: input.body,
    link: input.link,
    createdAt: input.createdAt.toISOString(),
    mandatory: input.mandatory,
    defaultChannel: input.defaultChannel,
  });
  return result.rows.map((r) => ({ ...r, unreadCount: Number(r.unreadCount) }));
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
