import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pruneIdempotencyKeys } from './wallet.idempotency';
import { rollUpAccounts } from './wallet.ledger';

/*
 * Ledger housekeeping. Creator earnings and the platform's accounts are credited by inserting
 * entries only (no row to update on the hot path), so their balance is the roll-up snapshot plus
 * the newer entries; rolling up keeps that read short. Stored Idempotency-Key answers are kept a
 * day. Like the renewal job, each server sends these jobs on a timer once it listens; overlapping
 * runs on several servers are safe (a roll-up takes the account's lock, a prune is one DELETE).
 */

export const rollUpJobName = 'wallet.roll-up';
export const pruneKeysJobName = 'wallet.prune-idempotency-keys';
export const rollUpEveryMs = 60 * 1000;
export const pruneKeysEveryMs = 60 * 60 * 1000;
/** An account is rolled up once it has this many new entries; fewer are cheap to sum anyway. */
export const rollUpMinEntries = 20;

/** One roll-up run: every derived account with enough new entries. Answers how many it folded. */
export const runLedgerRollUp = (ctx: AppContext) => rollUpAccounts(ctx, { minEntries: rollUpMinEntries });

/** Registers the housekeeping workers and, once the server listens, sends their jobs periodically. */
export async function registerWalletJobs(ctx: AppContext, app: FastifyInstance): Promise<void> {
  await ctx.queue.work(
    rollUpJobName,
    async () => {
      const accounts = await runLedgerRollUp(ctx);
      if (accounts > 0) ctx.log.debug({ accounts }, 'ledger accounts rolled up');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
  await ctx.queue.work(
    pruneKeysJobName,
    async () => {
      const deleted = await pruneIdempotencyKeys(ctx.db.db, { now: ctx.clock.now() });
      if (deleted > 0) ctx.log.info({ deleted }, 'old idempotency keys pruned');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
  const timers: NodeJS.Timeout[] = [];
  const every = (name: string, ms: number) => {
    const send = () => {
      ctx.queue.send(name, {}).catch((err: unknown) => ctx.log.error({ err }, `could not queue ${name}`));
    };
    send();
    const timer = setInterval(send, ms);
    timer.unref();
    timers.push(timer);
  };
  app.addHook('onListen', async () => {
    every(rollUpJobName, rollUpEveryMs);
    every(pruneKeysJobName, pruneKeysEveryMs);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
