import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';

export const subscriptionPaymentMethods = ['wallet', 'card', 'free'] as const;

/**
 * One row per (fan, creator). A fan counts as subscribed while expired_at > now.
 * The money issue writes these rows (payments, renewals); the content access gate reads them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['monthly', 'yearly', 'free'] }).notNull(),
    /** How the current period was paid: renewals run from the wallet only for `wallet`. */
    paymentMethod: text('payment_method', { enum: subscriptionPaymentMethods }).notNull().default('wallet'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the fan took this creator's free subscription: it can be claimed once. */
    freeClaimedAt: timestamp('free_claimed_at', { withTimezone: true }),
    /** When a wallet renewal could not be paid (the subscription lapsed, renewal off). */
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    /** The end of the period whose "ends soon" reminder the fan got (one reminder per period). */
    expiryRemindedFor: timestamp('expiry_reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('subscriptions_fan_performer_idx').on(t.fanId, t.performerId),
    index('subscriptions_performer_expiry_idx').on(t.performerId, t.expiredAt),
    // The renewal job's scan: wallet-paid, renewing, by expiry.
    index('subscriptions_renewal_idx')
      .on(t.expiredAt)
      .where(sql`${t.autoRenew} AND ${t.paymentMethod} = 'wallet'`),
  ],
);

export const purchaseTargets = ['feed', 'video', 'gallery', 'message', 'product', 'stream'] as const;

/**
 * Content a fan bought once (pay-per-view). Written by the wallet charge in the same transaction as the
 * money; read by the content access gate. Products may be bought many times, so they are not unique here.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: purchaseTargets }).notNull(),
    targetId: uuid('target_id').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_once_idx')
      .on(t.fanId, t.targetType, t.targetId)
      .where(sql`${t.targetType} <> 'product'`),
    index('purchases_fan_target_idx').on(t.fanId, t.targetType, t.targetId),
    check('purchases_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A creator (`performer_id`) blocking a fan (`target_id`): the fan may not see, message, pay or watch
 * that creator (business-rules.md "Blocking and geo-blocking"). One row per pair; the bulk look-up
 * by fan (`blockedBy` in the access module) uses the target index.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_blocks_performer_target_idx').on(t.performerId, t.targetId),
    index('user_blocks_target_idx').on(t.targetId),
    check('user_blocks_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
