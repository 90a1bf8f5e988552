import { desc, eq, notifications, outboxEmails, users } from '@fanstage/db';
import { vi } from 'vitest';
import type { AppContext } from '../src/context';

/** A person's notification rows, newest first (what the bell lists). */
export const notificationsOf = (ctx: AppContext, userId: string) =>
  ctx.db.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));

/** Mails to one address in the outbox, sent by the notification job (which runs shortly after). */
export const mailsTo = (ctx: AppContext, to: string) =>
  ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

/** Waits until the queue's mail job has put a mail to `to` whose subject contains `subject`. */
export async function waitForMail(ctx: AppContext, to: string, subject: string) {
  return vi.waitFor(
    async () => {
      const mail = (await mailsTo(ctx, to)).find((m) => m.subject.includes(subject));
      if (!mail) throw new Error(`no mail to ${to} about "${subject}" yet`);
      return mail;
    },
    { timeout: 30_000, interval: 200 },
  );
}

/**
 * What the person with this address was told, as subject and text (the notification's title and
 * body; the mail, when their preference sends one, carries the same words and is sent by a job).
 */
export async function toldTo(ctx: AppContext, email: string | null) {
  const rows = await ctx.db.db
    .select({ subject: notifications.title, text: notifications.body, type: notifications.type })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.email, email ?? ''))
    .orderBy(notifications.createdAt, notifications.id);
  return rows;
}
