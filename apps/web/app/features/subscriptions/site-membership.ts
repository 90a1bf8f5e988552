import type { TCardSubscription, TSiteMembership } from '@fanstage/contract';
import { formatPrice } from '../../lib/format';
import type { PaymentChoice } from './subscription-plans';

type Gateway = 'sandbox' | 'stripe' | null | undefined;

/** What renews the membership, if anything: the wallet, or a card subscription at the gateway. */
export type SiteRenewal = { by: 'wallet' } | { by: 'card'; cardSubscriptionId: string } | null;

/**
 * A card subscription still renewing decides (a wallet month bought on top leaves the renewal with
 * the card); otherwise the membership row says whether the wallet renews it.
 */
export function siteRenewalOf(
  membership: TSiteMembership | null | undefined,
  cards: TCardSubscription[],
): SiteRenewal {
  const card = cards.find(
    (c) => c.kind === 'site' && (c.status === 'active' || c.status === 'past_due') && !c.cancelAtPeriodEnd,
  );
  if (card) return { by: 'card', cardSubscriptionId: card._id };
  if (membership?.autoRenew && membership.paymentMethod === 'wallet') return { by: 'wallet' };
  return null;
}

/**
 * How the membership may be paid now: the wallet always; a card when the site has a card gateway,
 * the fan is not starting the free trial (it needs no payment), and no membership is running (a
 * card's first month would overlap it; the API refuses that too).
 */
export function sitePaymentChoices(
  gateway: Gateway,
  state: { offersTrial: boolean; isRunning: boolean },
): PaymentChoice[] {
  if (!gateway || state.offersTrial || state.isRunning) return ['wallet'];
  return ['wallet', 'card'];
}

/** The checkout button for a way to pay. */
export function siteCheckoutLabel(
  price: number,
  choice: PaymentChoice,
  gateway: Gateway,
  state: { offersTrial: boolean; isRunning: boolean; hasExpired: boolean; trialDays: number },
): string {
  const amount = formatPrice(price);
  if (state.offersTrial) return `Start ${state.trialDays}-day free trial`;
  if (choice === 'card')
    return gateway === 'sandbox' ? `Continue to checkout (${amount})` : `Pay ${amount} by card`;
  if (state.isRunning) return `Add a month for ${amount}`;
  return `${state.hasExpired ? 'Renew' : 'Start'} membership for ${amount}`;
}
