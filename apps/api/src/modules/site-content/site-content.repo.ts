import type { TCmsPostQuery } from '@fanstage/contract';
import {
  and,
  asc,
  cmsPosts,
  desc,
  type Executor,
  eq,
  gt,
  ilike,
  isNull,
  lte,
  or,
  searchKeywords,
  sitePromos,
  sql,
} from '@fanstage/db';

export type SitePromoRow = typeof sitePromos.$inferSelect;
export type CmsPostRow = typeof cmsPosts.$inferSelect;

/** Counts one search of a keyword (created on first use). */
export async function recordKeyword(db: Executor, keyword: string, at: Date) {
  const [row] = await db
    .insert(searchKeywords)
    .values({ keyword, searchCount: 1, lastSearchedAt: at })
    .onConflictDoUpdate({
      target: searchKeywords.keyword,
      set: { searchCount: sql`${searchKeywords.searchCount} + 1`, lastSearchedAt: at },
    })
    .returning();
  return row!;
}

export const topKeywords = (db: Executor, limit: number) =>
  db
    .select()
    .from(searchKeywords)
    .orderBy(desc(searchKeywords.searchCount), desc(searchKeywords.lastSearchedAt))
    .limit(limit);

// Promos

export async function insertPromo(
  db: Executor,
  values: typeof sitePromos.$inferInsert,
): Promise<SitePromoRow> {
  const [row] = await db.insert(sitePromos).values(values).returning();
  return row!;
}

export async function findPromo(db: Executor, id: string): Promise<SitePromoRow | null> {
  const [row] = await db.select().from(sitePromos).where(eq(sitePromos.id, id));
  return row ?? null;
}

export async function updatePromo(
  db: Executor,
  id: string,
  values: Partial<typeof sitePromos.$inferInsert>,
): Promise<SitePromoRow | null> {
  const [row] = await db.update(sitePromos).set(values).where(eq(sitePromos.id, id)).returning();
  return row ?? null;
}

export async function deletePromo(db: Executor, id: string): Promise<boolean> {
  return (
    (await db.delete(sitePromos).where(eq(sitePromos.id, id)).returning({ id: sitePromos.id })).length > 0
  );
}

/** Promos in position order; `activeAt` keeps only active ones whose dates include that time. */
export async function listPromos(db: Executor, options: { activeAt?: Date; offset: number; limit: number }) {
  const at = options.activeAt;
  const where = at
    ? and(
        eq(sitePromos.isActive, true),
        or(isNull(sitePromos.startsAt), lte(sitePromos.startsAt, at)),
        or(isNull(sitePromos.endsAt), gt(sitePromos.endsAt, at)),
      )
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sitePromos)
      .where(where)
      .orderBy(asc(sitePromos.position), desc(sitePromos.createdAt))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(sitePromos).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

// CMS posts

export async function insertCmsPost(db: Executor, values: typeof cmsPosts.$inferInsert): Promise<CmsPostRow> {
  const [row] = await db.insert(cmsPosts).values(values).returning();
  return row!;
}

export async function updateCmsPost(
  db: Executor,
  id: string,
  values: Partial<typeof cmsPosts.$inferInsert>,
): Promise<CmsPostRow | null> {
  // An update with no field is a read (SQL has no empty SET).
  if (Object.values(values).every((v) => v === undefined)) return findCmsPost(db, { id });
  const [row] = await db.update(cmsPosts).set(values).where(eq(cmsPosts.id, id)).returning();
  return row ?? null;
}

export async function deleteCmsPost(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(cmsPosts).where(eq(cmsPosts.id, id)).returning({ id: cmsPosts.id })).length > 0;
}

export async function findCmsPost(
  db: Executor,
  key: { id: string } | { slug: string },
): Promise<CmsPostRow | null> {
  const where = 'id' in key ? eq(cmsPosts.id, key.id) : eq(cmsPosts.slug, key.slug);
  const [row] = await db.select().from(cmsPosts).where(where);
  return row ?? null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCmsPosts(db: Executor, query: TCmsPostQuery) {
  const where = and(
    query.status ? eq(cmsPosts.status, query.status) : undefined,
    query.q ? ilike(cmsPosts.title, `%${escapeLike(query.q)}%`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(cmsPosts)
      .where(where)
      .orderBy(desc(cmsPosts.updatedAt), desc(cmsPosts.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(cmsPosts).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
