import type { TPerformerPublic, TSubscriptionType } from '@fanstage/contract';
import { formatPrice } from '../../lib/format';

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
      detail: '30 days, renews from your wallet',
    });
  }
  if (performer.yearlyPrice !== null && performer.yearlyPrice > 0) {
    plans.push({
      type: 'yearly',
      title: 'Yearly',
      price: performer.yearlyPrice,
      detail: '365 days, renews from your wallet',
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

/** Monthly unless the creator does not offer it. */
export function defaultPlan(performer: TPerformerPublic): TSubscriptionType {
  if (performer.monthlyPrice !== null && performer.monthlyPrice > 0) return 'monthly';
  if (performer.yearlyPrice !== null && performer.yearlyPrice > 0) return 'yearly';
  return performer.freeSubscription ? 'free' : 'monthly';
}

export function subscribeLabel(plan: Plan | undefined): string {
  if (!plan) return 'Subscribe';
  return plan.type === 'free' ? 'Start free subscription' : `Subscribe for ${formatPrice(plan.price)}`;
}
