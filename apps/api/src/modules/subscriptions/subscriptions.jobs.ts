import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { renewDueSandboxCardSubscriptions } from './card-subscriptions.renewal';
import {
  remindExpiringSubscriptions,
  renewDueSiteSubscriptions,
  renewDueSubscriptions,
} from './subscriptions.service';

export const renewalJobName = 'subscriptions.renew';
export const expiryReminderJobName = 'subscriptions.expiry-reminders';
/** How often each server asks for a renewal run; runs on several servers at once are safe. */
export const renewalEveryMs = 10 * 60 * 1000;

/**
 * Registers the renewal worker (creator subscriptions, then site memberships) and, once the server
 * listens (never in tests that only inject), sends a renewal job every few minutes. The queue
 * wrapper has no cron, and a periodic send from every node is fine: each renewal charges once
 * however many runs overlap.
 */
export async function registerSubscriptionJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work(
    renewalJobName,
    async () => {
      const counts = await renewDueSubscriptions(ctx);
      if (counts.renewed + counts.lapsed > 0) ctx.log.info(counts, 'subscription renewals');
      const site = await renewDueSiteSubscriptions(ctx);
      if (site.renewed + site.lapsed > 0) ctx.log.info(site, 'site membership renewals');
      const cards = await renewDueSandboxCardSubscriptions(ctx);
      if (cards.renewed + cards.lapsed > 0) ctx.log.info(cards, 'sandbox card renewals');
    },
    { retryLimit: 1, expireInSeconds: 30 * 60 },
  );
  await ctx.queue.work(
    expiryReminderJobName,
    async () => {
      const told = await remindExpiringSubscriptions(ctx);
      if (told > 0) ctx.log.info({ told }, 'subscription expiry reminders');
    },
    { retryLimit: 1, expireInSeconds: 10 * 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(renewalJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue subscription renewals'));
    ctx.queue
      .send(expiryReminderJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue expiry reminders'));
  };
  app.addHook('onListen', async () => {
    send();
    timer = setInterval(send, renewalEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
