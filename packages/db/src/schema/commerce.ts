import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';
import { products } from './assets';
import { earnings, ledgerTransactions } from './wallet';

/*
 * Payouts, addresses and shop orders (business-rules.md "Payouts", "Shop"). Money never lives here:
 * these rows point at the ledger transactions (apps/api/src/modules/wallet) that moved it.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * How a creator is paid: bank details and/or a PayPal email; `stripe_account_id` is written by the
 * payment-gateway work (Stripe Connect) and read here as a payout method.
 */
export const payoutSettings = pgTable('payout_settings', {
  performerId: uuid('performer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankHolderName: text('bank_holder_name'),
  bankName: text('bank_name'),
  /** IBAN or a local account number. */
  bankAccountNumber: text('bank_account_number'),
  bankSwiftCode: text('bank_swift_code'),
  /** ISO 3166-1 alpha-2. */
  bankCountry: text('bank_country'),
  paypalEmail: text('paypal_email'),
  stripeAccountId: text('stripe_account_id'),
  ...timestamps,
});

export const payoutMethods = ['bank', 'paypal', 'stripe'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutStatuses = ['pending', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * A creator's request to be paid. The amount is held (earnings → payouts account) when the request is
 * made; a rejection returns it; mark-paid settles it. At most one pending request per creator.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: payoutMethods }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    /** Why an admin rejected it, or an admin's note. */
    adminNote: text('admin_note'),
    /** The hold of the current amount, and the settlement or release afterwards. */
    holdTransactionId: uuid('hold_transaction_id').references(() => ledgerTransactions.id),
    closeTransactionId: uuid('close_transaction_id').references(() => ledgerTransactions.id),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payout_requests_performer_created_idx').on(t.performerId, t.createdAt),
    index('payout_requests_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('payout_requests_one_pending_idx').on(t.performerId).where(sql`${t.status} = 'pending'`),
    check('payout_requests_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A fan's delivery address book. Orders keep a copy, so deleting an address changes no order. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull(),
    ...timestamps,
  },
  (t) => [index('addresses_user_created_idx').on(t.userId, t.createdAt)],
);

/** The copy of an address an order ships to. */
export interface AddressSnapshot {
  name: string;
  fullName: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const deliveryStatuses = ['processing', 'shipping', 'delivered', 'refunded'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * Where order numbers come from. A sequence hands out numbers without locking the table, so
 * concurrent checkouts never wait for each other; a rolled-back checkout leaves a gap, which is
 * fine for a number people quote. It starts at 1001 so that the first orders do not read "#1"
 * (migration 0019 numbers the orders placed before it from there too), and stops where the
 * integer column does.
 */
export const orderNumbers = pgSequence('orders_number_seq', { startWith: 1001, maxValue: 2_147_483_647 });

/** One product line bought through `POST /wallet/charges/product/{id}`. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    /** The number people quote ("Order #1042"); the id stays the key everything else uses. */
    number: integer('number').notNull().default(sql`nextval('orders_number_seq')`),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null once the creator deleted the product; the order keeps its name and type. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productType: text('product_type', { enum: ['physical', 'digital'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    deliveryStatus: text('delivery_status', { enum: deliveryStatuses }).notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>(),
    trackingCode: text('tracking_code'),
    /** The charge (fan −gross, creator +net, platform +commission). */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    refundTransactionId: uuid('refund_transaction_id').references(() => ledgerTransactions.id),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('orders_performer_created_idx').on(t.performerId, t.createdAt),
    index('orders_fan_created_idx').on(t.fanId, t.createdAt),
    uniqueIndex('orders_transaction_idx').on(t.transactionId),
    uniqueIndex('orders_number_idx').on(t.number),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * An earning given back by a refund. Earnings rows stay as they were (gross > 0 by constraint); this
 * row says which one was reversed, by which ledger transaction, so stats can net it out.
 */
export const earningRefunds = pgTable('earning_refunds', {
  earningId: uuid('earning_id')
    .primaryKey()
    .references(() => earnings.id, { onDelete: 'restrict' }),
  refundTransactionId: uuid('refund_transaction_id')
    .notNull()
    .references(() => ledgerTransactions.id),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
  netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
