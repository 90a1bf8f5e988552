import type { AppContext } from '../context';
import { inMoneyTransaction } from '../modules/wallet/wallet.ledger';
import { insertPurchase } from '../modules/wallet/wallet.repo';
import { chargeFan, grantWalletCredit } from '../modules/wallet/wallet.service';
import type { DemoContentResult } from './demo-content';

/** What each demo fan starts with, so tips and purchases can be tried at once. */
export const demoFanBalanceCents = 100_00;

/**
 * Gives each new demo fan a starting balance through the ledger (an admin credit paid by the
 * platform), once per fan whatever the number of runs.
 */
export async function seedDemoBalances(ctx: AppContext, fanIds: string[]): Promise<void> {
  for (const userId of fanIds) {
    await grantWalletCredit(ctx, {
      userId,
      amountCents: demoFanBalanceCents,
      reason: 'Demo starting balance',
      initiatorId: null,
      ledgerKey: `demo-balance:${userId}`,
    });
  }
}

/**
 * The demo purchase (a fan bought one pay-per-view post) made like a real one: the purchase row, the
 * wallet debit, the ledger entries and the creator's earning, in one transaction, once.
 */
export async function seedDemoPurchase(ctx: AppContext, plan: DemoContentResult['purchase']): Promise<void> {
  if (!plan || plan.priceCents <= 0) return;
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  await inMoneyTransaction(ctx, async (tx) => {
    const isFirst = await insertPurchase(tx, {
      fanId: plan.fanId,
      performerId: plan.performerId,
      targetType: 'feed',
      targetId: plan.feedId,
      priceCents: plan.priceCents,
      createdAt: now,
    });
    if (!isFirst) return;
    await chargeFan(tx, {
      fanId: plan.fanId,
      performerId: plan.performerId,
      grossCents: plan.priceCents,
      source: 'feed',
      sourceId: plan.feedId,
      defaultCommissionRate: settings.performerCommission,
      ledgerIdempotencyKey: `demo-purchase:${plan.fanId}:${plan.feedId}`,
      now,
    });
  });
}
