import type { AppContext } from '../../context';
import { endAbandonedShows } from './streaming.service';

export const endAbandonedJobName = 'streaming.end-abandoned';
/** How often the scan runs; a show ends between 60 and 75 s after its media went. */
export const endAbandonedEverySeconds = 15;

/**
 * Registers the job that ends live shows whose creator's media has been gone for a minute (Janus
 * events): a sub-minute schedule, one run per 15-second slot across nodes (an overlapping run
 * would still end each show once).
 */
export async function registerStreamingJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.schedule(
    endAbandonedJobName,
    { everySeconds: endAbandonedEverySeconds },
    async () => {
      const ended = await endAbandonedShows(ctx);
      if (ended > 0) ctx.log.info({ ended }, 'live shows ended: the creator’s media was gone');
    },
    { retryLimit: 0, expireInSeconds: 60 },
  );
}
