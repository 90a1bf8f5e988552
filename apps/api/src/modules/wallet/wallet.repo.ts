import {
  and,
  count,
  desc,
  type EarningSource,
  type Executor,
  earningRefunds,
  earnings,
  eq,
  feeds,
  galleries,
  gte,
  inArray,
  ledgerEntries,
  ledgerTransactions,
  liveSessions,
  lte,
  messages,
  performerProfiles,
  purchases,
  sql,
  type Transaction,
  users,
  videos,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { rowsOf } from './wallet.ledger';

/**
 * The price facts of an item for sale, read inside the charge's transaction (and once before it, to
 * name the seller for the block check).
 */
export async function findSaleItem(
  tx: Executor,
  options: { type: 'feed' | 'video' | 'gallery' | 'message' | 'stream'; id: string },
): Promise<{ performerId: string; isSale: boolean; priceCents: number } | null> {
  if (options.type === 'stream') {
    // A live show is sold while it is live; the row is locked so it cannot end mid-charge.
    const [show] = await tx
      .select({
        performerId: liveSessions.performerId,
        priceCents: liveSessions.priceCents,
        status: liveSessions.status,
      })
      .from(liveSessions)
      .where(eq(liveSessions.id, options.id))
      .for('share');
    return show
      ? { performerId: show.performerId, isSale: show.status === 'live', priceCents: show.priceCents }
      : null;
  }
  if (options.type === 'message') {
    // A message is for sale while it has a price and is not deleted; its sender is the seller.
    const [message] = await tx
      .select({
        performerId: messages.senderId,
        priceCents: messages.priceCents,
        isDeleted: messages.isDeleted,
      })
      .from(messages)
      .where(eq(messages.id, options.id));
    return message
      ? { performerId: message.performerId, isSale: !message.isDeleted, priceCents: message.priceCents }
      : null;
  }
  const table = { feed: feeds, video: videos, gallery: galleries }[options.type];
  const [row] = await tx
    .select({ performerId: table.performerId, isSale: table.isSale, priceCents: table.priceCents })
    .from(table)
    .where(eq(table.id, options.id));
  return row ?? null;
}

/** The creator's own commission (0..1) when an admin set one. */
export async function findCreatorCommission(tx: Executor, performerId: string): Promise<number | null> {
  const [row] = await tx
    .select({ rate: performerProfiles.commissionPercentage })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return row?.rate ?? null;
}

/** Records the purchase; false when the fan had already bought the item (the unique index decides). */
export async function insertPurchase(
  tx: Transaction,
  values: typeof purchases.$inferInsert & { createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(purchases)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: purchases.id });
  return inserted.length > 0;
}

export async function insertEarning(tx: Transaction, values: typeof earnings.$inferInsert) {
  const [row] = await tx.insert(earnings).values(values).returning();
  return row!;
}

const dateRange = (column: typeof earnings.createdAt, from?: Date, to?: Date): SQL[] => [
  ...(from ? [gte(column, from)] : []),
  ...(to ? [lte(column, to)] : []),
];

/** A fan's charges (one earning row per paid charge), newest first, with the creator's name. */
export async function searchFanCharges(
  db: Executor,
  options: { fanId: string; type?: EarningSource; from?: Date; to?: Date; offset: number; limit: number },
) {
  const where = and(
    eq(earnings.fanId, options.fanId),
    ...(options.type ? [eq(earnings.sourceType, options.type)] : []),
    ...dateRange(earnings.createdAt, options.from, options.to),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ earning: earnings, performer: { id: users.id, name: users.name, username: users.username } })
      .from(earnings)
      .innerJoin(users, eq(users.id, earnings.performerId))
      .where(where)
      .orderBy(desc(earnings.createdAt), desc(earnings.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(earnings).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The entries of one account with their transaction, newest first. */
export async function listAccountEntries(
  db: Executor,
  options: { accountId: string; from?: Date; to?: Date; offset: number; limit: number },
) {
  const where = and(
    eq(ledgerEntries.accountId, options.accountId),
    ...(options.from ? [gte(ledgerEntries.createdAt, options.from)] : []),
    ...(options.to ? [lte(ledgerEntries.createdAt, options.to)] : []),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        amountCents: ledgerEntries.amountCents,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        reference: ledgerTransactions.reference,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findUserRole(db: Executor, id: string) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A ledger transaction, locked for the rest of the caller's transaction (a refund takes it first). */
export async function lockLedgerTransaction(tx: Transaction, id: string) {
  const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).for('update');
  return row ?? null;
}

export async function findLedgerTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  return row ?? null;
}

/** The entries of one transaction with their account's kind and owner, in the order they were posted. */
export async function findTransactionLines(tx: Executor, transactionId: string) {
  const rows = await tx.execute(sql`
    SELECT a.kind, a.user_id, e.amount_cents::text AS amount
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transaction_id = ${transactionId}
    ORDER BY e.id`);
  return rowsOf<{ kind: string; user_id: string | null; amount: string }>(rows).map((r) => ({
    kind: r.kind,
    userId: r.user_id,
    amountCents: Number(r.amount),
  }));
}

/** The earning of a charge (one per paid charge), if it has one. */
export async function findEarningOfTransaction(tx: Executor, transactionId: string) {
  const [row] = await tx.select().from(earnings).where(eq(earnings.transactionId, transactionId));
  return row ?? null;
}

/** How an earning was refunded, if it was. */
export async function findEarningRefund(tx: Executor, earningId: string) {
  const [row] = await tx.select().from(earningRefunds).where(eq(earningRefunds.earningId, earningId));
  return row ?? null;
}

export async function insertEarningRefund(tx: Transaction, values: typeof earningRefunds.$inferInsert) {
  await tx.insert(earningRefunds).values(values);
}

/** Removes a fan's purchase of an item, so it no longer unlocks it (after a refund). */
export async function deletePurchase(
  tx: Transaction,
  options: { fanId: string; targetType: 'feed' | 'video' | 'gallery' | 'message'; targetId: string },
) {
  await tx
    .delete(purchases)
    .where(
      and(
        eq(purchases.fanId, options.fanId),
        eq(purchases.targetType, options.targetType),
        eq(purchases.targetId, options.targetId),
      ),
    );
}

/** Names of people, by id. */
export async function findPeople(db: Executor, ids: string[]) {
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
