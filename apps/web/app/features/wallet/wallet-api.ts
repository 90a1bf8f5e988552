import type {
  TAppliedCoupon,
  TCharge,
  TChargeListItem,
  TPaymentOrder,
  TStatementLine,
  TTokenPackage,
  TTopUp,
} from '@fanstage/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, moneyPost, newIdempotencyKey } from '../../lib/api';

/** The money helpers live in the shared client; re-exported for this feature's callers. */
export { moneyPost, newIdempotencyKey };

import { currentUserKey } from '../auth/use-current-user';

export const walletKeys = {
  packages: ['wallet', 'packages'] as const,
  orders: (offset: number) => ['wallet', 'orders', offset] as const,
  order: (id: string) => ['wallet', 'order', id] as const,
  charges: (offset: number) => ['wallet', 'charges', offset] as const,
  statement: (offset: number) => ['wallet', 'statement', offset] as const,
};

export const fetchPackages = async () =>
  (await api.get<{ data: TTokenPackage[] }>('/package/token/search', { query: { limit: 50 } })).data;

export const usePackages = () => useQuery({ queryKey: walletKeys.packages, queryFn: fetchPackages });

export const applyCoupon = async (code: string, body: { amount?: number; packageId?: string }) =>
  (await api.post<{ data: TAppliedCoupon }>(`/coupons/${encodeURIComponent(code)}/apply-coupon`, body)).data;

export const startTopUp = async (
  body: { amount?: number; packageId?: string; couponCode?: string },
  idempotencyKey: string,
) => (await moneyPost<{ data: TTopUp }>('/payment/wallet/top-up', body, idempotencyKey)).data;

export const fetchOrder = async (id: string) =>
  (await api.get<{ data: TPaymentOrder }>(`/payment/orders/${encodeURIComponent(id)}`)).data;

export const payWithSandbox = async (
  id: string,
  card: { cardNumber: string; expiry: string; cvc: string; name?: string },
) =>
  (await api.post<{ data: TPaymentOrder }>(`/payment/sandbox/checkout/${encodeURIComponent(id)}/pay`, card))
    .data;

export const cancelOrder = async (id: string) =>
  (await api.post<{ data: TPaymentOrder }>(`/payment/orders/${encodeURIComponent(id)}/cancel`)).data;

export const pageSize = 10;

export const fetchOrders = (offset: number) =>
  api.get<{ data: TPaymentOrder[]; total: number }>('/payment/transactions/user/search', {
    query: { offset, limit: pageSize },
  });

export const fetchCharges = (offset: number) =>
  api.get<{ data: TChargeListItem[]; total: number }>('/wallet/charges/search', {
    query: { offset, limit: pageSize },
  });

export const fetchStatement = (offset: number) =>
  api.get<{ data: TStatementLine[]; total: number }>('/wallet/transactions', {
    query: { offset, limit: pageSize, account: 'wallet' },
  });

/** Tips a creator, from their page or from one of their live shows (`streamId`); one key per attempt. */
export const sendTip = async (
  performerId: string,
  amount: number,
  idempotencyKey: string,
  context: { streamId?: string } = {},
) =>
  (
    await moneyPost<{ data: TCharge }>(
      `/wallet/charges/tip/${encodeURIComponent(performerId)}`,
      { amount, ...(context.streamId ? { streamId: context.streamId } : {}) },
      idempotencyKey,
    )
  ).data;

export type UnlockType = 'feed' | 'video' | 'gallery' | 'message';

/** Buys a post, video or gallery; one key per attempt. */
export const unlockItem = async (type: UnlockType, id: string, idempotencyKey: string) =>
  (
    await moneyPost<{ data: TCharge }>(
      `/wallet/charges/${type}/${encodeURIComponent(id)}`,
      {},
      idempotencyKey,
    )
  ).data;

/** After money moved: the balance in the header and every wallet list reload. */
export async function refreshWallet(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserKey }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  ]);
}
