import { createHash } from 'node:crypto';
import { Messages } from '@fanstage/contract';
import {
  type Executor,
  eq,
  type LedgerTransactionKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  newId,
  sql,
  type Transaction,
  users,
} from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { forgetAccounts, noteAccountChanged, takeAccountChanges } from '../users/account-cache';

/*
 * The ledger core: the only code that writes ledger rows and users.balance_cents. Other modules move
 * money by calling postTransaction (or the wallet services built on it) inside their own transaction.
 *
 * Two kinds of accounts (see ARCHITECTURE.md "Money"):
 * - fan wallets are debited, so they keep a cached balance on users.balance_cents (CHECK >= 0) and
 *   are debited with a conditional UPDATE: the row lock serializes one fan's spending, which is right.
 * - every other account (creator earnings, platform revenue, gateway clearing, payouts) only gets
 *   entries on the hot path; its balance is derived (rolled-up snapshot + later entries), so a
 *   thousand fans tipping one creator never queue behind one row.
 */

/** An account named by what it is; its id is derived from that, so no lookup is needed. */
export type AccountRef =
  | { kind: 'fan_wallet' | 'creator_earnings'; userId: string }
  | { kind: 'platform_revenue' | 'gateway_clearing' | 'payouts' };

export interface LedgerLine {
  account: AccountRef;
  /** Signed integer cents: positive credits the account, negative debits it. */
  amountCents: number;
}

export const fanWallet = (userId: string): AccountRef => ({ kind: 'fan_wallet', userId });
export const creatorEarnings = (userId: string): AccountRef => ({ kind: 'creator_earnings', userId });
export const platformRevenue: AccountRef = { kind: 'platform_revenue' };
export const gatewayClearing: AccountRef = { kind: 'gateway_clearing' };
export const payoutsAccount: AccountRef = { kind: 'payouts' };

const ownerOf = (ref: AccountRef): string | null => ('userId' in ref ? ref.userId : null);

