import type { TPerformerPublic, TSubscriptionType } from '@fanstage/contract';
import { formatPrice } from '../../lib/format';

// defaultPlan (the plan a Subscribe button opens on) lives with the modal's state, which every Subscribe
// button loads; the rest here comes with the modal.
export { defaultPlan } from './subscription-modal-state';

export interface Plan {
  type: TSubscriptionType;
  title: string;
  price: number;
  detail: string;
}

/** The plans a creator offers, monthly first. */
export function plansOf(performer: TPerformerPublic, freeDays: number): Plan[] {
  const plans: Plan[] = [];
  if (performer.monthlyPrice !== null && performer.monthlyPrice > 0) {
    plans.push({
      type: 'monthly',
      title: 'Monthly',
      price: performer.monthlyPrice,
      detail: '30 days, renews automatically',
    });
  }
  if (performer.yearlyPrice !== null && performer.yearlyPrice > 0) {
    plans.push({
      type: 'yearly',
      title: 'Yearly',
      price: performer.yearlyPrice,
      detail: '365 days, renews automatically',
    });
  }
  if (performer.freeSubscription) {
    plans.push({
      type: 'free',
      title: 'Free trial',
      price: 0,
      detail: `${freeDays} ${freeDays === 1 ? 'day' : 'days'} free, once per creator`,
    });
  }
  return plans;
}

export function subscribeLabel(plan: Plan | undefined): string {
  if (!plan) return 'Subscribe';
  return plan.type === 'free' ? 'Start free subscription' : `Subscribe for ${formatPrice(plan.price)}`;
}

export type PaymentChoice = 'wallet' | 'card';

/**
 * How a plan may be paid: the wallet always; a card when the site has a card gateway and the plan
 * costs something (the free one needs no payment).
 */
export function paymentChoicesFor(
  plan: Plan | undefined,
  gateway: 'sandbox' | 'stripe' | null | undefined,
): PaymentChoice[] {
  if (!plan || plan.type === 'free' || !gateway) return ['wallet'];
  return ['wallet', 'card'];
}

/** The button of the modal for a plan and a way to pay. */
export function payLabel(
  plan: Plan | undefined,
  choice: PaymentChoice,
  gateway: 'sandbox' | 'stripe' | null | undefined,
) {
  if (!plan || choice === 'wallet' || plan.type === 'free') return subscribeLabel(plan);
  return gateway === 'sandbox'
    ? `Continue to checkout (${formatPrice(plan.price)})`
    : `Pay ${formatPrice(plan.price)} by card`;
}
