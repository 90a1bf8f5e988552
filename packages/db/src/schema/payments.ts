import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { subscriptions } from './access';
import { users } from './accounts';
import { ledgerTransactions } from './wallet';

/*
 * Payments through gateways (top-ups): what a fan can buy (token packages, coupons), the orders sent
 * to a gateway, the gateway events already processed, and saved cards. Money itself moves only in
 * the ledger (schema/wallet.ts); a paid order points at its ledger transaction.
 */

export const paymentGateways = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];

/** Admin-managed bundles of tokens a fan can buy at a set price. */
export const tokenPackages = pgTable(
  'token_packages',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Tokens credited to the wallet, in cents. */
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull(),
    /** What the fan pays before any coupon, in cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ordering: integer('ordering').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('token_packages_active_idx').on(t.isActive, t.ordering),
    check('token_packages_amounts', sql`${t.tokensCents} > 0 AND ${t.priceCents} > 0`),
  ],
);

/** Percentage-off codes with an expiry and a number of uses; each fan may use one once. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull().default(''),
    code: text('code').notNull(),
    /** 1..100 (percent off the price to pay). */
    discountPercentage: integer('discount_percentage').notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** How many times the code may be used in all. */
    numberOfUses: integer('number_of_uses').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`lower(${t.code})`),
    check('coupons_discount', sql`${t.discountPercentage} BETWEEN 1 AND 100`),
    check('coupons_uses', sql`${t.numberOfUses} >= 0 AND ${t.usedCount} >= 0`),
  ],
);

export const cardSubscriptionKinds = ['performer', 'site'] as const;
export const cardSubscriptionPlans = ['monthly', 'yearly', 'site'] as const;
export type CardSubscriptionPlan = (typeof cardSubscriptionPlans)[number];
/**
 * incomplete: the first payment is not made yet; active: paid, renewing at the gateway;
 * past_due: a renewal payment failed (Stripe retries); ended: no more renewals.
 */
export const cardSubscriptionStatuses = ['incomplete', 'active', 'past_due', 'ended'] as const;
export type CardSubscriptionStatus = (typeof cardSubscriptionStatuses)[number];

/**
 * A subscription paid by card with recurring billing at a gateway (a Stripe Subscription, or the
 * sandbox's own): to a creator (then `subscription_id` points at the fan's `subscriptions` row once
 * the first period is paid) or to the site membership. The access rows are only ever extended by
 * the gateway's signed events; this row records what the gateway said last.
 */
export const cardSubscriptions = pgTable(
  'card_subscriptions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: cardSubscriptionKinds }).notNull(),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: cardSubscriptionPlans }).notNull(),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    /** The gateway's id (a Stripe Subscription id, `sbx_sub_…`). */
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** The price of one period, in cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: cardSubscriptionStatuses }).notNull().default('incomplete'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** End of the last paid period. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Sandbox only: the last four digits of the test card that paid (renewals use it). */
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('card_subscriptions_fan_idx').on(t.fanId, t.createdAt),
    uniqueIndex('card_subscriptions_gateway_idx')
      .on(t.gateway, t.gatewaySubscriptionId)
      .where(sql`${t.gatewaySubscriptionId} IS NOT NULL`),
    // The sandbox renewal scan: renewing rows by the end of their period.
    index('card_subscriptions_renewal_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active' AND NOT ${t.cancelAtPeriodEnd}`),
    check('card_subscriptions_price', sql`${t.priceCents} > 0`),
    check(
      'card_subscriptions_kind',
      sql`(${t.kind} = 'site') = (${t.performerId} IS NULL) AND (${t.kind} = 'site') = (${t.plan} = 'site')`,
    ),
  ],
);

/** A creator's Stripe Connect (Express) account and whether Stripe lets it receive payouts. */
export const stripeConnectedAccounts = pgTable('stripe_connected_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull().unique(),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const paymentOrderTypes = ['wallet_top_up', 'subscription'] as const;
export type PaymentOrderType = (typeof paymentOrderTypes)[number];

/**
 * expired: a top-up still pending an hour after it started (the fan left the checkout); the
 * payments job sets it, and a late confirmation from the gateway still credits the order.
 */
export const paymentOrderStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentOrderStatus = (typeof paymentOrderStatuses)[number];

/** One payment sent to a gateway; the wallet is credited only when the gateway confirms it. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: paymentOrderTypes }).notNull().default('wallet_top_up'),
    /** A subscription order pays one period of this card subscription (sandbox checkout and renewals). */
    cardSubscriptionId: uuid('card_subscription_id').references(() => cardSubscriptions.id, {
      onDelete: 'restrict',
    }),
    tokenPackageId: uuid('token_package_id').references(() => tokenPackages.id, { onDelete: 'set null' }),
    /** Tokens to credit, in cents. */
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull(),
    /** The price before the coupon, in cents. */
    originalPriceCents: bigint('original_price_cents', { mode: 'number' }).notNull(),
    /** What the gateway must collect, in cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    status: text('status', { enum: paymentOrderStatuses }).notNull().default('pending'),
    /** The gateway's id of the payment (a PaymentIntent id, a sandbox payment id). */
    gatewayPaymentId: text('gateway_payment_id'),
    failureReason: text('failure_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_orders_gateway_payment_idx')
      .on(t.gateway, t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} IS NOT NULL`),
    check('payment_orders_amounts', sql`${t.tokensCents} > 0 AND ${t.priceCents} >= 0`),
  ],
);

/** Which fan used which coupon (once each), written with the credit of the paid order. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/** Gateway events already processed: a redelivered or replayed event id is ignored. */
export const paymentGatewayEvents = pgTable(
  'payment_gateway_events',
  {
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    /** What processing did: credited, failed, ignored, unknown_order, amount_mismatch, … */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** A person's customer id at a gateway (Stripe customer), made on first need. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);

/** Saved cards: only the gateway's reference and what a person needs to recognise the card. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    gatewayCardId: text('gateway_card_id').notNull(),
    brand: text('brand').notNull().default(''),
    last4: text('last4').notNull().default(''),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId),
    uniqueIndex('payment_cards_gateway_card_idx').on(t.gateway, t.gatewayCardId),
  ],
);
