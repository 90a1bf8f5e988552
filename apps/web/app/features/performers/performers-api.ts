import type { TPerformerMe, TPerformerPublic, TUpdatePerformerMe, TUserAdditional } from '@fanstage/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { type ExploreFilters, nextOffset, performerSearchQuery } from './search-params';

export interface Page<T> {
  data: T[];
  total: number;
}

export const performerKeys = {
  me: ['performers', 'me'] as const,
  search: (filters: ExploreFilters) => ['performers', 'search', filters] as const,
  top: ['performers', 'top'] as const,
};

export const explorePageSize = 12;

/** Creator search for /explore, one page of `explorePageSize` at a time ("Load more"). */
export function usePerformerSearch(filters: ExploreFilters) {
  return useInfiniteQuery({
    queryKey: performerKeys.search(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<TPerformerPublic>>('/performers/user/search', {
        query: performerSearchQuery(filters, pageParam, explorePageSize),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) =>
      nextOffset(
        pages.reduce((n, p) => n + p.data.length, 0),
        pages.at(-1)?.total ?? 0,
      ),
  });
}

/** The most followed creators, for the strip on top of /explore. */
export function useTopPerformers() {
  return useQuery({
    queryKey: performerKeys.top,
    queryFn: () => api.get<Page<TPerformerPublic>>('/performers/top', { query: { limit: 12 } }),
    staleTime: 5 * 60_000,
  });
}

/** The creator's own full profile (GET /performers/me). */
export function useMyPerformerProfile() {
  return useQuery({
    queryKey: performerKeys.me,
    queryFn: async () => (await api.get<{ data: TPerformerMe }>('/performers/me')).data,
  });
}

/** Saves part of the creator's profile (PUT /performers/me) and refreshes the cached copy. */
export function useUpdateMyPerformerProfile() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: async (input: TUpdatePerformerMe) =>
      (await api.put<{ data: TPerformerMe }>('/performers/me', input)).data,
    onSuccess: (me) => queryClient.setQueryData(performerKeys.me, me),
  });
}

/** The choices of the optional profile fields (GET /user-additional); they never change at runtime. */
export function useUserAdditional() {
  return useQuery({
    queryKey: ['user-additional'],
    queryFn: async () => (await api.get<{ data: TUserAdditional }>('/user-additional')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
