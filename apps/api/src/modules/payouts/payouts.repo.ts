import {
  and,
  count,
  desc,
  type Executor,
  earningRefunds,
  earnings,
  eq,
  type PayoutStatus,
  payoutRequests,
  payoutSettings,
  sql,
  stripeConnectedAccounts,
  type Transaction,
  users,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

export async function findPayoutSettings(
  db: Executor,
  performerId: string,
): Promise<PayoutSettingsRow | null> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.performerId, performerId));
  return row ?? null;
}

/** Creates or changes a creator's payout settings (only the given columns). */
export async function upsertPayoutSettings(
  db: Executor,
  performerId: string,
  values: Partial<Omit<typeof payoutSettings.$inferInsert, 'performerId'>>,
): Promise<PayoutSettingsRow> {
  const [row] = await db
    .insert(payoutSettings)
    .values({ performerId, ...values })
    .onConflictDoUpdate({ target: payoutSettings.performerId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Inserts a pending request; null when the creator already has one pending (the partial unique index). */
export async function insertPendingRequest(
  tx: Transaction,
  values: typeof payoutRequests.$inferInsert,
): Promise<PayoutRequestRow | null> {
  const [row] = await tx.insert(payoutRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPendingRequest(
  db: Executor,
  performerId: string,
): Promise<PayoutRequestRow | null> {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'pending')));
  return row ?? null;
}

export async function findRequest(db: Executor, id: string): Promise<PayoutRequestRow | null> {
  const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
  return row ?? null;
}

/** The request locked for this transaction (status changes and amount edits serialize on it). */
export async function lockRequest(tx: Transaction, id: string): Promise<PayoutRequestRow | null> {
  const [row] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateRequest(
  tx: Transaction,
  id: string,
  values: Partial<typeof payoutRequests.$inferInsert>,
): Promise<PayoutRequestRow> {
  const [row] = await tx.update(payoutRequests).set(values).where(eq(payoutRequests.id, id)).returning();
  return row!;
}

export async function searchRequests(
  db: Executor,
  options: { performerId?: string; status?: PayoutStatus; offset: number; limit: number },
) {
  const filters: SQL[] = [
    ...(options.performerId ? [eq(payoutRequests.performerId, options.performerId)] : []),
    ...(options.status ? [eq(payoutRequests.status, options.status)] : []),
  ];
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        request: payoutRequests,
        performer: { id: users.id, name: users.name, username: users.username, email: users.email },
      })
      .from(payoutRequests)
      .innerJoin(users, eq(users.id, payoutRequests.performerId))
      .where(where)
      .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(payoutRequests).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findPerson(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Net earned (refunded earnings taken out), paid out, and held by open requests, in cents. */
export async function payoutTotals(db: Executor, performerId: string) {
  const [earned, refunded, requests] = await Promise.all([
    db
      .select({ total: sql<string | null>`sum(${earnings.netCents})` })
      .from(earnings)
      .where(eq(earnings.performerId, performerId)),
    db
      .select({ total: sql<string | null>`sum(${earningRefunds.netCents})` })
      .from(earningRefunds)
      .innerJoin(earnings, eq(earnings.id, earningRefunds.earningId))
      .where(eq(earnings.performerId, performerId)),
    db
      .select({
        paid: sql<
          string | null
        >`sum(${payoutRequests.amountCents}) FILTER (WHERE ${payoutRequests.status} = 'paid')`,
        open: sql<
          string | null
        >`sum(${payoutRequests.amountCents}) FILTER (WHERE ${payoutRequests.status} IN ('pending', 'approved'))`,
      })
      .from(payoutRequests)
      .where(eq(payoutRequests.performerId, performerId)),
  ]);
  return {
    earnedCents: Number(earned[0]?.total ?? 0) - Number(refunded[0]?.total ?? 0),
    paidCents: Number(requests[0]?.paid ?? 0),
    openCents: Number(requests[0]?.open ?? 0),
  };
}

export type ConnectedAccountRow = typeof stripeConnectedAccounts.$inferSelect;

/** The creator's Stripe Connect account, if any. */
export async function findConnectedAccount(
  db: Executor,
  userId: string,
): Promise<ConnectedAccountRow | null> {
  const [row] = await db
    .select()
    .from(stripeConnectedAccounts)
    .where(eq(stripeConnectedAccounts.userId, userId));
  return row ?? null;
}

/** Records a new connected account; answers the stored one (a concurrent request may have won). */
export async function saveConnectedAccount(
  db: Executor,
  values: { userId: string; accountId: string },
): Promise<ConnectedAccountRow> {
  await db.insert(stripeConnectedAccounts).values(values).onConflictDoNothing();
  return (await findConnectedAccount(db, values.userId))!;
}

/** What Stripe said about an account; false when the account is not one of ours. */
export async function updateConnectedAccount(
  db: Executor,
  values: { accountId: string; payoutsEnabled: boolean; detailsSubmitted: boolean },
): Promise<boolean> {
  const rows = await db
    .update(stripeConnectedAccounts)
    .set({ payoutsEnabled: values.payoutsEnabled, detailsSubmitted: values.detailsSubmitted })
    .where(eq(stripeConnectedAccounts.accountId, values.accountId))
    .returning({ userId: stripeConnectedAccounts.userId });
  return rows.length > 0;
}
