import type { TCardSubscription, TPaymentCard, TPaymentGatewayInfo } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const cardKeys = {
  gateway: ['payment', 'gateway'] as const,
  cards: ['payment', 'cards'] as const,
  cardSubscription: (id: string) => ['payment', 'card-subscriptions', id] as const,
};

export const cardsPath = '/user/cards';

/** Which gateway takes card payments now (sandbox, stripe, or none), and the Stripe.js key. */
export const usePaymentGateway = (enabled = true) =>
  useQuery({
    queryKey: cardKeys.gateway,
    queryFn: ({ signal }) =>
      api.get<{ data: TPaymentGatewayInfo }>('/payment/gateway', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSavedCards = (enabled = true) =>
  useQuery({
    queryKey: cardKeys.cards,
    queryFn: ({ signal }) =>
      api.get<{ data: TPaymentCard[]; total: number }>('/payment-cards', { signal }).then((r) => r.data),
    enabled,
  });

export const saveCard = (paymentMethodId: string) =>
  api.post<{ data: TPaymentCard }>('/stripe/cards', { paymentMethodId }).then((r) => r.data);

export const deleteCard = (id: string) => api.delete(`/payment-cards/${encodeURIComponent(id)}`);

export const fetchCardSubscription = (id: string) =>
  api
    .get<{ data: TCardSubscription }>(`/payment/card-subscriptions/${encodeURIComponent(id)}`)
    .then((r) => r.data);

/** "Visa •••• 4242, expires 12/30" */
export function cardLabel(card: Pick<TPaymentCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  const expiry =
    card.expMonth && card.expYear
      ? `, expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`
      : '';
  return `${brand} •••• ${card.last4}${expiry}`;
}

/**
 * Waits until the gateway's confirmation made a card subscription active (the webhook, not the
 * page, decides): polls every `intervalMs`, up to `attempts` times. Answers the last state seen.
 */
export async function waitForCardSubscription(
  id: string,
  options: { attempts?: number; intervalMs?: number; fetch?: typeof fetchCardSubscription } = {},
): Promise<TCardSubscription> {
  const attempts = options.attempts ?? 20;
  const read = options.fetch ?? fetchCardSubscription;
  let last = await read(id);
  for (let i = 1; i < attempts && last.status === 'incomplete' && !last.failureReason; i++) {
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1500));
    last = await read(id);
  }
  return last;
}
