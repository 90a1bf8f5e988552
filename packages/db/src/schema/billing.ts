import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A fan's site-wide membership (business-rules.md "Subscriptions"), one row per fan. The expiry the
 * app reads is `users.site_subscription_expires_at` (also set by a sign-up trial); this row records
 * what that column cannot: whether the fan already had the free trial, and whether the renewal job
 * charges the next month from the wallet.
 */
export const siteSubscriptions = pgTable(
  'site_subscriptions',
  {
    fanId: uuid('fan_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    /** How the current period was paid; the renewal job charges only `wallet` memberships. */
    paymentMethod: text('payment_method', { enum: ['wallet', 'card'] }),
    /** On after a paid month; off after a cancel or a renewal that could not be paid. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** When a wallet renewal could not be paid (the membership lapsed, renewal off). */
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // The renewal job's scan: wallet-paid, renewing, by expiry.
    index('site_subscriptions_renewal_idx')
      .on(t.expiredAt)
      .where(sql`${t.autoRenew} AND ${t.paymentMethod} = 'wallet'`),
  ],
);
