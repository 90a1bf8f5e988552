import { eq, sql, subscriptions, type Transaction } from '@fanstage/db';
import {
  type CardSubscriptionRow,
  findRenewingCardOf,
  updateCardSubscription,
} from './card-subscriptions.repo';

/*
 * What a refunded subscription payment means for the subscription (the wallet's refundCharge asks
 * this, in its transaction, after the money is reversed). The fan got the period's money back, so
 * the subscription ends now and does not renew: access stops at once, and a card that renewed it
 * is ended too (the caller then asks the gateway to stop billing, after the commit).
 */

/**
 * Ends a refunded subscription now (expiry no later than `now`, renewal off, cancelled) and ends
 * the card subscription renewing it, if any; answers that card row so the gateway can be told.
 */
export async function endRefundedSubscription(
  tx: Transaction,
  options: { subscriptionId: string; now: Date },
): Promise<{ endedCard: CardSubscriptionRow | null }> {
  const { subscriptionId, now } = options;
  await tx
    .update(subscriptions)
    .set({
      expiredAt: sql`least(${subscriptions.expiredAt}, ${now.toISOString()}::timestamptz)`,
      autoRenew: false,
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(subscriptions.id, subscriptionId));
  const card = await findRenewingCardOf(tx, subscriptionId);
  if (!card) return { endedCard: null };
  await updateCardSubscription(tx, card.id, { status: 'ended', cancelAtPeriodEnd: true });
  return { endedCard: card };
}