/** The account's id: a UUID (version 8) made from its kind and owner, the same on every node. */
export function accountIdOf(ref: AccountRef): string {
  const bytes = createHash('sha256')
    .update(`fanstage-ledger:${ref.kind}:${ownerOf(ref) ?? 'system'}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Test-only hooks, to prove that a failure in the middle of a charge leaves nothing behind. Never
 * set outside tests.
 */
export const ledgerTestHooks: { afterWalletDebit?: () => Promise<void> | void } = {};

export interface PostTransactionOptions {
  kind: LedgerTransactionKind;
  lines: LedgerLine[];
  /** What the money was for, as `type:id`. */
  reference?: string | null;
  initiatorId?: string | null;
  /** Makes posting happen once per (kind, key): a second post returns the first transaction. */
  idempotencyKey?: string | null;
  metadata?: Record<string, unknown>;
  /**
   * Derived accounts that this transaction debits and that must not go below zero (a creator's
   * earnings on a payout). They are locked exclusively for the check; tips wait a moment.
   */
  mustStayNonNegative?: AccountRef[];
  /** Message when a guarded account or a fan wallet cannot pay. */
  insufficientMessage?: string;
  now: Date;
}

export interface PostedTransaction {
  transactionId: string;
  /** False when the idempotency key had been posted already (nothing moved this time). */
  isNew: boolean;
  /** New users.balance_cents of each fan wallet this transaction touched. */
  walletBalances: Map<string, number>;
}

/** Sums lines per account: one entry per account and transaction. */
function mergeLines(lines: LedgerLine[]): { ref: AccountRef; id: string; amountCents: number }[] {
  const byId = new Map<string, { ref: AccountRef; id: string; amountCents: number }>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) {
      throw new Error(`ledger amounts are integer cents, got ${line.amountCents}`);
    }
    const id = accountIdOf(line.account);
    const current = byId.get(id);
    if (current) current.amountCents += line.amountCents;
    else byId.set(id, { ref: line.account, id, amountCents: line.amountCents });
  }
  return [...byId.values()].filter((l) => l.amountCents !== 0);
}

/** The lock key of a derived account: tips hold it shared, roll-ups and guarded debits exclusively. */
const lockKeyOf = (accountId: string) => sql`hashtextextended(${accountId}, 0)`;

/**
 * Posts one balanced ledger transaction inside the caller's database transaction: fan wallets first
 * (conditional debit: 422 with the insufficient-balance message when short), then the entries. The
 * entries of a transaction must sum to zero; a deferred trigger checks it again at commit.
 */
export async function postTransaction(
  tx: Transaction,
  options: PostTransactionOptions,
): Promise<PostedTransaction> {
  const lines = mergeLines(options.lines);
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (lines.length < 2 || total !== 0) {
    throw new Error(`a ledger transaction needs two or more entries summing to zero (sum ${total})`);
  }
  const transactionId = newId();
  if (options.idempotencyKey) {
    const inserted = await tx
      .insert(ledgerTransactions)
      .values(transactionRow(options, transactionId))
      .onConflictDoNothing({
        target: [ledgerTransactions.kind, ledgerTransactions.idempotencyKey],
        where: sql`${ledgerTransactions.idempotencyKey} IS NOT NULL`,
      })
      .returning({ id: ledgerTransactions.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          sql`${ledgerTransactions.kind} = ${options.kind} AND ${ledgerTransactions.idempotencyKey} = ${options.idempotencyKey}`,
        );
      return { transactionId: existing!.id, isNew: false, walletBalances: new Map() };
    }
  }

  // Fan wallets: debits first (the conditional UPDATE is the balance check), in id order.
  const walletBalances = new Map<string, number>();
  const wallets = lines
    .filter((l) => l.ref.kind === 'fan_wallet')
    .sort((a, b) => a.amountCents - b.amountCents || a.id.localeCompare(b.id));
  for (const line of wallets) {
    const userId = ownerOf(line.ref)!;
    const updated = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + ${line.amountCents}` })
      .where(
        line.amountCents < 0
          ? sql`${users.id} = ${userId} AND ${users.balanceCents} >= ${-line.amountCents}`
          : eq(users.id, userId),
      )
      .returning({ balanceCents: users.balanceCents });
    if (updated.length === 0) {
      if (line.amountCents > 0) throw notFound('That account');
      throw new AppError('INSUFFICIENT_BALANCE', options.insufficientMessage ?? Messages.insufficientBalance);
    }
    walletBalances.set(userId, updated[0]!.balanceCents);
    noteAccountChanged(tx, userId);
  }
  await ledgerTestHooks.afterWalletDebit?.();

  // Accounts exist once; creating them never locks an existing row.
  await tx
    .insert(ledgerAccounts)
    .values(lines.map((l) => ({ id: l.id, kind: l.ref.kind, userId: ownerOf(l.ref) })))
    .onConflictDoNothing();

  const guarded = new Set((options.mustStayNonNegative ?? []).map(accountIdOf));
  const derived = lines
    .filter((l) => l.ref.kind !== 'fan_wallet')
    .map((l) => l.id)
    .sort();
  for (const id of derived) {
    // One lock per statement keeps the order (and so no deadlock between two charges).
    await tx.execute(
      guarded.has(id)
        ? sql`SELECT pg_advisory_xact_lock(${lockKeyOf(id)})`
        : sql`SELECT pg_advisory_xact_lock_shared(${lockKeyOf(id)})`,
    );
  }

  if (!options.idempotencyKey)
    await tx.insert(ledgerTransactions).values(transactionRow(options, transactionId));
  await tx
    .insert(ledgerEntries)
    .values(lines.map((l) => ({ transactionId, accountId: l.id, amountCents: l.amountCents })));

  for (const id of guarded) {
    if ((await derivedBalance(tx, id)) < 0) {
      throw new AppError('INSUFFICIENT_BALANCE', options.insufficientMessage ?? Messages.insufficientBalance);
    }
  }
  return { transactionId, isNew: true, walletBalances };
}

