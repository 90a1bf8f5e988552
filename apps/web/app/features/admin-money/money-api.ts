import type { TCoupon, TOrder, TOrderRefund, TTokenPackage } from '@fanstage/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { moneyRequest, type Page } from '../orders/orders-api';
import { walletKeys } from '../wallet/wallet-api';
import { pageQueryOf } from './money-values';

export const adminMoneyKeys = {
  packages: ['admin', 'money', 'packages'] as const,
  coupons: ['admin', 'money', 'coupons'] as const,
  allOrders: ['admin', 'money', 'orders'] as const,
};

/** The page and the search box of one admin list; a new search (debounced) starts at page 1. */
export function useListParams() {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search, 300);
  return {
    page,
    setPage,
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    /** The search as sent (debounced, trimmed). */
    q: q.trim(),
  };
}

export type ListParams = Pick<ReturnType<typeof useListParams>, 'page' | 'q'>;

/** A list's load error as a toast, once per error. */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

export function useAdminPackages({ page, q }: ListParams) {
  const list = useQuery({
    queryKey: [...adminMoneyKeys.packages, page, q],
    queryFn: ({ signal }) =>
      api.get<Page<TTokenPackage>>('/admin/package/token/search', { query: pageQueryOf(page, q), signal }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

export function useAdminCoupons({ page, q }: ListParams) {
  const list = useQuery({
    queryKey: [...adminMoneyKeys.coupons, page, q],
    queryFn: ({ signal }) =>
      api.get<Page<TCoupon>>('/admin/coupons/search', { query: pageQueryOf(page, q), signal }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

/** Orders of every creator: a page, by delivery status, found by product, buyer or creator name. */
export function useAdminOrders({ status, page, q }: ListParams & { status: string }) {
  const list = useQuery({
    queryKey: [...adminMoneyKeys.allOrders, status, page, q],
    queryFn: ({ signal }) =>
      api.get<Page<TOrder>>('/admin/orders/search', {
        query: { ...pageQueryOf(page, q), deliveryStatus: status === 'all' ? undefined : status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

/** Save (create when id is null, else update) a token package; the fans' package list follows. */
export function useSavePackage(id: string | null) {
  const queryClient = useQueryClient();
  return useWriteMutation({
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
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`/admin/package/token/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.packages });
      void queryClient.invalidateQueries({ queryKey: walletKeys.packages });
    },
  });
}

export function useSaveCoupon(id: string | null) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: object) =>
      id === null
        ? api.post<{ data: TCoupon }>('/admin/coupons', body)
        : api.put<{ data: TCoupon }>(`/admin/coupons/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.coupons }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useWriteMutation({
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
  return useWriteMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      moneyRequest<{ data: TOrderRefund }>('POST', `/admin/orders/${id}/refund`, {}, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.allOrders }),
  });
}
