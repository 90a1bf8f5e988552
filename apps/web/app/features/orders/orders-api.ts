import type { TAddress, TOrder } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api, moneyRequest, newIdempotencyKey } from '../../lib/api';

/** The money helpers live in the shared client; re-exported for this feature's callers. */
export { moneyRequest, newIdempotencyKey };

export interface Page<T> {
  data: T[];
  total: number;
}

export const ordersKeys = {
  addresses: ['addresses'] as const,
  buyer: ['orders', 'buyer'] as const,
  seller: ['orders', 'seller'] as const,
};

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
