import type { TAddress, TOrder } from '@fanstage/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** The newest 50 orders of one side, or those matching `q` (an order number like "#1042", or a name). */
export function useOrders(side: 'buyer' | 'seller', q = '') {
  return useQuery({
    queryKey: [...(side === 'buyer' ? ordersKeys.buyer : ordersKeys.seller), q],
    queryFn: ({ signal }) =>
      api.get<Page<TOrder>>(side === 'buyer' ? '/orders/users/search' : '/orders/search', {
        query: { limit: 50, q },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** "Order #1042": how every screen names an order, and what its search box finds. */
export const orderLabel = (order: Pick<TOrder, 'number'>) => `Order #${order.number}`;

/** "your order #1042 is placed" when the charge told the number (a replayed old answer may not). */
export const placedOrdersText = (numbers: (number | undefined)[]): string => {
  const known = numbers.filter((n): n is number => n !== undefined).map((n) => `#${n}`);
  if (known.length === 0 || known.length !== numbers.length) {
    return numbers.length === 1 ? 'Your order is placed.' : `${numbers.length} orders placed.`;
  }
  return known.length === 1 ? `Your order ${known[0]} is placed.` : `Orders ${known.join(', ')} placed.`;
};

export const deliveryColors: Record<TOrder['deliveryStatus'], string> = {
  processing: 'yellow',
  shipping: 'blue',
  delivered: 'teal',
  refunded: 'gray',
};

/** One line of an address, for lists and pickers. */
export const addressLine = (a: Omit<TAddress, '_id' | 'createdAt' | 'updatedAt'>) =>
  [a.street, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ');
