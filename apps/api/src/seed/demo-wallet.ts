import type { AppContext } from '../context';
import { grantWalletCredit } from '../modules/wallet/wallet.service';

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
