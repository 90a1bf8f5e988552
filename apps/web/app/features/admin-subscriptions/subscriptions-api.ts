import type {
  TAdminCancelSubscription,
  TAdminExtendSubscription,
  TAdminGrantSubscription,
  TAdminSubscriptionItem,
  TAdminUser,
} from '@fanstage/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';

type Page<T> = { data: T[]; total: number };

export const adminSubscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  people: (role: string, q: string) => ['admin', 'subscriptions', 'people', role, q] as const,
};

/** `GET /admin/subscriptions` */
export function useAdminSubscriptions(query: Record<string, string | number>) {
  const list = useQuery({
    queryKey: [...adminSubscriptionKeys.all, 'list', query],
    queryFn: ({ signal }) => api.get<Page<TAdminSubscriptionItem>>('/admin/subscriptions', { query, signal }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);
  return list;
}

/** Accounts of one role matching the search, for the grant dialog's pickers. */
export function usePeopleSearch(role: 'user' | 'performer', q: string) {
  return useQuery({
    queryKey: adminSubscriptionKeys.people(role, q),
    queryFn: ({ signal }) =>
      api.get<Page<TAdminUser>>('/admin/users/search', {
        query: { role, status: 'active', limit: 10, ...(q.trim() ? { q: q.trim() } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all });
}

export function useGrantSubscription() {
  const refresh = useRefresh();
  return useWriteMutation({
    mutationFn: (input: TAdminGrantSubscription) =>
      api.post<{ data: TAdminSubscriptionItem }>('/admin/subscriptions', input),
    onSuccess: () => void refresh(),
  });
}

export function useExtendSubscription(id: string) {
  const refresh = useRefresh();
  return useWriteMutation({
    mutationFn: (input: TAdminExtendSubscription) =>
      api.post<{ data: TAdminSubscriptionItem }>(`/admin/subscriptions/${id}/extend`, input),
    onSuccess: () => void refresh(),
  });
}

export function useCancelSubscription(id: string) {
  const refresh = useRefresh();
  return useWriteMutation({
    mutationFn: (input: TAdminCancelSubscription) =>
      api.post<{ data: TAdminSubscriptionItem }>(`/admin/subscriptions/${id}/cancel`, input),
    onSuccess: () => void refresh(),
  });
}
