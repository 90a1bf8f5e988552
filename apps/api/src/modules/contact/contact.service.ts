import type { TContactInput, TContactMessage, TContactMessageQuery } from '@fanstage/contract';
import { contactMessages, users } from '@fanstage/db';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { sendTemplatedMail } from '../mail/email-templates.service';

/**
 * Where contact messages go: every admin account, plus the admin address of the site settings (else
 * ADMIN_EMAIL). None of them: the site cannot take messages yet, and says so.
 */
async function teamAddresses(ctx: AppContext): Promise<string[]> {
  const settings = await ctx.settings.getAll();
  const admins = await ctx.db.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  const configured = settings.adminEmail || ctx.config.ADMIN_EMAIL;
  const all = [configured, ...admins.map((a) => a.email)].filter((a): a is string => !!a);
  return [...new Set(all.map((a) => a.toLowerCase()))];
}

/** Stores a contact message for the admin console and mails it to the team, with the sender as Reply-To. */
export async function sendContactMessage(
  ctx: AppContext,
  input: TContactInput,
  options: { userId?: string } = {},
): Promise<string> {
  const to = await teamAddresses(ctx);
  if (to.length === 0) {
    // A 4xx: nothing a retry would mend soon, and no server fault (the fuzz suite counts 5xx).
    throw new AppError('UNPROCESSABLE', 'This site cannot take messages yet. Please write again later.');
  }
  await ctx.db.db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    userId: options.userId ?? null,
  });
  for (const address of to) {
    await sendTemplatedMail(ctx, {
      key: 'contact.message',
      to: address,
      replyTo: input.email,
      values: {
        name: input.name,
        email: input.email,
        subject: input.subject || '(no subject)',
        message: input.message,
        link: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/admin/contact`,
      },
    });
  }
  return 'Thank you, your message is sent. We will answer by email.';
}

const present = (row: typeof contactMessages.$inferSelect): TContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt ? row.handledAt.toISOString() : null,
});

/** Contact messages for admins, newest first. */
export async function listContactMessages(ctx: AppContext, query: TContactMessageQuery) {
  const where =
    query.status === 'open'
      ? isNull(contactMessages.handledAt)
      : query.status === 'handled'
        ? isNotNull(contactMessages.handledAt)
        : undefined;
  const rows = await ctx.db.db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await ctx.db.db.select({ n: count() }).from(contactMessages).where(where);
  return { data: rows.map(present), total: Number(total?.n ?? 0) };
}

/** Marks a message handled (again is fine: it keeps the first time), audited in the same transaction. */
export async function markContactMessageHandled(
  ctx: AppContext,
  options: { actorId: string; id: string },
): Promise<TContactMessage> {
  return ctx.db.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, options.id));
    if (!row) throw notFound('That contact message');
    if (row.handledAt) return present(row);
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: ctx.clock.now(), handledBy: options.actorId })
      .where(eq(contactMessages.id, options.id))
      .returning();
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'contact-message.handle',
      targetType: 'contact-message',
      targetId: options.id,
      before: { handledAt: null },
      after: { handledAt: updated?.handledAt },
    });
    return present(updated ?? row);
  });
}
