import {
  and,
  count,
  type DeliveryStatus,
  desc,
  type Executor,
  eq,
  files,
  ilike,
  ne,
  or,
  orders,
  products,
  purchases,
  sql,
  type Transaction,
  users,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type OrderRow = typeof orders.$inferSelect;

/** The product as the charge sees it, read inside the charge's transaction. */
export async function findProductForSale(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      id: products.id,
      performerId: products.performerId,
      name: products.name,
      type: products.type,
      priceCents: products.priceCents,
      status: products.status,
      hiddenAt: products.hiddenAt,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/**
 * Takes `quantity` units off the stock when that many are left; false otherwise. The row lock makes
 * concurrent buyers of the last units queue, and each sees the stock the previous one left.
 */
export async function takeStock(tx: Transaction, options: { productId: string; quantity: number }) {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${options.quantity}` })
    .where(and(eq(products.id, options.productId), sql`${products.stock} >= ${options.quantity}`))
    .returning({ stock: products.stock });
  return rows.length > 0;
}

export async function restoreStock(tx: Transaction, options: { productId: string; quantity: number }) {
  await tx
    .update(products)
    .set({ stock: sql`coalesce(${products.stock}, 0) + ${options.quantity}` })
    .where(and(eq(products.id, options.productId), eq(products.type, 'physical')));
}

export async function insertProductPurchase(tx: Transaction, values: typeof purchases.$inferInsert) {
  await tx.insert(purchases).values(values);
}

export async function insertOrder(tx: Transaction, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrder(
  tx: Executor,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

const fans = alias(users, 'fans');
const sellers = alias(users, 'sellers');

/** An order by its number, or by part of the product's or either person's name. */
function searchFilterOf(options: { number?: number; text?: string }): SQL | undefined {
  const pattern = options.text ? `%${options.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const byNumber = options.number === undefined ? undefined : eq(orders.number, options.number);
  const byText = pattern
    ? or(
        ilike(orders.productName, pattern),
        ilike(fans.name, pattern),
        ilike(fans.username, pattern),
        ilike(sellers.name, pattern),
        ilike(sellers.username, pattern),
      )
    : undefined;
  return byNumber && byText ? or(byNumber, byText) : (byNumber ?? byText);
}

/** Orders with the buyer's and the seller's names, newest first. */
export async function searchOrders(
  db: Executor,
  options: {
    id?: string;
    fanId?: string;
    performerId?: string;
    deliveryStatus?: DeliveryStatus;
    /** An order number; with `text`, either may match. */
    number?: number;
    text?: string;
    offset: number;
    limit: number;
  },
) {
  const search = searchFilterOf(options);
  const filters: SQL[] = [
    ...(options.id ? [eq(orders.id, options.id)] : []),
    ...(options.fanId ? [eq(orders.fanId, options.fanId)] : []),
    ...(options.performerId ? [eq(orders.performerId, options.performerId)] : []),
    ...(options.deliveryStatus ? [eq(orders.deliveryStatus, options.deliveryStatus)] : []),
    ...(search ? [search] : []),
  ];
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        order: orders,
        fan: { id: fans.id, name: fans.name, username: fans.username },
        performer: { id: sellers.id, name: sellers.name, username: sellers.username },
      })
      .from(orders)
      .innerJoin(fans, eq(fans.id, orders.fanId))
      .innerJoin(sellers, eq(sellers.id, orders.performerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(fans, eq(fans.id, orders.fanId))
      .innerJoin(sellers, eq(sellers.id, orders.performerId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Whether the user holds a paid, not refunded order of the product. */
export async function hasLiveOrder(db: Executor, options: { fanId: string; productId: string }) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.fanId, options.fanId),
        eq(orders.productId, options.productId),
        ne(orders.deliveryStatus, 'refunded'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A digital product's private file (storage key and the name it was uploaded under). */
export async function findDigitalFile(db: Executor, productId: string) {
  const [row] = await db
    .select({
      performerId: products.performerId,
      type: products.type,
      productName: products.name,
      storageKey: files.storageKey,
      originalName: files.originalName,
    })
    .from(products)
    .leftJoin(files, eq(files.id, products.digitalFileId))
    .where(eq(products.id, productId));
  return row ?? null;
}

/** The order paid by a ledger charge, locked for the rest of the caller's transaction. */
export async function lockOrderOfCharge(tx: Transaction, transactionId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.transactionId, transactionId)).for('update');
  return row ?? null;
}
