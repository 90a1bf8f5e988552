import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { runCallTicker } from './calls.service';

/*
 * The call ticker: every server sends the tick job every few seconds once it listens (the queue
 * wrapper has no cron). Overlapping ticks on several servers are safe: each minute is charged under
 * the session's row lock with SKIP LOCKED and once per ledger key `call:<id>:minute:<k>`.
 */

export const callTickJobName = 'calls.tick';
export const callTickEveryMs = 5_000;

export async function registerCallJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work(
    callTickJobName,
    async () => {
      const report = await runCallTicker(ctx);
      if (report.charged + report.ended + report.missed > 0) ctx.log.info(report, 'call ticker');
    },
    { retryLimit: 0, expireInSeconds: 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(callTickJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue the call ticker'));
  };
  app.addHook('onListen', async () => {
    send();
    timer = setInterval(send, callTickEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
