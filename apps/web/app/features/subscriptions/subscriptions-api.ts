import type {
  TCardCheckout,
  TCardSubscription,
  TPerformerSubscriberItem,
  TSiteMembership,
  TSiteSubscription,
  TSubscribeResult,
  TSubscription,
  TSubscriptionStatus,
  TSubscriptionType,
  TUserSubscriptionItem,
} from '@fanstage/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, moneyPost, newIdempotencyKey } from '../../lib/api';

/** The money helpers live in the shared client; re-exported for this feature's callers. */
export { moneyPost, newIdempotencyKey };

import { currentUserKey } from '../auth/use-current-user';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: (performerId: string) => ['subscriptions', 'mine', performerId] as const,
  user: (filters: object) => ['subscriptions', 'user', filters] as const,
  subscribers: (filters: object) => ['subscriptions', 'subscribers', filters] as const,
  siteMembership: ['subscriptions', 'site-membership'] as const,
  siteCards: ['subscriptions', 'site-cards'] as const,
};

export const walletPath = '/user/wallet';
export const subscriptionsPath = '/user/subscriptions';

export const subscribeToPerformer = (
  input: { performerId: string; type: TSubscriptionType },
  idempotencyKey: string,
) =>
  moneyPost<{ data: TSubscribeResult }>(
    '/payment/subscribe/performers',
    { ...input, paymentMethod: 'wallet' },
    idempotencyKey,
  );

/** Starts a card subscription: where to pay its first period (nothing is granted yet). */
export const subscribeToPerformerByCard = (
  input: { performerId: string; type: TSubscriptionType; paymentCardId?: string },
  idempotencyKey: string,
) =>
  moneyPost<{ data: TCardCheckout }>(
    '/payment/subscribe/performers',
    { ...input, paymentMethod: 'card' },
    idempotencyKey,
  );

export const subscribeToSite = (idempotencyKey: string) =>
  moneyPost<{ data: TSiteSubscription }>(
    '/payment/subscribe/site',
    { paymentMethod: 'wallet' },
    idempotencyKey,
  );

/** Starts a card-renewed membership: where to pay its first month (nothing is granted yet). */
export const subscribeToSiteByCard = (input: { paymentCardId?: string }, idempotencyKey: string) =>
  moneyPost<{ data: TCardCheckout }>(
    '/payment/subscribe/site',
    { ...input, paymentMethod: 'card' },
    idempotencyKey,
  );

/** Whether the membership renews, and by what (`GET /payment/site-subscription`). */
export function useSiteMembership(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.siteMembership,
    queryFn: ({ signal }) =>
      api.get<{ data: TSiteMembership }>('/payment/site-subscription', { signal }).then((r) => r.data),
    enabled,
  });
}

/** The fan's card subscriptions of the membership (a card renewal is cancelled through its own). */
export function useSiteCardSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.siteCards,
    queryFn: ({ signal }) =>
      api
        .get<{ data: TCardSubscription[]; total: number }>('/payment/card-subscriptions', { signal })
        .then((r) => r.data.filter((c) => c.kind === 'site')),
    enabled,
  });
}

/** Turns off the wallet renewal of the membership; it lasts until it expires. */
export const cancelSiteRenewal = () =>
  api.post<{ data: TSiteMembership }>('/payment/site-subscription/cancel').then((r) => r.data);

/** Asks the gateway to stop renewing a card subscription at the end of the paid period. */
export const cancelCardSubscription = (id: string) =>
  api
    .post<{ data: TCardSubscription }>(`/payment/card-subscriptions/${encodeURIComponent(id)}/cancel`)
    .then((r) => r.data);

export const cancelSubscription = (id: string) =>
  api.post<{ data: TSubscription }>(`/payment/wallet/cancel-subscription/${encodeURIComponent(id)}`);

/** The viewer's subscription to one creator (null when none or not logged in). */
export function useMySubscription(performerId: string, enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.mine(performerId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: TSubscription | null }>(
          `/subscriptions/performers/${encodeURIComponent(performerId)}/mine`,
          { signal },
        )
      ).data,
    enabled,
  });
}

export interface SubscriptionFilters {
  status?: TSubscriptionStatus;
  type?: TSubscriptionType;
  q?: string;
  offset: number;
  limit: number;
}

export function useUserSubscriptions(filters: SubscriptionFilters) {
  return useQuery({
    queryKey: subscriptionKeys.user(filters),
    queryFn: ({ signal }) =>
      api.get<{ data: TUserSubscriptionItem[]; total: number }>('/subscriptions/user/search', {
        query: { ...filters },
        signal,
      }),
  });
}

export function usePerformerSubscribers(filters: SubscriptionFilters) {
  return useQuery({
    queryKey: subscriptionKeys.subscribers(filters),
    queryFn: ({ signal }) =>
      api.get<{ data: TPerformerSubscriberItem[]; total: number }>('/subscriptions/performer/search', {
        query: { ...filters },
        signal,
      }),
  });
}

/** After a payment: the balance, the subscription lists and every locked item may have changed. */
export async function refreshAfterSubscribing(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: currentUserKey });
  await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' });
}
