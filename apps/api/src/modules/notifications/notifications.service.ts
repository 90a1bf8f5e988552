import {
  notificationTypeInfo,
  notificationTypesFor,
  type TNotification,
  type TNotificationChannel,
  type TNotificationList,
  type TNotificationListQuery,
  type TNotificationPreference,
  type TNotificationPreferencesUpdate,
  type TNotificationType,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import * as repo from './notifications.repo';

export const notificationEmailJobName = 'notifications.email';

export interface NotificationEmailJob {
  userId: string;
  type: TNotificationType;
  title: string;
  text: string;
  link: string | null;
  values?: Record<string, string>;
}

export interface NotifyInput {
  /** One person or several (the same words for each). */
  userIds: string | string[];
  type: TNotificationType;
  title: string;
  text: string;
  /** A path of the site (`/creator/orders`); mails make it absolute with PUBLIC_URL. */
  link?: string | null;
  /** Extra values for the type's mail template (`orderNumber`, `trackingCode`, …). */
  values?: Record<string, string>;
}

const isChannel = (value: string | undefined): value is TNotificationChannel =>
  value === 'email' || value === 'in-app' || value === 'off';

/** The channel that applies: the person's choice, else the type's default; mandatory types always mail. */
export function channelFor(type: TNotificationType, stored: string | undefined): TNotificationChannel {
  const info = notificationTypeInfo[type];
  if (info.isMandatory) return 'email';
  return isChannel(stored) ? stored : info.defaultChannel;
}

export const presentNotification = (row: repo.NotificationRow): TNotification => ({
  _id: row.id,
  type: row.type as TNotificationType,
  title: row.title,
  text: row.body,
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Tells people something, each by their preference for the type: writes their in-app rows, pushes
 * each to the person's open tabs (every node, through the hub) and queues the mail job. Call it
 * after the change committed, never inside a money transaction. It never throws: a notification
 * that cannot be written or a mail that cannot be queued is logged, and the change stands.
 */
export async function notify(ctx: AppContext, input: NotifyInput): Promise<void> {
  try {
    const ids = [...new Set(Array.isArray(input.userIds) ? input.userIds : [input.userIds])];
    if (ids.length === 0) return;
    const info = notificationTypeInfo[input.type];
    const now = ctx.clock.now();
    const link = input.link ?? null;
    const told = await repo.insertNotificationsFor(ctx.db, {
      userIds: ids,
      type: input.type,
      title: input.title,
      body: input.text,
      link,
      createdAt: now,
      mandatory: info.isMandatory === true,
      defaultChannel: info.defaultChannel,
    });
    for (const person of told) {
      try {
        ctx.realtime.toUser(person.userId, 'notification/created', {
          notification: {
            _id: person.id,
            type: input.type,
            title: input.title,
            text: input.text,
            link,
            readAt: null,
            createdAt: now.toISOString(),
          },
          unreadCount: person.unreadCount,
        });
      } catch (err) {
        ctx.log.warn({ err, notificationId: person.id }, 'could not push a notification');
      }
    }
    for (const person of told) {
      if (person.channel !== 'email' || !person.email) continue;
      const job: NotificationEmailJob = {
        userId: person.userId,
        type: input.type,
        title: input.title,
        text: input.text,
        link,
        ...(input.values ? { values: input.values } : {}),
      };
      await ctx.queue
        .send(notificationEmailJobName, job)
        .catch((err: unknown) =>
          ctx.log.error(
            { err, userId: person.userId, type: input.type },
            'could not queue a notification mail',
          ),
        );
    }
  } catch (err) {
    ctx.log.error({ err, type: input.type }, 'could not write a notification');
  }
}

/** `GET /notifications`: the actor's notifications, newest first, with the unread count. */
export async function listMyNotifications(
  ctx: AppContext,
  options: { actor: Actor; query: TNotificationListQuery },
): Promise<TNotificationList> {
  const { actor, query } = options;
  const onlyUnread = query.unread === 'true';
  const [rows, total, unreadCount] = await Promise.all([
    repo.listNotifications(ctx.db.db, {
      userId: actor.id,
      offset: query.offset,
      limit: query.limit,
      onlyUnread,
    }),
    repo.countNotifications(ctx.db.db, { userId: actor.id, onlyUnread }),
    repo.countUnread(ctx.db.db, actor.id),
  ]);
  return { data: rows.map(presentNotification), total, unreadCount };
}

/** `POST /notifications/{id}/read`: someone else's id is the same 404 as a missing one. */
export async function readNotification(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ unreadCount: number }> {
  const { actor, id } = options;
  const own = await repo.findOwnNotification(ctx.db.db, { userId: actor.id, id });
  if (!own) throw notFound('The notification');
  if (!own.readAt) await repo.markRead(ctx.db.db, { userId: actor.id, id, at: ctx.clock.now() });
  const unreadCount = await repo.countUnread(ctx.db.db, actor.id);
  ctx.realtime.toUser(actor.id, 'notification/read', { ids: [id], unreadCount });
  return { unreadCount };
}

/** `POST /notifications/read-all` */
export async function readAllNotifications(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<{ unreadCount: number }> {
  await repo.markAllRead(ctx.db.db, { userId: options.actor.id, at: ctx.clock.now() });
  ctx.realtime.toUser(options.actor.id, 'notification/read', { ids: null, unreadCount: 0 });
  return { unreadCount: 0 };
}

/** `GET /notifications/preferences`: every type the actor's role can receive, with the channel in force. */
export async function getMyPreferences(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TNotificationPreference[]> {
  const stored = await repo.findPreferencesOf(ctx.db.db, options.actor.id);
  return notificationTypesFor(options.actor.role).map((type) => ({
    type,
    channel: channelFor(type, stored.get(type)),
    label: notificationTypeInfo[type].label,
    description: notificationTypeInfo[type].description,
  }));
}

/** `PUT /notifications/preferences`: a type the actor's role never receives is refused (422). */
export async function updateMyPreferences(
  ctx: AppContext,
  options: { actor: Actor; input: TNotificationPreferencesUpdate },
): Promise<TNotificationPreference[]> {
  const { actor, input } = options;
  const allowed = new Set(notificationTypesFor(actor.role));
  const refused = input.preferences.find((p) => !allowed.has(p.type));
  if (refused) {
    throw new AppError(
      'UNPROCESSABLE',
      `"${notificationTypeInfo[refused.type].label}" is not a notification your account can choose.`,
    );
  }
  await repo.upsertPreferences(ctx.db.db, {
    userId: actor.id,
    preferences: input.preferences,
    at: ctx.clock.now(),
  });
  return getMyPreferences(ctx, { actor });
}

/** Unread messages wait this long before a digest tells of them (read live, they never do). */
export const digestQuietMs = 15 * 60 * 1000;

/**
 * One digest run: each person whose unread messages have waited `digestQuietMs` and came after their
 * last digest is told once ("3 unread messages in 2 conversations"). Two runs at the same moment
 * could both tell someone; the job is sent every 15 minutes per node, so that is rare and harmless.
 */
export async function sendMessageDigests(ctx: AppContext): Promise<number> {
  const quietSince = new Date(ctx.clock.now().getTime() - digestQuietMs);
  // One page per run: people whose preference is off get no row and would come back in a loop;
  // whoever is past the page is told at the next run.
  const due = await repo.findDigestsDue(ctx.db.db, { quietSince, limit: 500 });
  for (const person of due) {
    const messages = person.unread === 1 ? '1 unread message' : `${person.unread} unread messages`;
    const where = person.conversations === 1 ? '1 conversation' : `${person.conversations} conversations`;
    await notify(ctx, {
      userIds: person.userId,
      type: 'message.digest',
      title: `You have ${messages}`,
      text: `You have ${messages} in ${where}.`,
      link: '/messages',
    });
  }
  return due.length;
}

/** Every admin's id, for notifications addressed to the site's team. */
export const findAdminIds = (ctx: AppContext) => repo.findAdminIds(ctx.db.db);

const dayMs = 24 * 60 * 60 * 1000;
/** Read notifications are kept this long, unread ones `keepAnyMs` (README, "Notifications"). */
export const keepReadMs = 90 * dayMs;
export const keepAnyMs = 365 * dayMs;

/** Deletes read notifications older than 90 days and any older than a year; returns how many. */
export async function pruneNotifications(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  return repo.deleteOldNotifications(ctx.db.db, {
    readBefore: new Date(now - keepReadMs),
    anyBefore: new Date(now - keepAnyMs),
  });
}
