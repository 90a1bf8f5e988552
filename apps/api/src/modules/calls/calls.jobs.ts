import type { AppContext } from '../../context';
import { runCallTicker } from './calls.service';

/*
 * The call ticker, every 5 seconds (below a minute, so a sub-minute schedule: each node asks, one
 * job per 5-second slot exists across nodes). Even overlapping ticks would be safe: each minute is
 * charged under the session's row lock with SKIP LOCKED and once per ledger key `call:<id>:minute:<k>`.
 */

export const callTickJobName = 'calls.tick';
export const callTickEverySeconds = 5;

export async function registerCallJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.schedule(
    callTickJobName,
    { everySeconds: callTickEverySeconds },
    async () => {
      const report = await runCallTicker(ctx);
      if (report.charged + report.ended + report.missed > 0) ctx.log.info(report, 'call ticker');
    },
    { retryLimit: 0, expireInSeconds: 60 },
  );
}
