import type { AppContext } from '../../context';
import { renewDueSandboxCardSubscriptions } from './card-subscriptions.renewal';
import {
  remindExpiringSubscriptions,
  renewDueSiteSubscriptions,
  renewDueSubscriptions,
} from './subscriptions.service';

export const renewalJobName = 'subscriptions.renew';
export const expiryReminderJobName = 'subscriptions.expiry-reminders';
/** Renewals and expiry reminders run every ten minutes, once across nodes (pg-boss schedules). */
export const renewalCron = '*/10 * * * *';

/**
 * Registers the renewal schedule (creator subscriptions, then site memberships, then sandbox card
 * plans) and the expiry reminders. Each renewal charges once even if runs overlapped.
 */
export async function registerSubscriptionJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.schedule(
    renewalJobName,
    { cron: renewalCron },
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
  await ctx.queue.schedule(
    expiryReminderJobName,
    { cron: renewalCron },
    async () => {
      const told = await remindExpiringSubscriptions(ctx);
      if (told > 0) ctx.log.info({ told }, 'subscription expiry reminders');
    },
    { retryLimit: 1, expireInSeconds: 10 * 60 },
  );
}