const transactionRow = (options: PostTransactionOptions, id: string) => ({
  id,
  kind: options.kind,
  reference: options.reference ?? null,
  initiatorId: options.initiatorId ?? null,
  idempotencyKey: options.idempotencyKey ?? null,
  metadata: options.metadata ?? {},
  createdAt: options.now,
});

/** The balance of a derived account: its rolled-up snapshot plus the entries after it (one statement). */
export async function derivedBalance(db: Executor, accountId: string): Promise<number> {
  const rows = rowsOf<{ balance: string | number | null }>(
    await db.execute(sql`
      SELECT a.rolled_up_cents + coalesce((
        SELECT sum(e.amount_cents) FROM ledger_entries e
        WHERE e.account_id = a.id AND e.id > a.rolled_up_entry_id
      ), 0) AS balance
      FROM ledger_accounts a WHERE a.id = ${accountId}`),
  );
  return Number(rows[0]?.balance ?? 0);
}

/** The balance of any account: the cached wallet for fan wallets, derived for the others. */
export async function balanceOf(db: Executor, ref: AccountRef): Promise<number> {
  if (ref.kind === 'fan_wallet') {
    const [row] = await db
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.id, ref.userId));
    return row?.balanceCents ?? 0;
  }
  return derivedBalance(db, accountIdOf(ref));
}

/**
 * What a creator has earned and not been paid out, in cents. Payouts call this inside their
 * transaction (and post with `mustStayNonNegative` to hold the amount safely).
 */
export const earningsBalance = (db: Executor, creatorId: string): Promise<number> =>
  derivedBalance(db, accountIdOf(creatorEarnings(creatorId)));

/**
 * Folds an account's entries into its snapshot, so reading its balance stays cheap however many
 * entries it has. Takes the account's lock exclusively: every writer holding it shared has committed,
 * so no entry below the new boundary can appear later. Safe to run at any time, on any node.
 */
export async function rollUpAccount(ctx: Pick<AppContext, 'db' | 'clock'>, accountId: string): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockKeyOf(accountId)})`);
    await tx.execute(sql`
      UPDATE ledger_accounts a SET
        rolled_up_cents = a.rolled_up_cents + s.total,
        rolled_up_entry_id = s.last_id,
        rolled_up_at = ${ctx.clock.now()}
      FROM (
        SELECT coalesce(sum(e.amount_cents), 0) AS total, max(e.id) AS last_id
        FROM ledger_entries e, ledger_accounts acc
        WHERE acc.id = ${accountId} AND e.account_id = acc.id AND e.id > acc.rolled_up_entry_id
      ) s
      WHERE a.id = ${accountId} AND s.last_id IS NOT NULL`);
  });
}

/** Rolls up every derived account with at least `minEntries` entries since its last roll-up. */
export async function rollUpAccounts(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { minEntries?: number } = {},
): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await ctx.db.db.execute(sql`
      SELECT a.id FROM ledger_accounts a
      WHERE a.kind <> 'fan_wallet' AND (
        SELECT count(*) FROM ledger_entries e WHERE e.account_id = a.id AND e.id > a.rolled_up_entry_id
      ) >= ${options.minEntries ?? 1}`),
  );
  for (const row of rows) await rollUpAccount(ctx, row.id);
  return rows.length;
}

const retryableCodes = new Set(['40001', '40P01']);

/**
 * Runs money work in one database transaction, retried a few times on a deadlock or serialization
 * failure (the work must have no effect outside the database). Once it committed, every node
 * forgets the accounts whose balance or membership it changed (`noteAccountChanged`).
 */
export async function inMoneyTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'accountCache' | 'realtime'>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let changed: string[] = [];
      const result = await ctx.db.db.transaction(async (tx) => {
        const done = await work(tx);
        changed = takeAccountChanges(tx);
        return done;
      });
      if (changed.length > 0) forgetAccounts(ctx, changed);
      return result;
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (attempt >= 4 || !code || !retryableCodes.has(code)) throw error;
    }
  }
}
