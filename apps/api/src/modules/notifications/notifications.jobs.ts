import type { FastifyInstance } from 'fastify';
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
/** How often each server asks for old notifications to be deleted. */
export const pruneEveryMs = 24 * 60 * 60 * 1000;
/** How often each server asks for a digest run. */
export const digestEveryMs = 15 * 60 * 1000;

/**
 * Registers the mail worker and the unread-messages digest; once the server listens (never in tests
 * that only inject), each node sends a digest job every 15 minutes.
 */
export async function registerNotificationJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work<NotificationEmailJob>(
    notificationEmailJobName,
    (job) => sendNotificationEmail(ctx, job),
    {
      retryLimit: 3,
      expireInSeconds: 5 * 60,
    },
  );
  await ctx.queue.work(
    digestJobName,
    async () => {
      const told = await sendMessageDigests(ctx);
      if (told > 0) ctx.log.info({ told }, 'unread message digests');
    },
    { retryLimit: 1, expireInSeconds: 10 * 60 },
  );
  await ctx.queue.work(
    pruneJobName,
    async () => {
      const deleted = await pruneNotifications(ctx);
      if (deleted > 0) ctx.log.info({ deleted }, 'old notifications deleted');
    },
    { retryLimit: 1, expireInSeconds: 30 * 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(digestJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue the message digest'));
  };
  const prune = () => {
    ctx.queue
      .send(pruneJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue the notification pruning'));
  };
  app.addHook('onListen', async () => {
    timer = setInterval(send, digestEveryMs);
    timer.unref();
    prune();
    pruneTimer = setInterval(prune, pruneEveryMs);
    pruneTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(pruneTimer);
  });
}
