import type { TCmsPost, TSitePromo } from '@fanstage/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { ListParams } from '../admin-money/money-api';
import { pageQueryOf } from '../admin-money/money-values';
import type { Page } from '../orders/orders-api';

export const siteContentKeys = {
  pages: ['admin', 'site-content', 'pages'] as const,
  promos: ['admin', 'site-content', 'promos'] as const,
};

function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

/** Every CMS page, drafts too, found by title. */
export function useAdminPages({ page, q }: ListParams) {
  const list = useQuery({
    queryKey: [...siteContentKeys.pages, page, q],
    queryFn: ({ signal }) => api.get<Page<TCmsPost>>('/admin/posts', { query: pageQueryOf(page, q), signal }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

/** Create (id null) or update a page. */
export function useSavePage(id: string | null) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: object) =>
      id === null
        ? api.post<{ data: TCmsPost }>('/admin/posts', body)
        : api.put<{ data: TCmsPost }>(`/admin/posts/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteContentKeys.pages }),
  });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`/admin/posts/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteContentKeys.pages }),
  });
}

/** Every promo, in position order. */
export function useAdminPromos({ page }: Pick<ListParams, 'page'>) {
  const list = useQuery({
    queryKey: [...siteContentKeys.promos, page],
    queryFn: ({ signal }) => {
      const { offset, limit } = pageQueryOf(page, '');
      return api.get<Page<TSitePromo>>('/admin/site-promos', { query: { offset, limit }, signal });
    },
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  return list;
}

export function useSavePromo(id: string | null) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: object) =>
      id === null
        ? api.post<{ data: TSitePromo }>('/admin/site-promos', body)
        : api.put<{ data: TSitePromo }>(`/admin/site-promos/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteContentKeys.promos }),
  });
}

export function useDeletePromo() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`/admin/site-promos/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteContentKeys.promos }),
  });
}
