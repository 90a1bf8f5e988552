import type { AppContext } from '../../context';
import { findRecipients } from './notifications.repo';
import { type NotificationEmailJob, notificationEmailJobName } from './notifications.service';
import { renderNotificationEmail } from './notifications.templates';

/**
 * The mail of a notification, sent by the queue so that a slow or failing mail server never holds
 * the request that caused it. The address is read when the mail goes (a changed address is used);
 * a thrown send is retried by the queue.
 */
export async function sendNotificationEmail(ctx: AppContext, job: NotificationEmailJob): Promise<void> {
  const [person] = await findRecipients(ctx.db.db, [job.userId]);
  if (!person?.email) return;
  const { siteName } = await ctx.settings.getAll();
  const mail = renderNotificationEmail({
    ...job,
    name: person.name,
    siteName,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  await ctx.mailer.send({ to: person.email, ...mail });
}

export async function registerNotificationJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work<NotificationEmailJob>(
    notificationEmailJobName,
    (job) => sendNotificationEmail(ctx, job),
    {
      retryLimit: 3,
      expireInSeconds: 5 * 60,
    },
  );
}
