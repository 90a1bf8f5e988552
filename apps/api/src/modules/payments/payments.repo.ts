import {
  and,
  asc,
  cardSubscriptions,
  count,
  coupons,
  couponUses,
  desc,
  type Executor,
  eq,
  ilike,
  lte,
  type PaymentGatewayName,
  type PaymentOrderStatus,
  paymentCards,
  paymentCustomers,
  paymentGatewayEvents,
  paymentOrders,
  sql,
  type Transaction,
  tokenPackages,
  users,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';

export type TokenPackageRow = typeof tokenPackages.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentCardRow = typeof paymentCards.$inferSelect;

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- token packages

export async function searchTokenPackages(
  db: Executor,
  options: { activeOnly: boolean; q?: string; offset: number; limit: number },
): Promise<{ rows: TokenPackageRow[]; total: number }> {
  const filters: SQL[] = [];
  if (options.activeOnly) filters.push(eq(tokenPackages.isActive, true));
  if (options.q) filters.push(ilike(tokenPackages.name, likeOf(options.q)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tokenPackages)
      .where(where)
      .orderBy(asc(tokenPackages.ordering), asc(tokenPackages.priceCents), asc(tokenPackages.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(tokenPackages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findTokenPackage = async (db: Executor, id: string) =>
  (await db.select().from(tokenPackages).where(eq(tokenPackages.id, id)))[0] ?? null;

export const insertTokenPackage = async (db: Executor, values: typeof tokenPackages.$inferInsert) =>
  (await db.insert(tokenPackages).values(values).returning())[0]!;

export const updateTokenPackage = async (
  db: Executor,
  id: string,
  values: Partial<typeof tokenPackages.$inferInsert>,
) => (await db.update(tokenPackages).set(values).where(eq(tokenPackages.id, id)).returning())[0] ?? null;

export const deleteTokenPackage = async (db: Executor, id: string) =>
  (await db.delete(tokenPackages).where(eq(tokenPackages.id, id)).returning({ id: tokenPackages.id }))
    .length > 0;

// ---------------------------------------------------------------- coupons

export async function searchCoupons(
  db: Executor,
  options: { q?: string; offset: number; limit: number },
): Promise<{ rows: CouponRow[]; total: number }> {
  const where = options.q ? ilike(coupons.code, likeOf(options.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findCouponByCode = async (db: Executor, code: string) =>
  (await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`))[0] ?? null;

export const findCoupon = async (db: Executor, id: string) =>
  (await db.select().from(coupons).where(eq(coupons.id, id)))[0] ?? null;

/** Inserts a coupon; null when the code is taken (any case). */
export const insertCoupon = async (db: Executor, values: typeof coupons.$inferInsert) =>
  (await db.insert(coupons).values(values).onConflictDoNothing().returning())[0] ?? null;

export const updateCoupon = async (db: Executor, id: string, values: Partial<typeof coupons.$inferInsert>) =>
  (await db.update(coupons).set(values).where(eq(coupons.id, id)).returning())[0] ?? null;

export const deleteCoupon = async (db: Executor, id: string) =>
  (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })).length > 0;

export const hasUsedCoupon = async (db: Executor, options: { couponId: string; userId: string }) =>
  (
    await db
      .select({ couponId: couponUses.couponId })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, options.couponId), eq(couponUses.userId, options.userId)))
  ).length > 0;

/**
 * Records that a paid order used its coupon (in the credit's transaction). Answers false when the
 * fan had used it already (another order paid first); the use count moves only on a new use.
 */
export async function recordCouponUse(
  tx: Transaction,
  options: { couponId: string; userId: string; paymentOrderId: string; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(couponUses)
    .values({
      couponId: options.couponId,
      userId: options.userId,
      paymentOrderId: options.paymentOrderId,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ couponId: couponUses.couponId });
  if (inserted.length === 0) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, options.couponId));
  return true;
}

// ---------------------------------------------------------------- orders

export const insertPaymentOrder = async (db: Executor, values: typeof paymentOrders.$inferInsert) =>
  (await db.insert(paymentOrders).values(values).returning())[0]!;

export const setOrderGatewayPayment = async (
  db: Executor,
  options: { id: string; gatewayPaymentId: string; now: Date },
) =>
  (
    await db
      .update(paymentOrders)
      .set({ gatewayPaymentId: options.gatewayPaymentId, updatedAt: options.now })
      .where(eq(paymentOrders.id, options.id))
      .returning()
  )[0]!;

export const markOrderStatus = async (
  db: Executor,
  options: { id: string; status: PaymentOrderStatus; failureReason?: string | null; now: Date },
) =>
  db
    .update(paymentOrders)
    .set({ status: options.status, failureReason: options.failureReason ?? null, updatedAt: options.now })
    .where(eq(paymentOrders.id, options.id));

export const markOrderPaid = async (
  tx: Transaction,
  options: { id: string; ledgerTransactionId: string; now: Date },
) =>
  tx
    .update(paymentOrders)
    .set({
      status: 'paid',
      failureReason: null,
      ledgerTransactionId: options.ledgerTransactionId,
      paidAt: options.now,
      updatedAt: options.now,
    })
    .where(eq(paymentOrders.id, options.id));

/**
 * Marks the top-ups still pending that started at or before `startedBefore` expired, in one
 * statement, and answers those it changed. An order a webhook holds locked is re-checked once the
 * webhook commits, so a paid order is never marked expired. (A scan of payment_orders: no index
 * leads by status; the table grows by one row per top-up.)
 */
export const expirePendingTopUps = (
  db: Executor,
  options: { startedBefore: Date; failureReason: string; now: Date },
) =>
  db
    .update(paymentOrders)
    .set({ status: 'expired', failureReason: options.failureReason, updatedAt: options.now })
    .where(
      and(
        eq(paymentOrders.type, 'wallet_top_up'),
        eq(paymentOrders.status, 'pending'),
        lte(paymentOrders.createdAt, options.startedBefore),
      ),
    )
    .returning({ id: paymentOrders.id, userId: paymentOrders.userId, priceCents: paymentOrders.priceCents });

/** One order with its coupon code and package name, or what a subscription order pays for. */
const orderWithNames = (db: Executor) =>
  db
    .select({
      order: paymentOrders,
      couponCode: coupons.code,
      packageName: tokenPackages.name,
      plan: cardSubscriptions.plan,
      performerId: cardSubscriptions.performerId,
      performerName: users.name,
      performerUsername: users.username,
    })
    .from(paymentOrders)
    .leftJoin(coupons, eq(coupons.id, paymentOrders.couponId))
    .leftJoin(tokenPackages, eq(tokenPackages.id, paymentOrders.tokenPackageId))
    .leftJoin(cardSubscriptions, eq(cardSubscriptions.id, paymentOrders.cardSubscriptionId))
    .leftJoin(users, eq(users.id, cardSubscriptions.performerId));

export type OrderWithNames = {
  order: PaymentOrderRow;
  couponCode: string | null;
  packageName: string | null;
  plan?: 'monthly' | 'yearly' | 'site' | null;
  performerId?: string | null;
  performerName?: string | null;
  performerUsername?: string | null;
};

/** Inserts an order unless one with its gateway payment id exists; answers the stored one. */
export async function insertOrderOnce(
  db: Executor,
  values: typeof paymentOrders.$inferInsert & { gatewayPaymentId: string },
): Promise<PaymentOrderRow> {
  await db.insert(paymentOrders).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.gateway, values.gateway),
        eq(paymentOrders.gatewayPaymentId, values.gatewayPaymentId),
      ),
    );
  return row!;
}

export const findUserOrder = async (
  db: Executor,
  options: { id: string; userId: string },
): Promise<OrderWithNames | null> =>
  (
    await orderWithNames(db).where(
      and(eq(paymentOrders.id, options.id), eq(paymentOrders.userId, options.userId)),
    )
  )[0] ?? null;

export async function searchUserOrders(
  db: Executor,
  options: { userId: string; status?: PaymentOrderStatus; offset: number; limit: number },
): Promise<{ rows: OrderWithNames[]; total: number }> {
  const where = and(
    eq(paymentOrders.userId, options.userId),
    options.status ? eq(paymentOrders.status, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    orderWithNames(db)
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The order an event is about, locked for the rest of the transaction (two events of one payment
 * are processed one after the other): by the gateway's payment id, else by our order id.
 */
export async function lockOrderOfEvent(
  tx: Transaction,
  options: { gateway: PaymentGatewayName; gatewayPaymentId: string | null; orderId: string | null },
): Promise<PaymentOrderRow | null> {
  if (options.gatewayPaymentId) {
    const [row] = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.gateway, options.gateway),
          eq(paymentOrders.gatewayPaymentId, options.gatewayPaymentId),
        ),
      )
      .for('update');
    if (row) return row;
  }
  if (options.orderId && /^[0-9a-f-]{36}$/i.test(options.orderId)) {
    const [row] = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, options.orderId), eq(paymentOrders.gateway, options.gateway)))
      .for('update');
    // An order that has a payment id only matches events naming that payment.
    if (row && (row.gatewayPaymentId === null || row.gatewayPaymentId === options.gatewayPaymentId))
      return row;
  }
  return null;
}

// ---------------------------------------------------------------- gateway events

/**
 * Claims an event id for processing, in the processing transaction: false when it was processed
 * already (a concurrent duplicate waits on the primary key until the first commits).
 */
export async function claimGatewayEvent(
  tx: Transaction,
  options: {
    gateway: PaymentGatewayName;
    eventId: string;
    type: string;
    payload: Record<string, unknown>;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentGatewayEvents)
    .values({
      gateway: options.gateway,
      eventId: options.eventId,
      type: options.type,
      outcome: 'processing',
      payload: options.payload,
      receivedAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentGatewayEvents.eventId });
  return inserted.length > 0;
}

export const setGatewayEventOutcome = async (
  tx: Transaction,
  options: { gateway: PaymentGatewayName; eventId: string; outcome: string; paymentOrderId: string | null },
) =>
  tx
    .update(paymentGatewayEvents)
    .set({ outcome: options.outcome, paymentOrderId: options.paymentOrderId })
    .where(
      and(
        eq(paymentGatewayEvents.gateway, options.gateway),
        eq(paymentGatewayEvents.eventId, options.eventId),
      ),
    );

// ---------------------------------------------------------------- customers and cards

export const findGatewayCustomer = async (
  db: Executor,
  options: { userId: string; gateway: PaymentGatewayName },
) =>
  (
    await db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, options.userId), eq(paymentCustomers.gateway, options.gateway)))
  )[0]?.customerId ?? null;

/** Saves the customer id; when another request saved one first, answers that one. */
export async function saveGatewayCustomer(
  db: Executor,
  options: { userId: string; gateway: PaymentGatewayName; customerId: string },
): Promise<string> {
  await db.insert(paymentCustomers).values(options).onConflictDoNothing();
  return (await findGatewayCustomer(db, options)) ?? options.customerId;
}

export const listUserCards = (db: Executor, userId: string) =>
  db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(desc(paymentCards.createdAt), asc(paymentCards.id));

export const findUserCard = async (db: Executor, options: { id: string; userId: string }) =>
  (
    await db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.id, options.id), eq(paymentCards.userId, options.userId)))
  )[0] ?? null;

export const upsertCard = async (db: Executor, values: typeof paymentCards.$inferInsert) =>
  (
    await db
      .insert(paymentCards)
      .values(values)
      .onConflictDoUpdate({
        target: [paymentCards.gateway, paymentCards.gatewayCardId],
        set: { brand: values.brand, last4: values.last4, expMonth: values.expMonth, expYear: values.expYear },
        where: eq(paymentCards.userId, values.userId),
      })
      .returning()
  )[0] ?? null;

export const deleteCard = async (db: Executor, id: string) =>
  db.delete(paymentCards).where(eq(paymentCards.id, id));
