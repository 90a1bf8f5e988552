import type { TAddress, TOrder } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ApiErrorBody } from '../../lib/errors';

export interface Page<T> {
  data: T[];
  total: number;
}

export const ordersKeys = {
  addresses: ['addresses'] as const,
  buyer: ['orders', 'buyer'] as const,
  seller: ['orders', 'seller'] as const,
};

/** A fresh Idempotency-Key for one attempt to move money (a retry of the same attempt reuses it). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Sends a money request with an Idempotency-Key header (the shared client sends no custom headers).
 * JSON on 2xx; the API's error body is thrown otherwise. A 401 goes through the shared client so
 * the usual log-out happens.
 */
export async function moneyRequest<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  idempotencyKey: string,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
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
  if (res.status === 401) return api.get<T>('/users/me');
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return json as T;
  throw (
    json && typeof json === 'object' ? { statusCode: res.status, ...json } : { statusCode: res.status }
  ) as ApiErrorBody;
}

export function useAddresses() {
  return useQuery({
    queryKey: ordersKeys.addresses,
    queryFn: ({ signal }) => api.get<Page<TAddress>>('/addresses/search', { query: { limit: 50 }, signal }),
  });
}

export function useOrders(side: 'buyer' | 'seller') {
  return useQuery({
    queryKey: side === 'buyer' ? ordersKeys.buyer : ordersKeys.seller,
    queryFn: ({ signal }) =>
      api.get<Page<TOrder>>(side === 'buyer' ? '/orders/users/search' : '/orders/search', {
        query: { limit: 50 },
        signal,
      }),
  });
}

export const deliveryColors: Record<TOrder['deliveryStatus'], string> = {
  processing: 'yellow',
  shipping: 'blue',
  delivered: 'teal',
  refunded: 'gray',
};

/** One line of an address, for lists and pickers. */
export const addressLine = (a: Omit<TAddress, '_id' | 'createdAt' | 'updatedAt'>) =>
  [a.street, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ');
