import type { AppContext } from '../../context';
import { pruneIdempotencyKeys } from './wallet.idempotency';
import { rollUpAccounts } from './wallet.ledger';

/*
 * Ledger housekeeping. Creator earnings and the platform's accounts are credited by inserting
 * entries only (no row to update on the hot path), so their balance is the roll-up snapshot plus
 * the newer entries; rolling up keeps that read short. Stored Idempotency-Key answers are kept a
 * day. Both are pg-boss schedules (every minute, and hourly), run once across nodes; a run that
 * overlaps another would still be safe (a roll-up takes the account's lock, a prune is one DELETE).
 */

export const rollUpJobName = 'wallet.roll-up';
export const pruneKeysJobName = 'wallet.prune-idempotency-keys';
/** An account is rolled up once it has this many new entries; fewer are cheap to sum anyway. */
export const rollUpMinEntries = 20;

/** One roll-up run: every derived account with enough new entries. Answers how many it folded. */
export const runLedgerRollUp = (ctx: AppContext) => rollUpAccounts(ctx, { minEntries: rollUpMinEntries });

/** Registers the housekeeping as pg-boss schedules: each runs once across nodes. */
export async function registerWalletJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.schedule(
    rollUpJobName,
    { cron: '* * * * *' },
    async () => {
      const accounts = await runLedgerRollUp(ctx);
      if (accounts > 0) ctx.log.debug({ accounts }, 'ledger accounts rolled up');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
  await ctx.queue.schedule(
    pruneKeysJobName,
    { cron: '7 * * * *' },
    async () => {
      const deleted = await pruneIdempotencyKeys(ctx.db.db, { now: ctx.clock.now() });
      if (deleted > 0) ctx.log.info({ deleted }, 'old idempotency keys pruned');
    },
    { retryLimit: 0, expireInSeconds: 5 * 60 },
  );
}
