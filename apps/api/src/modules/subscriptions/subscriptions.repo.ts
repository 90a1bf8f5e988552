import type { TSubscriptionStatus } from '@fanstage/contract';
import {
  and,
  asc,
  count,
  desc,
  type Executor,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  performerProfiles,
  siteSubscriptions,
  sql,
  subscriptions,
  type Transaction,
  users,
} from '@fanstage/db';
import { noteAccountChanged } from '../users/account-cache';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'fanId' | 'performerId'>>;

/**
 * The (fan, creator) row, created empty (already expired, not renewing) when missing, and locked
 * for the rest of the caller's transaction, so two subscribe requests of one fan take turns.
 */
export async function lockSubscription(
  tx: Transaction,
  options: { fanId: string; performerId: string; now: Date },
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({
      fanId: options.fanId,
      performerId: options.performerId,
      type: 'monthly',
      startedAt: options.now,
      expiredAt: options.now,
      autoRenew: false,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, options.fanId), eq(subscriptions.performerId, options.performerId)))
    .for('update');
  return row!;
}

export async function updateSubscription(tx: Transaction, id: string, patch: SubscriptionPatch) {
  const [row] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** The subscription prices and free switch of a creator. */
export async function findPlanPrices(db: Executor, performerId: string) {
  const [row] = await db
    .select({
      monthlyPriceCents: performerProfiles.monthlyPriceCents,
      yearlyPriceCents: performerProfiles.yearlyPriceCents,
      freeSubscriptionEnabled: performerProfiles.freeSubscriptionEnabled,
    })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return row ?? null;
}

export async function findFanSubscription(db: Executor, options: { id: string; fanId: string }) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, options.id), eq(subscriptions.fanId, options.fanId)));
  return row ?? null;
}

export async function findSubscriptionOf(db: Executor, options: { fanId: string; performerId: string }) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, options.fanId), eq(subscriptions.performerId, options.performerId)));
  return row ?? null;
}

/** The SQL form of the status rule in subscriptions.presenter.ts. */
export function statusCondition(status: TSubscriptionStatus, now: Date): ReturnType<typeof sql> {
  const running = gt(subscriptions.expiredAt, now);
  const ended = lte(subscriptions.expiredAt, now);
  switch (status) {
    case 'active':
      return and(running, or(eq(subscriptions.autoRenew, true), eq(subscriptions.type, 'free')))!;
    case 'cancelled':
      return and(running, eq(subscriptions.autoRenew, false), sql`${subscriptions.type} <> 'free'`)!;
    case 'lapsed':
      return and(ended, isNotNull(subscriptions.renewalFailedAt))!;
    case 'expired':
      return and(ended, isNull(subscriptions.renewalFailedAt))!;
  }
}

const sortColumns = {
  updatedAt: subscriptions.updatedAt,
  createdAt: subscriptions.createdAt,
  expiredAt: subscriptions.expiredAt,
  startedAt: subscriptions.startedAt,
} as const;

const party = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarPath: users.avatarPath,
};

/**
 * One side's subscriptions with the other side's card. Rows never subscribed (the empty row a
 * refused first payment leaves behind is rolled back, so none exist) are all real.
 */
