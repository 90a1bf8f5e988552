import type { AppContext } from '../../context';
import {
  type MassSendJob,
  massDueJobName,
  massSendJobName,
  runDueMassMessages,
  runMassMessage,
} from './messages.mass';

/** Due (scheduled or stalled) mass messages are looked for every minute, once across nodes. */
export const massDueCron = '* * * * *';

/** Registers the mass message worker and the due schedule. */
export async function registerMessageJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work<MassSendJob>(
    massSendJobName,
    async (data) => {
      const reached = await runMassMessage(ctx, { massMessageId: data.massMessageId });
      ctx.log.info({ massMessageId: data.massMessageId, reached }, 'mass message sent');
    },
    { retryLimit: 3, expireInSeconds: 60 * 60 },
  );
  await ctx.queue.schedule(
    massDueJobName,
    { cron: massDueCron },
    async () => {
      const ids = await runDueMassMessages(ctx);
      if (ids.length > 0) ctx.log.info({ ids }, 'due mass messages sent');
    },
    { retryLimit: 0, expireInSeconds: 60 * 60 },
  );
}
