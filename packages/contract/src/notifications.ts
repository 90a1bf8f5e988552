import { z } from 'zod';
import { ZId } from './common';

/*
 * The notification centre (issue 13): what a person is told, in the bell and (per their choice) by
 * mail. Each type has an audience (who can receive it, so the preferences screen lists only the
 * types that concern the person) and a default channel.
 */

export const notificationTypes = [
  'tip.received',
  'subscription.new',
  'subscription.renewed',
  'subscription.renewal-failed',
  'subscription.admin-changed',
  'message.digest',
  'payout.requested',
  'payout.updated',
  'order.placed',
  'charge.refunded',
  'order.shipped',
  'order.delivered',
  'private-show.answered',
  'creator.reviewed',
  'content.moderated',
  'report.reviewed',
  'account.deactivated',
  'subscription.expiring',
  'order.download-ready',
  'private-show.starting',
] as const;
export const ZNotificationType = z.enum(notificationTypes, { message: 'This is not a notification type.' });
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** `email`: in the bell and by mail; `in-app`: in the bell only; `off`: not told. */
export const ZNotificationChannel = z.enum(['email', 'in-app', 'off'], {
  message: 'Choose email, in-app or off.',
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

type Audience = 'fan' | 'creator' | 'admin' | 'everyone';

export interface NotificationTypeInfo {
  label: string;
  description: string;
  audience: Audience;
  defaultChannel: TNotificationChannel;
  /**
   * Always mailed whatever the preference: the person can no longer sign in to read the bell,
   * so the mail is the only way they learn it.
   */
  isMandatory?: boolean;
}

export const notificationTypeInfo: Record<TNotificationType, NotificationTypeInfo> = {
  'tip.received': {
    label: 'Tips',
    description: 'A fan sent you a tip.',
    audience: 'creator',
    defaultChannel: 'in-app',
  },
  'subscription.new': {
    label: 'New subscribers',
    description: 'A fan subscribed to you.',
    audience: 'creator',
    defaultChannel: 'email',
  },
  'subscription.renewed': {
    label: 'Renewed subscriptions',
    description: "A fan's subscription to you renewed.",
    audience: 'creator',
    defaultChannel: 'in-app',
  },
  'subscription.renewal-failed': {
    label: 'Renewals that failed',
    description: 'A subscription of yours could not be renewed.',
    audience: 'fan',
    defaultChannel: 'email',
  },
  'subscription.admin-changed': {
    label: 'Subscriptions changed by the team',
    description: 'A site admin granted, extended or cancelled a subscription between a fan and a creator.',
    audience: 'everyone',
    defaultChannel: 'email',
  },
  'message.digest': {
    label: 'Unread messages',
    description: 'A summary of messages waiting for you, when you have not read them for a while.',
    audience: 'everyone',
    defaultChannel: 'email',
  },
  'payout.requested': {
    label: 'Payout requests',
    description: 'A creator asked for a payout.',
    audience: 'admin',
    defaultChannel: 'email',
  },
  'payout.updated': {
    label: 'Your payouts',
    description: 'A payout request of yours was approved, rejected or paid.',
    audience: 'creator',
    defaultChannel: 'email',
  },
  'order.placed': {
    label: 'New orders',
    description: 'A fan bought one of your products.',
    audience: 'creator',
    defaultChannel: 'email',
  },
  'charge.refunded': {
    label: 'Refunds',
    description: 'A payment was refunded by the team: money back to you, or taken back from your earnings.',
    audience: 'everyone',
    defaultChannel: 'email',
  },
  'order.shipped': {
    label: 'Shipped orders',
    description: 'An order of yours was shipped.',
    audience: 'fan',
    defaultChannel: 'email',
  },
  'order.delivered': {
    label: 'Delivered orders',
    description: 'An order of yours was delivered.',
    audience: 'fan',
    defaultChannel: 'in-app',
  },
  'private-show.answered': {
    label: 'Private shows',
    description: 'A creator approved or declined your private show request.',
    audience: 'fan',
    defaultChannel: 'email',
  },
  'creator.reviewed': {
    label: 'Identity review',
    description: 'Your creator documents were verified or rejected.',
    audience: 'creator',
    defaultChannel: 'email',
  },
  'content.moderated': {
    label: 'Moderation of your content',
    description: 'An administrator hid, restored or removed something of yours, or sent you a warning.',
    audience: 'creator',
    defaultChannel: 'email',
  },
  'report.reviewed': {
    label: 'Your reports',
    description: 'A report you filed was reviewed.',
    audience: 'everyone',
    defaultChannel: 'email',
  },
  'account.deactivated': {
    label: 'Account deactivated',
    description: 'Your account was deactivated.',
    audience: 'everyone',
    defaultChannel: 'email',
    isMandatory: true,
  },
  'subscription.expiring': {
    label: 'Subscriptions ending soon',
    description: 'A subscription of yours that does not renew ends in a few days.',
    audience: 'fan',
    defaultChannel: 'email',
  },
  'order.download-ready': {
    label: 'Downloads',
    description: 'A digital product you bought is ready to download.',
    audience: 'fan',
    defaultChannel: 'email',
  },
  'private-show.starting': {
    label: 'Private shows starting',
    description: 'A creator started your private show.',
    audience: 'fan',
    defaultChannel: 'email',
  },
};

/** The types a person of this role can receive (what their preferences screen lists). */
export function notificationTypesFor(role: 'user' | 'performer' | 'admin'): TNotificationType[] {
  const audiences: Audience[] =
    role === 'admin'
      ? ['admin', 'everyone']
      : role === 'performer'
        ? ['creator', 'everyone']
        : ['fan', 'everyone'];
  return notificationTypes.filter((type) => {
    const info = notificationTypeInfo[type];
    return !info.isMandatory && audiences.includes(info.audience);
  });
}

export const ZNotification = z.object({
  _id: ZId,
  type: ZNotificationType,
  title: z.string(),
  text: z.string(),
  /** A path of the site to open, or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /notifications` */
export const ZNotificationListQuery = z.object({
  offset: z.coerce
    .number({ message: 'The offset must be a number.' })
    .int({ message: 'The offset must be a whole number.' })
    .min(0, { message: 'The offset cannot be negative.' })
    .max(1_000_000, { message: 'The offset can be at most 1000000.' })
    .default(0),
  limit: z.coerce
    .number({ message: 'The limit must be a number.' })
    .int({ message: 'The limit must be a whole number.' })
    .min(1, { message: 'The limit must be at least 1.' })
    .max(50, { message: 'The limit can be at most 50.' })
    .default(20),
  unread: z.enum(['true', 'false'], { message: 'unread is true or false.' }).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** Unread notifications are counted up to this many: the top value means "this many or more". */
export const unreadNotificationsCap = 100;

/**
 * How many unread notifications the person has, counted up to `unreadNotificationsCap` (the bell shows
 * 99+ past 99). The list's `total` is exact.
 */
export const ZUnreadCountValue = z.number().int().min(0).max(unreadNotificationsCap);

export const ZNotificationList = z.object({
  data: z.array(ZNotification),
  total: z.number().int(),
  unreadCount: ZUnreadCountValue,
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationParams = z.object({ id: ZId });

export const ZUnreadCount = z.object({ data: z.object({ unreadCount: ZUnreadCountValue }) });

export const ZNotificationPreference = z.object({
  type: ZNotificationType,
  channel: ZNotificationChannel,
  label: z.string(),
  description: z.string(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

export const ZNotificationPreferences = z.object({ data: z.array(ZNotificationPreference) });

/** `PUT /notifications/preferences`: the types to change (others stay as they are). */
export const ZNotificationPreferencesUpdate = z
  .object({
    preferences: z
      .array(z.object({ type: ZNotificationType, channel: ZNotificationChannel }).strict())
      .min(1, { message: 'Send at least one preference.' })
      .max(notificationTypes.length, { message: `Send at most ${notificationTypes.length} preferences.` }),
  })
  .strict();
export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;

/** Socket: a notification was written for the viewer (every tab), with the new unread count. */
export const ZNotificationCreatedEvent = z.object({
  notification: ZNotification,
  unreadCount: ZUnreadCountValue,
});
export type TNotificationCreatedEvent = z.infer<typeof ZNotificationCreatedEvent>;

/** Socket: the viewer read one or all notifications in some tab. */
export const ZNotificationReadEvent = z.object({
  ids: z.array(ZId).nullable(),
  unreadCount: ZUnreadCountValue,
});
export type TNotificationReadEvent = z.infer<typeof ZNotificationReadEvent>;
