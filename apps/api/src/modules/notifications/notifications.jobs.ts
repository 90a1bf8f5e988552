import type { AppContext } from '../../context';
import { findRecipients } from './notifications.repo';
import {
  type NotificationEmailJob,
  notificationEmailJobName,
  pruneNotifications,
  sendMessageDigests,
} from './notifications.service';
import { renderNotificationEmail } from './notifications.templates';

/**
 * The mail of a notification, sent by the queue so that a slow or failing mail server never holds
 * the request that caused it. The address is read when the mail goes (a changed address is used);
 * a thrown send is retried by the queue.
 */
export async function sendNotificationEmail(ctx: AppContext, job: NotificationEmailJob): Promise<void> {
  const [person] = await findRecipients(ctx.db.db, [job.userId]);
  if (!person?.email) return;
  const mail = await renderNotificationEmail(ctx, { ...job, name: person.name });
  await ctx.mailer.send({ to: person.email, ...mail });
}

export const digestJobName = 'notifications.message-digest';
export const pruneJobName = 'notifications.prune';
/** Old notifications are deleted once a day (03:17 UTC), once across nodes. */
export const pruneCron = '17 3 * * *';
/** The unread-messages digest runs every 15 minutes, once across nodes. */
export const digestCron = '*/15 * * * *';

/** Registers the mail worker, the unread-messages digest and the pruning (pg-boss schedules). */
export async function registerNotificationJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work<NotificationEmailJob>(
    notificationEmailJobName,
    (job) => sendNotificationEmail(ctx, job),
    {
      retryLimit: 3,
      expireInSeconds: 5 * 60,
    },
  );
  await ctx.queue.schedule(
    digestJobName,
    { cron: digestCron },
    async () => {
      const told = await sendMessageDigests(ctx);
      if (told > 0) ctx.log.info({ told }, 'unread message digests');
    },
    { retryLimit: 1, expireInSeconds: 10 * 60 },
  );
  await ctx.queue.schedule(
    pruneJobName,
    { cron: pruneCron },
    async () => {
      const deleted = await pruneNotifications(ctx);
      if (deleted > 0) ctx.log.info({ deleted }, 'old notifications deleted');
    },
    { retryLimit: 1, expireInSeconds: 30 * 60 },
  );
}
