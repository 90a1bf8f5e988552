import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { expireAbandonedTopUps } from './payments.service';

/*
 * Abandoned checkouts. A top-up that was never paid stays pending until this job expires it an hour
 * after it started (payments.service.ts topUpLifetimeMs says why an hour). Like the other periodic
 * jobs, each server sends it on a timer once it listens; overlapping runs are safe (one UPDATE).
 */

export const expireTopUpsJobName = 'payments.expire-top-ups';
/** An expired top-up stops showing as waiting at most this long after its hour is up. */
export const expireTopUpsEveryMs = 5 * 60 * 1000;

/** Registers the expiry worker and, once the server listens, sends its job periodically. */
export async function registerPaymentJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work(
    expireTopUpsJobName,
    async () => {
      const expired = await expireAbandonedTopUps(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'abandoned top-ups expired');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(expireTopUpsJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, `could not queue ${expireTopUpsJobName}`));
  };
  app.addHook('onListen', async () => {
    send();
    timer = setInterval(send, expireTopUpsEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
