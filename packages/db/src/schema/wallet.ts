import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
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

/*
 * The ledger (business-rules.md "Money"): every movement of money is one ledger transaction of two or
 * more entries that sum to zero. Amounts are signed integer cents: positive means the account holds
 * (or is owed) more. Only apps/api/src/modules/wallet writes these tables and users.balance_cents.
 */

export const ledgerAccountKinds = [
  /** A person's spendable wallet; its balance is cached in users.balance_cents (CHECK >= 0). */
  'fan_wallet',
  /** What a creator earned and has not been paid out; credit-only on the hot path, balance derived. */
  'creator_earnings',
  /** The platform's commissions (system account). */
  'platform_revenue',
  /** Money received by payment gateways and not yet settled (system account). */
  'gateway_clearing',
  /** Money held for or paid out to creators (system account). */
  'payouts',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/**
 * One row per (kind, owner); system accounts have no owner. Ids are derived from (kind, owner) in
 * code, so a charge knows every account id without reading this table. Accounts whose balance is
 * derived from entries keep a rolled-up snapshot: balance = rolled_up_cents + entries with
 * id > rolled_up_entry_id.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    rolledUpCents: bigint('rolled_up_cents', { mode: 'number' }).notNull().default(0),
    rolledUpEntryId: bigint('rolled_up_entry_id', { mode: 'number' }).notNull().default(0),
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_kind_user_idx').on(t.kind, t.userId),
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} IN ('fan_wallet', 'creator_earnings')) = (${t.userId} IS NOT NULL)`,
    ),
  ],
);

export const ledgerTransactionKinds = [
  'charge',
  'admin_credit',
  'top_up',
  'subscription',
  'payout',
  'refund',
  'adjustment',
] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

/** One movement of money; its entries sum to zero (checked in code and by a deferred trigger). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    kind: text('kind', { enum: ledgerTransactionKinds }).notNull(),
    /** What the money was for, as `type:id` (e.g. `feed:…`, `tip:<creator>`). */
    reference: text('reference'),
    /** Who started it (the paying fan, the admin), when a person did. */
    initiatorId: uuid('initiator_id').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * A caller-chosen key that makes posting this transaction happen once (a gateway event id, a
     * renewal period); unique per kind.
     */
    idempotencyKey: text('idempotency_key'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_kind_key_idx')
      .on(t.kind, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('ledger_transactions_created_idx').on(t.createdAt),
  ],
);

/** Append-only lines of the ledger; the id orders them and bounds the roll-ups. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

export const earningSources = [
  'tip',
  'feed',
  'video',
  'gallery',
  'product',
  'message',
  'stream',
  'private_call',
  'subscription',
] as const;
export type EarningSource = (typeof earningSources)[number];

/** One row per paid charge or subscription payment: what the creator earned and the platform kept. */
export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sourceType: text('source_type', { enum: earningSources }).notNull(),
    /** The item paid for (post, video, gallery, …); null for tips. */
    sourceId: uuid('source_id'),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** The platform's share (0..1) applied to this row. */
    commissionRate: doublePrecision('commission_rate').notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('earnings_performer_created_idx').on(t.performerId, t.createdAt),
    index('earnings_fan_created_idx').on(t.fanId, t.createdAt),
    uniqueIndex('earnings_transaction_idx').on(t.transactionId),
    check(
      'earnings_amounts',
      sql`${t.grossCents} > 0 AND ${t.commissionCents} >= 0 AND ${t.netCents} >= 0 AND ${t.grossCents} = ${t.commissionCents} + ${t.netCents}`,
    ),
    check('earnings_rate_range', sql`${t.commissionRate} >= 0 AND ${t.commissionRate} <= 1`),
  ],
);

/**
 * The first response to a money request per (user, Idempotency-Key), stored in the transaction that
 * moved the money; a replay with the same request returns it, a different request is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route, params, query and body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
