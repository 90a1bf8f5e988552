import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { endAbandonedShows } from './streaming.service';

export const endAbandonedJobName = 'streaming.end-abandoned';
/** How often each server asks for the scan; a show ends between 60 and 75 s after its media went. */
export const endAbandonedEveryMs = 15_000;

/**
 * Registers the job that ends live shows whose creator's media has been gone for a minute (Janus
 * events), and sends it periodically once the server listens. Overlapping runs end each show once.
 */
export async function registerStreamingJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work(
    endAbandonedJobName,
    async () => {
      const ended = await endAbandonedShows(ctx);
      if (ended > 0) ctx.log.info({ ended }, 'live shows ended: the creator’s media was gone');
    },
    { retryLimit: 0, expireInSeconds: 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(endAbandonedJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue the abandoned live show scan'));
  };
  app.addHook('onListen', async () => {
    timer = setInterval(send, endAbandonedEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