export async function searchSubscriptions(
  db: Executor,
  options: {
    side: 'fan' | 'performer';
    userId: string;
    now: Date;
    status?: TSubscriptionStatus;
    type?: SubscriptionRow['type'];
    q?: string;
    sortBy: keyof typeof sortColumns;
    sort: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
) {
  const mine = options.side === 'fan' ? subscriptions.fanId : subscriptions.performerId;
  const other = options.side === 'fan' ? subscriptions.performerId : subscriptions.fanId;
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(mine, options.userId),
    options.status ? statusCondition(options.status, options.now) : undefined,
    options.type ? eq(subscriptions.type, options.type) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  const order = options.sort === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ subscription: subscriptions, party })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, other))
      .where(where)
      .orderBy(order(sortColumns[options.sortBy]), order(subscriptions.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(subscriptions).innerJoin(users, eq(users.id, other)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * Wallet-paid subscriptions due for renewal: renewing, ended by `now`, but not longer ago than
 * `since` (a subscription the job missed for days is not charged for time the fan did not have).
 */
export async function findDueRenewals(
  db: Executor,
  options: { now: Date; since: Date; after: { expiredAt: Date; id: string } | null; limit: number },
) {
  return db
    .select({ id: subscriptions.id, expiredAt: subscriptions.expiredAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.autoRenew, true),
        eq(subscriptions.paymentMethod, 'wallet'),
        sql`${subscriptions.type} IN ('monthly', 'yearly')`,
        lte(subscriptions.expiredAt, options.now),
        gt(subscriptions.expiredAt, options.since),
        options.after
          ? sql`(${subscriptions.expiredAt}, ${subscriptions.id}) > (${options.after.expiredAt}, ${options.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(subscriptions.expiredAt), asc(subscriptions.id))
    .limit(options.limit);
}

/** The row, locked, while it is still due for the renewal of the period that ended at `periodEnd`. */
export async function lockDueRenewal(tx: Transaction, options: { id: string; periodEnd: Date }) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, options.id),
        eq(subscriptions.expiredAt, options.periodEnd),
        eq(subscriptions.autoRenew, true),
        eq(subscriptions.paymentMethod, 'wallet'),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Extends or lapses a renewal only while the row still ends at `periodEnd` and renews: the
 * condition makes a second worker's update a no-op. Answers whether this call changed it.
 */
export async function updateDueRenewal(
  tx: Executor,
  options: { id: string; periodEnd: Date; patch: SubscriptionPatch },
): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set(options.patch)
    .where(
      and(
        eq(subscriptions.id, options.id),
        eq(subscriptions.expiredAt, options.periodEnd),
        eq(subscriptions.autoRenew, true),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function findUserContact(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The fan's membership row (created empty when missing) and expiry, both locked. */
export async function lockSiteSubscription(tx: Transaction, fanId: string) {
  await tx.insert(siteSubscriptions).values({ fanId }).onConflictDoNothing();
  const [row] = await tx
    .select({ membership: siteSubscriptions, expiresAt: users.siteSubscriptionExpiresAt })
    .from(siteSubscriptions)
    .innerJoin(users, eq(users.id, siteSubscriptions.fanId))
    .where(eq(siteSubscriptions.fanId, fanId))
    .for('update');
  return row!;
}

/** The fan's membership as it stands, without creating or locking anything (no row: never a member). */
export async function findSiteMembership(db: Executor, fanId: string) {
  const [row] = await db
    .select({
      expiresAt: users.siteSubscriptionExpiresAt,
      autoRenew: siteSubscriptions.autoRenew,
      paymentMethod: siteSubscriptions.paymentMethod,
    })
    .from(users)
    .leftJoin(siteSubscriptions, eq(siteSubscriptions.fanId, users.id))
    .where(eq(users.id, fanId));
  return row ?? null;
}

/**
 * Records a membership period: the row and the expiry `GET /users/me` shows. A paid period
 * (`paymentMethod`) turns renewal on and clears an earlier lapse.
 */
export async function saveSiteSubscription(
  tx: Transaction,
  options: {
    fanId: string;
    expiredAt: Date;
    trialUsedAt?: Date;
    lastPaidAt?: Date;
    paymentMethod?: 'wallet' | 'card';
  },
) {
  await tx
    .update(siteSubscriptions)
    .set({
      expiredAt: options.expiredAt,
      ...(options.trialUsedAt ? { trialUsedAt: options.trialUsedAt } : {}),
      ...(options.lastPaidAt ? { lastPaidAt: options.lastPaidAt } : {}),
      ...(options.paymentMethod
        ? { paymentMethod: options.paymentMethod, autoRenew: true, renewalFailedAt: null }
        : {}),
    })
    .where(eq(siteSubscriptions.fanId, options.fanId));
  await tx
    .update(users)
    .set({ siteSubscriptionExpiresAt: options.expiredAt })
    .where(eq(users.id, options.fanId));
  noteAccountChanged(tx, options.fanId);
}

export async function findSubscriptionById(db: Executor, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

/** The wallet balance in cents, for answers of subscriptions that charged nothing. */
export async function currentBalanceCents(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Wallet-paid site memberships due for renewal, like `findDueRenewals`. */
export async function findDueSiteRenewals(
  db: Executor,
  options: { now: Date; since: Date; after: { expiredAt: Date; fanId: string } | null; limit: number },
) {
  return db
    .select({ fanId: siteSubscriptions.fanId, expiredAt: siteSubscriptions.expiredAt })
    .from(siteSubscriptions)
    .where(
      and(
        eq(siteSubscriptions.autoRenew, true),
        eq(siteSubscriptions.paymentMethod, 'wallet'),
        lte(siteSubscriptions.expiredAt, options.now),
        gt(siteSubscriptions.expiredAt, options.since),
        options.after
          ? sql`(${siteSubscriptions.expiredAt}, ${siteSubscriptions.fanId}) > (${options.after.expiredAt}, ${options.after.fanId})`
          : undefined,
      ),
    )
    .orderBy(asc(siteSubscriptions.expiredAt), asc(siteSubscriptions.fanId))
    .limit(options.limit);
}

/** The membership row, locked, while it still renews from the wallet at `periodEnd`. */
export async function lockDueSiteRenewal(tx: Transaction, options: { fanId: string; periodEnd: Date }) {
  const [row] = await tx
    .select({ fanId: siteSubscriptions.fanId })
    .from(siteSubscriptions)
    .where(
      and(
        eq(siteSubscriptions.fanId, options.fanId),
        eq(siteSubscriptions.expiredAt, options.periodEnd),
        eq(siteSubscriptions.autoRenew, true),
        eq(siteSubscriptions.paymentMethod, 'wallet'),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Stops a membership's renewal while it still ends at `periodEnd` (a lapse sets `renewalFailedAt`);
 * a second worker's call is a no-op. Answers whether this call changed it.
 */
export async function stopDueSiteRenewal(
  db: Executor,
  options: { fanId: string; periodEnd: Date; failedAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(siteSubscriptions)
    .set({ autoRenew: false, renewalFailedAt: options.failedAt })
    .where(
      and(
        eq(siteSubscriptions.fanId, options.fanId),
        eq(siteSubscriptions.expiredAt, options.periodEnd),
        eq(siteSubscriptions.autoRenew, true),
      ),
    )
    .returning({ fanId: siteSubscriptions.fanId });
  return rows.length > 0;
}

/** Turns a membership's renewal off (the fan cancelled); the expiry stays. */
export async function stopSiteRenewal(tx: Transaction, fanId: string) {
  await tx.update(siteSubscriptions).set({ autoRenew: false }).where(eq(siteSubscriptions.fanId, fanId));
}

/**
 * Claims up to `limit` subscriptions that end within the window and will not renew, whose current
 * period was not reminded yet: each is marked reminded for its end in the same statement, so two
 * runs never remind one period twice (a renewed or extended period is reminded again).
 */
export async function claimExpiryReminders(
  db: Executor,
  options: { now: Date; until: Date; limit: number },
): Promise<{ id: string; fanId: string; performerId: string; expiredAt: Date }[]> {
  const due = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.autoRenew, false),
        gt(subscriptions.expiredAt, options.now),
        lte(subscriptions.expiredAt, options.until),
        or(
          isNull(subscriptions.expiryRemindedFor),
          sql`${subscriptions.expiryRemindedFor} <> ${subscriptions.expiredAt}`,
        ),
      ),
    )
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(subscriptions)
    .set({ expiryRemindedFor: sql`${subscriptions.expiredAt}` })
    .where(inArray(subscriptions.id, due))
    .returning({
      id: subscriptions.id,
      fanId: subscriptions.fanId,
      performerId: subscriptions.performerId,
      expiredAt: subscriptions.expiredAt,
    });
}
