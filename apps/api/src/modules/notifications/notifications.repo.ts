import { unreadNotificationsCap } from '@fanstage/contract';
import {
  and,
  conversationMembers,
  count,
  desc,
  type Executor,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notificationPreferences,
  notifications,
  or,
  sql,
  users,
} from '@fanstage/db';

export type NotificationRow = typeof notifications.$inferSelect;

/** One row per recipient, in one statement. */
export async function insertNotifications(
  db: Executor,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
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
