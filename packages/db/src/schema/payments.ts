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

export const paymentOrderStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentOrderStatus = (typeof paymentOrderStatuses)[number];

/** One payment sent to a gateway; the wallet is credited only when the gateway confirms it. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['wallet_top_up'] })
      .notNull()
      .default('wallet_top_up'),
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
