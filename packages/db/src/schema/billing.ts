import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A fan's site-wide membership (business-rules.md "Subscriptions"), one row per fan. The expiry the
 * app reads is `users.site_subscription_expires_at` (also set by a sign-up trial); this row records
 * what that column cannot: whether the fan already had the free trial.
 */
export const siteSubscriptions = pgTable('site_subscriptions', {
  fanId: uuid('fan_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiredAt: timestamp('expired_at', { withTimezone: true }),
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
