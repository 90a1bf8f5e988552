import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import {
  type MassSendJob,
  massDueJobName,
  massSendJobName,
  runDueMassMessages,
  runMassMessage,
} from './messages.mass';

/** How often each server asks for due (scheduled or stalled) mass messages. */
export const massDueEveryMs = 60 * 1000;

/**
 * Registers the mass message workers and, once the server listens, sends the due job every
 * minute (the queue wrapper has no cron; overlapping runs on several servers are safe).
 */
export async function registerMessageJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work<MassSendJob>(
    massSendJobName,
    async (data) => {
      const reached = await runMassMessage(ctx, { massMessageId: data.massMessageId });
      ctx.log.info({ massMessageId: data.massMessageId, reached }, 'mass message sent');
    },
    { retryLimit: 3, expireInSeconds: 60 * 60 },
  );
  await ctx.queue.work(
    massDueJobName,
    async () => {
      const ids = await runDueMassMessages(ctx);
      if (ids.length > 0) ctx.log.info({ ids }, 'due mass messages sent');
    },
    { retryLimit: 0, expireInSeconds: 60 * 60 },
  );
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    ctx.queue
      .send(massDueJobName, {})
      .catch((err: unknown) => ctx.log.error({ err }, 'could not queue due mass messages'));
  };
  app.addHook('onListen', async () => {
    send();
    timer = setInterval(send, massDueEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
