import { and, desc, type Executor, eq, sql, userBlocks, users } from '@fanstage/db';

export type UserBlockRow = typeof userBlocks.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The person a block would name: their role (admins cannot be blocked) and public fields. */
export async function findTargetUser(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      username: users.username,
      avatarPath: users.avatarPath,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * Writes the block once: blocking the same person again answers the row already there (its first
 * reason kept), so a double click or a retry changes nothing.
 */
export async function insertBlockOnce(
  db: Executor,
  values: { performerId: string; targetId: string; reason: string; createdAt: Date },
): Promise<UserBlockRow> {
  const [inserted] = await db.insert(userBlocks).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.performerId, values.performerId), eq(userBlocks.targetId, values.targetId)));
  return existing!;
}

/** Writes the block unless there is one; answers whether it did. */
export async function insertBlockIfNew(
  db: Executor,
  values: { performerId: string; targetId: string; reason: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}

/** Removes the creator's block of this person; false when there was none. */
export async function deleteBlock(db: Executor, options: { performerId: string; targetId: string }) {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.performerId, options.performerId), eq(userBlocks.targetId, options.targetId)))
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}

/** The creator's blocks with the people they name, latest first. */
export async function listBlocks(
  db: Executor,
  options: { performerId: string; offset: number; limit: number },
): Promise<{ rows: { block: UserBlockRow; target: UserRow }[]; total: number }> {
  const where = eq(userBlocks.performerId, options.performerId);
  const [rows, totals] = await Promise.all([
    db
      .select({ block: userBlocks, target: users })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.targetId))
      .where(where)
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(userBlocks).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
