import { and, type Executor, eq, files, inArray } from '@fanstage/db';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(db: Executor, values: NewFileRow): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFileById(db: Executor, id: string): Promise<FileRow | null> {
  return (await db.select().from(files).where(eq(files.id, id)).limit(1))[0] ?? null;
}

export async function deleteFile(db: Executor, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/**
 * Moves a file to `processing` unless it is already finished or gone. A run cut short earlier
 * left it in `processing`; taking it again is what makes the job safe to run twice.
 */
export async function claimForProcessing(db: Executor, id: string): Promise<FileRow | null> {
  const [row] = await db
    .update(files)
    .set({ status: 'processing', progress: 0, failureReason: null })
    .where(and(eq(files.id, id), inArray(files.status, ['uploaded', 'processing'])))
    .returning();
  return row ?? null;
}

export async function setProgress(db: Executor, id: string, progress: number): Promise<void> {
  await db
    .update(files)
    .set({ progress })
    .where(and(eq(files.id, id), eq(files.status, 'processing')));
}

/** Records the outputs; answers false when the file left `processing` meanwhile (deleted). */
export async function markReady(
  db: Executor,
  id: string,
  values: Pick<NewFileRow, 'variants' | 'durationSeconds' | 'width' | 'height' | 'preview'>,
): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ ...values, status: 'ready', progress: 100, failureReason: null })
    .where(and(eq(files.id, id), eq(files.status, 'processing')))
    .returning({ id: files.id });
  return rows.length > 0;
}

export async function markFailed(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(files)
    .set({ status: 'failed', failureReason: reason, progress: null })
    .where(and(eq(files.id, id), inArray(files.status, ['uploaded', 'processing'])));
}
