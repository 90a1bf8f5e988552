import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';

/**
 * The in-app notification centre: one row per person told. `type` is a notification type of the
 * contract (`tip.received`, `payout.paid`, …); title and body are plain text written when the event
 * happened (never re-rendered, so a later edit of a post does not rewrite what was said); `link` is
 * a path of the site. Unread is `read_at IS NULL`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (newest first) and "mark all read" walk a person's rows in this order.
    index('notifications_user_created_idx').on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    // The unread badge counts only unread rows: a partial index keeps it small however long the history.
    index('notifications_user_unread_idx')
      .on(t.userId, sql`${t.createdAt} DESC`)
      .where(sql`${t.readAt} IS NULL`),
    // The daily pruning finds old rows by age alone.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * A person's choice for one notification type: `email` (in the centre and by mail), `in-app`
 * (centre only) or `off`. No row means the type's default (see the contract's defaults).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * An admin's edit of one mail's words. The default words live in code (the API's template
 * registry); a row here replaces them until it is deleted ("reset to default"). `key` is the
 * registry's key (`auth.reset-password`, `notification.order.shipped`, …).
 */
export const emailTemplates = pgTable('email_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
