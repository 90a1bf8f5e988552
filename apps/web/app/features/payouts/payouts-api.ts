import type {
  TPayoutCalculation,
  TPayoutPendingReview,
  TPayoutRequest,
  TPayoutSettings,
} from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Page } from '../orders/orders-api';

export const payoutKeys = {
  all: ['payouts'] as const,
  calculation: ['payouts', 'calculation'] as const,
  settings: ['payouts', 'settings'] as const,
  history: ['payouts', 'history'] as const,
  pending: ['payouts', 'pending'] as const,
  admin: (status: string) => ['payouts', 'admin', status] as const,
};

export const payoutStatusColors: Record<TPayoutRequest['status'], string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'teal',
  rejected: 'red',
};

export const usePayoutCalculation = () =>
  useQuery({
    queryKey: payoutKeys.calculation,
    queryFn: () => api.post<{ data: TPayoutCalculation }>('/payout-requests/calculate').then((r) => r.data),
  });

export const usePayoutSettings = () =>
  useQuery({
    queryKey: payoutKeys.settings,
    queryFn: ({ signal }) =>
      api.get<{ data: TPayoutSettings }>('/performers/payout-settings', { signal }).then((r) => r.data),
  });

export const usePayoutHistory = () =>
  useQuery({
    queryKey: payoutKeys.history,
    queryFn: ({ signal }) =>
      api.get<Page<TPayoutRequest>>('/payout-requests/search', { query: { limit: 50 }, signal }),
  });

export const usePendingReview = () =>
  useQuery({
    queryKey: payoutKeys.pending,
    queryFn: ({ signal }) =>
      api
        .get<{ data: TPayoutPendingReview }>('/payout-requests/check/pending-review', { signal })
        .then((r) => r.data),
  });
