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
import { api, apiRequest } from '../../lib/api';
import type { ApiErrorBody } from '../../lib/errors';
import { currentUserKey } from '../auth/use-current-user';

export const walletKeys = {
  packages: ['wallet', 'packages'] as const,
  orders: (offset: number) => ['wallet', 'orders', offset] as const,
  order: (id: string) => ['wallet', 'order', id] as const,
  charges: (offset: number) => ['wallet', 'charges', offset] as const,
  statement: (offset: number) => ['wallet', 'statement', offset] as const,
};

/** A fresh Idempotency-Key for one attempt to move money. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * POSTs to a money route with an Idempotency-Key (the shared client sends no custom headers).
 * Same rules as the shared client: JSON on 2xx, the API's error body thrown otherwise, and a 401
 * goes through the shared client so the usual log-out happens.
 */
export async function moneyPost<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw {
      statusCode: 0,
      code: 'NETWORK',
      message: 'We could not reach the server. Please check your connection and try again.',
    } satisfies ApiErrorBody;
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return json as T;
  if (res.status === 401) await apiRequest('/users/me');
  const message =
    json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
      ? (json as { message: string }).message
      : 'Something went wrong. Please try again.';
  throw { ...(json as object), statusCode: res.status, message } as ApiErrorBody;
}

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

/** Tips a creator; one key per attempt. */
export const sendTip = async (performerId: string, amount: number, idempotencyKey: string) =>
  (
    await moneyPost<{ data: TCharge }>(
      `/wallet/charges/tip/${encodeURIComponent(performerId)}`,
      { amount },
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
