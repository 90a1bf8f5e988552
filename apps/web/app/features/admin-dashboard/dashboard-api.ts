import type {
  TAdminDashboard,
  TAdminEarning,
  TAdminTransaction,
  TDashboardPeriod,
  TLedgerReconciliation,
} from '@fanstage/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { adminPageSize } from '../admin-money/money-values';
import type { Page } from '../orders/orders-api';

export const adminLedgerKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  reconciliation: ['admin', 'ledger', 'reconciliation'] as const,
  transactions: ['admin', 'ledger', 'transactions'] as const,
  earnings: ['admin', 'ledger', 'earnings'] as const,
};

function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

/** The dashboard's figures for the last `days` days. */
export function useAdminDashboard(days: TDashboardPeriod) {
  const query = useQuery<TAdminDashboard>({
    queryKey: [...adminLedgerKeys.dashboard, days],
    queryFn: ({ signal }) =>
      api.get<{ data: TAdminDashboard }>('/admin/dashboard', { query: { days }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error);
  return query;
}

/** The ledger's reconciliation (the same check as `npm run reconcile`). */
export function useReconciliation() {
  const query = useQuery({
    queryKey: adminLedgerKeys.reconciliation,
    queryFn: ({ signal }) =>
      api
        .get<{ data: TLedgerReconciliation }>('/admin/ledger/reconciliation', { signal })
        .then((r) => r.data),
  });
  useErrorToast(query.error);
  return query;
}

const pageOf = (page: number) => ({ offset: (Math.max(1, page) - 1) * adminPageSize, limit: adminPageSize });

/** A page of the site's ledger transactions for the filters. */
export function useAdminTransactions(filters: Record<string, string>, page: number, enabled = true) {
  const query = useQuery({
    queryKey: [...adminLedgerKeys.transactions, filters, page],
    queryFn: ({ signal }) =>
      api.get<Page<TAdminTransaction>>('/admin/transactions', {
        query: { ...filters, ...pageOf(page) },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
  useErrorToast(query.error);
  return query;
}

/** A page of every creator's earnings for the filters. */
export function useAdminEarnings(filters: Record<string, string>, page: number, enabled = true) {
  const query = useQuery({
    queryKey: [...adminLedgerKeys.earnings, filters, page],
    queryFn: ({ signal }) =>
      api.get<Page<TAdminEarning>>('/admin/earnings', { query: { ...filters, ...pageOf(page) }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
  useErrorToast(query.error);
  return query;
}
