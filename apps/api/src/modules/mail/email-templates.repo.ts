import { type Executor, emailTemplates, eq, users } from '@fanstage/db';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** Every edited template (a handful of rows: the cache reads them all at once). */
export const findEditedTemplates = (db: Executor) => db.select().from(emailTemplates);

export async function findEditedTemplate(db: Executor, key: string) {
  const [row] = await db
    .select({ template: emailTemplates, editorName: users.name })
    .from(emailTemplates)
    .leftJoin(users, eq(users.id, emailTemplates.updatedBy))
    .where(eq(emailTemplates.key, key));
  return row ?? null;
}

export async function saveTemplate(
  db: Executor,
  values: { key: string; subject: string; body: string; updatedAt: Date; updatedBy: string },
): Promise<void> {
  await db
    .insert(emailTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: emailTemplates.key,
      set: {
        subject: values.subject,
        body: values.body,
        updatedAt: values.updatedAt,
        updatedBy: values.updatedBy,
      },
    });
}

/** Deletes an edit; the row as it was, or null when the template had none. */
export async function deleteTemplate(db: Executor, key: string): Promise<EmailTemplateRow | null> {
  const [row] = await db.delete(emailTemplates).where(eq(emailTemplates.key, key)).returning();
  return row ?? null;
}
