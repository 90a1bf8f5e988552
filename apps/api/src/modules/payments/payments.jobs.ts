import type { AppContext } from '../../context';
import { expireAbandonedTopUps } from './payments.service';

/*
 * Abandoned checkouts. A top-up that was never paid stays pending until this job expires it an hour
 * after it started (payments.service.ts topUpLifetimeMs says why an hour). A pg-boss schedule every
 * five minutes, run once across nodes (and an overlapping run would be safe: one UPDATE).
 */

export const expireTopUpsJobName = 'payments.expire-top-ups';
/** An expired top-up stops showing as waiting at most this long after its hour is up. */
export const expireTopUpsCron = '*/5 * * * *';

/** Registers the expiry schedule and its worker. */
export async function registerPaymentJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.schedule(
    expireTopUpsJobName,
    { cron: expireTopUpsCron },
    async () => {
      const expired = await expireAbandonedTopUps(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'abandoned top-ups expired');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
}
