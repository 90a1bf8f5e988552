import type { TAdminContentItem, TModerationTarget } from '@fanstage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';

/** One item moderators act on. */
export interface ModeratedItem {
  target: TModerationTarget;
  id: string;
}

const contentPath = ({ target, id }: ModeratedItem) => `/admin/content/${target}/${encodeURIComponent(id)}`;

/**
 * After a moderation change every screen shows the item anew: the open queries are fetched again
 * (lists, comments, the post) and the page's loader runs again (content pages come from it).
 */
export function useModerationRefresh() {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return () => {
    void queryClient.invalidateQueries();
    void revalidator.revalidate();
  };
}

/** `POST /admin/content/{target}/{id}/hide`: fans no longer see it; its owner is told the reason. */
export function useHideContent() {
  return useWriteMutation({
    mutationFn: (input: ModeratedItem & { reason: string }) =>
      api
        .post<{ data: TAdminContentItem }>(`${contentPath(input)}/hide`, { reason: input.reason })
        .then((r) => r.data),
  });
}

/** `POST /admin/content/{target}/{id}/unhide`: fans see it again. */
export function useUnhideContent() {
  return useWriteMutation({
    mutationFn: (input: ModeratedItem) =>
      api.post<{ data: TAdminContentItem }>(`${contentPath(input)}/unhide`).then((r) => r.data),
  });
}

/** `DELETE /admin/content/{target}/{id}?reason=`: gone for good; its owner is told the reason. */
export function useDeleteContent() {
  return useWriteMutation({
    mutationFn: (input: ModeratedItem & { reason: string }) =>
      api.delete<{ data: { deleted: true } }>(contentPath(input), { query: { reason: input.reason } }),
  });
}
