import { addresses, and, count, desc, type Executor, eq } from '@fanstage/db';

export type AddressRow = typeof addresses.$inferSelect;

/** The address when it belongs to the user; null for missing and for someone else's. */
export async function findOwnAddress(db: Executor, options: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, options.id), eq(addresses.userId, options.userId)));
  return row ?? null;
}

export async function insertAddress(
  db: Executor,
  values: typeof addresses.$inferInsert,
): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

export async function updateOwnAddress(
  db: Executor,
  options: { userId: string; id: string; values: Partial<typeof addresses.$inferInsert> },
): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set(options.values)
    .where(and(eq(addresses.id, options.id), eq(addresses.userId, options.userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnAddress(
  db: Executor,
  options: { userId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, options.id), eq(addresses.userId, options.userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

export async function searchAddresses(
  db: Executor,
  options: { userId: string; offset: number; limit: number },
) {
  const where = eq(addresses.userId, options.userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(where)
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: count() }).from(addresses).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
