import {
  and,
  asc,
  cardSubscriptions,
  desc,
  type Executor,
  eq,
  gt,
  inArray,
  lte,
  type PaymentGatewayName,
  siteSubscriptions,
  sql,
  type Transaction,
  users,
} from '@fanstage/db';
import { noteAccountChanged } from '../users/account-cache';

export type CardSubscriptionRow = typeof cardSubscriptions.$inferSelect;
type CardSubscriptionPatch = Partial<
  Omit<typeof cardSubscriptions.$inferInsert, 'id' | 'fanId' | 'kind' | 'performerId' | 'gateway'>
>;

export const insertCardSubscription = async (
  tx: Transaction,
  values: typeof cardSubscriptions.$inferInsert,
) => (await tx.insert(cardSubscriptions).values(values).returning())[0]!;

export const updateCardSubscription = async (tx: Executor, id: string, patch: CardSubscriptionPatch) =>
  (await tx.update(cardSubscriptions).set(patch).where(eq(cardSubscriptions.id, id)).returning())[0]!;

/**
 * The card subscription an event names, locked for the rest of the transaction (two events of
 * one subscription take turns): by the gateway's id, else by our id from the metadata, which must
 * belong to the same gateway and not to another gateway subscription.
 */
export async function lockCardSubscriptionOfEvent(
  tx: Transaction,
  options: {
    gateway: PaymentGatewayName;
    gatewaySubscriptionId: string | null;
    cardSubscriptionId: string | null;
  },
): Promise<CardSubscriptionRow | null> {
  if (options.gatewaySubscriptionId) {
    const [row] = await tx
      .select()
      .from(cardSubscriptions)
      .where(
        and(
          eq(cardSubscriptions.gateway, options.gateway),
          eq(cardSubscriptions.gatewaySubscriptionId, options.gatewaySubscriptionId),
        ),
      )
      .for('update');
    if (row) return row;
  }
  if (options.cardSubscriptionId && /^[0-9a-f-]{36}$/i.test(options.cardSubscriptionId)) {
    const [row] = await tx
      .select()
      .from(cardSubscriptions)
      .where(
        and(
          eq(cardSubscriptions.id, options.cardSubscriptionId),
          eq(cardSubscriptions.gateway, options.gateway),
        ),
      )
      .for('update');
    if (
      row &&
      (row.gatewaySubscriptionId === null || row.gatewaySubscriptionId === options.gatewaySubscriptionId)
    )
      return row;
  }
  return null;
}

export const findCardSubscription = async (db: Executor, id: string) =>
  (await db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, id)))[0] ?? null;

export const findFanCardSubscription = async (db: Executor, options: { id: string; fanId: string }) =>
  (
    await db
      .select()
      .from(cardSubscriptions)
      .where(and(eq(cardSubscriptions.id, options.id), eq(cardSubscriptions.fanId, options.fanId)))
  )[0] ?? null;

/** The fan's card subscriptions, newest first (those never paid included). */
export const listFanCardSubscriptions = (db: Executor, fanId: string) =>
  db
    .select()
    .from(cardSubscriptions)
    .where(eq(cardSubscriptions.fanId, fanId))
    .orderBy(desc(cardSubscriptions.createdAt), desc(cardSubscriptions.id))
    .limit(100);

/** The card subscription that renews a fan's subscription row (paid, not ended), if any. */
export const findRenewingCardOf = async (db: Executor, subscriptionId: string) =>
  (
    await db
      .select()
      .from(cardSubscriptions)
      .where(
        and(
          eq(cardSubscriptions.subscriptionId, subscriptionId),
          inArray(cardSubscriptions.status, ['active', 'past_due']),
        ),
      )
      .orderBy(desc(cardSubscriptions.createdAt))
      .limit(1)
  )[0] ?? null;

/** The fan's renewing site membership by card, if any. */
export const findRenewingSiteCard = async (db: Executor, fanId: string) =>
  (
    await db
      .select()
      .from(cardSubscriptions)
      .where(
        and(
          eq(cardSubscriptions.fanId, fanId),
          eq(cardSubscriptions.kind, 'site'),
          inArray(cardSubscriptions.status, ['active', 'past_due']),
          eq(cardSubscriptions.cancelAtPeriodEnd, false),
        ),
      )
      .limit(1)
  )[0] ?? null;

/**
 * Sandbox card subscriptions whose paid period ended by `now` (but not before `since`) and that
 * still renew: the renewal job asks the sandbox gateway to charge each.
 */
export const findDueSandboxRenewals = (
  db: Executor,
  options: { now: Date; since: Date; after: { periodEnd: Date; id: string } | null; limit: number },
) =>
  db
    .select({ id: cardSubscriptions.id, periodEnd: cardSubscriptions.currentPeriodEnd })
    .from(cardSubscriptions)
    .where(
      and(
        eq(cardSubscriptions.status, 'active'),
        eq(cardSubscriptions.cancelAtPeriodEnd, false),
        eq(cardSubscriptions.gateway, 'sandbox'),
        lte(cardSubscriptions.currentPeriodEnd, options.now),
        gt(cardSubscriptions.currentPeriodEnd, options.since),
        options.after
          ? sql`(${cardSubscriptions.currentPeriodEnd}, ${cardSubscriptions.id}) > (${options.after.periodEnd}, ${options.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(cardSubscriptions.currentPeriodEnd), asc(cardSubscriptions.id))
    .limit(options.limit);

/** The fan's membership row (created empty when missing) and the expiry `/users/me` shows, locked. */
export async function lockSiteMembership(tx: Transaction, fanId: string) {
  await tx.insert(siteSubscriptions).values({ fanId }).onConflictDoNothing();
  const [row] = await tx
    .select({ membership: siteSubscriptions, expiresAt: users.siteSubscriptionExpiresAt })
    .from(siteSubscriptions)
    .innerJoin(users, eq(users.id, siteSubscriptions.fanId))
    .where(eq(siteSubscriptions.fanId, fanId))
    .for('update');
  return row!;
}

/** Writes the membership row and, when given, the expiry `/users/me` shows. */
export async function saveSiteMembership(
  tx: Transaction,
  options: {
    fanId: string;
    expiredAt?: Date;
    patch: Partial<Omit<typeof siteSubscriptions.$inferInsert, 'fanId'>>;
  },
) {
  await tx
    .update(siteSubscriptions)
    .set({ ...options.patch, ...(options.expiredAt ? { expiredAt: options.expiredAt } : {}) })
    .where(eq(siteSubscriptions.fanId, options.fanId));
  if (options.expiredAt) {
    await tx
      .update(users)
      .set({ siteSubscriptionExpiresAt: options.expiredAt })
      .where(eq(users.id, options.fanId));
    noteAccountChanged(tx, options.fanId);
  }
}

/** The site expiry of a fan (null when never a member). */
export const findSiteExpiry = async (db: Executor, fanId: string) =>
  (await db.select({ expiresAt: users.siteSubscriptionExpiresAt }).from(users).where(eq(users.id, fanId)))[0]
    ?.expiresAt ?? null;
