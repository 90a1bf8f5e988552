import type { TPerformerPublic, TSubscriptionType } from '@fanstage/contract';
import { useState } from 'react';

// Apart from the modal (subscription-modal.tsx) so that a Subscribe button holds the state without
// downloading the modal's payment forms before it is pressed.

/** The subscription modal state of spec section 3: showModal, performer, subscriptionType (monthly by default). */
export interface SubscriptionModalState {
  showModal: boolean;
  performer: TPerformerPublic | null;
  subscriptionType: TSubscriptionType;
}

export function useSubscriptionModal() {
  const [state, setState] = useState<SubscriptionModalState>({
    showModal: false,
    performer: null,
    subscriptionType: 'monthly',
  });
  return {
    ...state,
    open: (performer: TPerformerPublic, subscriptionType?: TSubscriptionType) =>
      setState({ showModal: true, performer, subscriptionType: subscriptionType ?? defaultPlan(performer) }),
    close: () => setState((s) => ({ ...s, showModal: false })),
    setSubscriptionType: (subscriptionType: TSubscriptionType) =>
      setState((s) => ({ ...s, subscriptionType })),
  };
}

/** Monthly unless the creator does not offer it. */
export function defaultPlan(performer: TPerformerPublic): TSubscriptionType {
  if (performer.monthlyPrice !== null && performer.monthlyPrice > 0) return 'monthly';
  if (performer.yearlyPrice !== null && performer.yearlyPrice > 0) return 'yearly';
  return performer.freeSubscription ? 'free' : 'monthly';
}
