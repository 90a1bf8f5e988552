import type { TCoupon, TOrder, TOrderRefund, TTokenPackage } from '@fanstage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { moneyRequest, type Page } from '../orders/orders-api';
import { walletKeys } from '../wallet/wallet-api';

export const adminMoneyKeys = {
  packages: ['admin', 'money', 'packages'] as const,
  coupons: ['admin', 'money', 'coupons'] as const,
  orders: (status: string) => ['admin', 'money', 'orders', status] as const,
  allOrders: ['admin', 'money', 'orders'] as const,
};

/** A list's load error as a toast, once per error. */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

export function useAdminPackages() {
  const list = useQuery({
    queryKey: adminMoneyKeys.packages,
    queryFn: ({ signal }) =>
      api.get<Page<TTokenPackage>>('/admin/package/token/search', { query: { limit: 100 }, signal }),
  });
  useErrorToast(list.error);
  return list;
}

export function useAdminCoupons() {
  const list = useQuery({
    queryKey: adminMoneyKeys.coupons,
    queryFn: ({ signal }) =>
      api.get<Page<TCoupon>>('/admin/coupons/search', { query: { limit: 100 }, signal }),
  });
  useErrorToast(list.error);
  return list;
}

export function useAdminOrders(status: string) {
  const list = useQuery({
    queryKey: adminMoneyKeys.orders(status),
    queryFn: ({ signal }) =>
      api.get<Page<TOrder>>('/admin/orders/search', {
        query: { limit: 100, deliveryStatus: status === 'all' ? undefined : status },
        signal,
      }),
  });
  useErrorToast(list.error);
  return list;
}

/** Save (create when id is null, else update) a token package; the fans' package list follows. */
export function useSavePackage(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      id === null
        ? api.post<{ data: TTokenPackage }>('/admin/package/token', body)
        : api.put<{ data: TTokenPackage }>(`/admin/package/token/${id}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.packages });
      void queryClient.invalidateQueries({ queryKey: walletKeys.packages });
    },
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/package/token/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.packages });
      void queryClient.invalidateQueries({ queryKey: walletKeys.packages });
    },
  });
}

export function useSaveCoupon(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      id === null
        ? api.post<{ data: TCoupon }>('/admin/coupons', body)
        : api.put<{ data: TCoupon }>(`/admin/coupons/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.coupons }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/coupons/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.coupons }),
  });
}

/**
 * Refunds an order. The key is made when the dialog opens, so a retry after a lost answer refunds
 * once (the API also refuses a second refund of the same order).
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      moneyRequest<{ data: TOrderRefund }>('POST', `/admin/orders/${id}/refund`, {}, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.allOrders }),
  });
}
