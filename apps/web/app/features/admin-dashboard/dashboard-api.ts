import type {
  TAdminDashboard,
  TAdminEarning,
  TAdminTransaction,
  TChargeRefund,
  TDashboardPeriod,
  TLedgerReconciliation,
} from '@fanstage/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, moneyRequest } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
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

/**
 * Refunds a charge. The key is made when the dialog opens, so a retry after a lost answer refunds
 * once (the API also answers a second refund of the same charge with the first). Every ledger
 * figure on the screen and the dashboard is read again.
 */
export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: { id: string; reason: string; idempotencyKey: string }) =>
      moneyRequest<{ data: TChargeRefund }>(
        'POST',
        `/admin/transactions/${input.id}/refund`,
        { reason: input.reason },
        input.idempotencyKey,
      ).then((r) => r.data),
    onSuccess: () =>
      Promise.all(
        [
          adminLedgerKeys.transactions,
          adminLedgerKeys.earnings,
          adminLedgerKeys.reconciliation,
          adminLedgerKeys.dashboard,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
