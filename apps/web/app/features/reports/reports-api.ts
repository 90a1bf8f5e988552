import type { TReport, TReportAction } from '@fanstage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';

export const reportQueueKey = ['admin', 'reports'] as const;

/** `PUT /admin/reports/{id}`: closes a report with an action; the queue is read again afterwards. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: { id: string; action: TReportAction; reason: string }) =>
      api
        .put<{ data: TReport }>(`/admin/reports/${encodeURIComponent(input.id)}`, {
          action: input.action,
          reason: input.reason,
        })
        .then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportQueueKey }),
  });
}
