import type { TContactRequest } from '@fanstage/contract';
import { users } from '@fanstage/db';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

/**
 * Where contact messages go: the admin address of the site settings, else ADMIN_EMAIL, else the
 * oldest admin account's address. None of them: the site cannot take messages yet, and says so.
 */
async function teamAddress(ctx: AppContext): Promise<string | null> {
  const settings = await ctx.settings.getAll();
  if (settings.adminEmail) return settings.adminEmail;
  if (ctx.config.ADMIN_EMAIL) return ctx.config.ADMIN_EMAIL;
  const [admin] = await ctx.db.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? null;
}

/** Mails a contact message to the team, with the sender as Reply-To. */
export async function sendContactMessage(ctx: AppContext, input: TContactRequest): Promise<string> {
  const to = await teamAddress(ctx);
  if (!to) {
    // A 4xx: nothing a retry would mend soon, and no server fault (the fuzz suite counts 5xx).
    throw new AppError('UNPROCESSABLE', 'This site cannot take messages yet. Please write again later.');
  }
  const settings = await ctx.settings.getAll();
  await ctx.mailer.send({
    to,
    replyTo: input.email,
    subject: `Contact form: ${input.name} (${settings.siteName})`,
    text: `${input.name} <${input.email}> wrote through the contact form:\n\n${input.message}\n\nReply to this mail to answer them.`,
  });
  return 'Thank you, your message is sent. We will answer by email.';
}
