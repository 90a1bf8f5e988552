import type { TAssetSearchQuery } from '@fanstage/contract';
import {
  and,
  asc,
  count,
  desc,
  type Executor,
  eq,
  ilike,
  performerProfiles,
  products,
  users,
} from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';
import { notHidden } from '../access/hidden';
import { listedCondition } from '../performers/performers.repo';

export type ProductRow = typeof products.$inferSelect;

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertProduct(db: Executor, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function findProduct(db: Executor, id: string): Promise<ProductRow | null> {
  return (await db.select().from(products).where(eq(products.id, id)).limit(1))[0] ?? null;
}

export async function updateProduct(
  db: Executor,
  id: string,
  values: Partial<typeof products.$inferInsert>,
): Promise<ProductRow> {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row!;
}

export async function deleteProduct(db: Executor, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

/**
 * A page of products; fans (`forFans`) see active ones moderators did not hide, of listed creators
 * (or of the named one).
 */
export async function searchProducts(
  db: Executor,
  options: {
    query: TAssetSearchQuery;
    performerId?: string;
    forFans: boolean;
    /** Who looks from where: creators who blocked that country are left out. */
    geo?: GeoViewer;
  },
): Promise<{ rows: ProductRow[]; total: number }> {
  const { query } = options;
  const status = options.forFans
    ? 'active'
    : query.status === 'active' || query.status === 'draft'
      ? query.status
      : undefined;
  const where = and(
    options.performerId ? eq(products.performerId, options.performerId) : undefined,
    status ? eq(products.status, status) : undefined,
    options.forFans ? notHidden(products) : undefined,
    query.q ? ilike(products.name, containsPattern(query.q)) : undefined,
    options.forFans && !options.performerId ? listedCondition : undefined,
    options.geo ? creatorListedForViewer(options.geo, products.performerId) : undefined,
  );
  const sortColumn = {
    updatedAt: products.updatedAt,
    createdAt: products.createdAt,
    title: products.name,
    price: products.priceCents,
  }[query.sortBy];
  const order = query.sort === 'asc' ? asc(sortColumn) : desc(sortColumn);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ product: products })
      .from(products)
      .innerJoin(users, eq(users.id, products.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, products.performerId))
      .where(where)
      .orderBy(order, desc(products.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(products)
      .innerJoin(users, eq(users.id, products.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, products.performerId))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.product), total: Number(totals?.n ?? 0) };
}
