import type { TBlockUserRequest, TUnblockResult, TUserBlock } from '@fanstage/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { Page } from '../performers/performers-api';
import { nextOffset } from '../performers/search-params';

export const blockKeys = { all: ['blocked-users'] as const };
const pageSize = 20;

/** The people the creator blocked, page by page (GET /block/users). */
export function useBlockedUsers() {
  return useInfiniteQuery({
    queryKey: blockKeys.all,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<TUserBlock>>('/block/users', { query: { offset: pageParam, limit: pageSize }, signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) =>
      nextOffset(
        pages.reduce((n, p) => n + p.data.length, 0),
        pages.at(-1)?.total ?? 0,
      ),
  });
}

/** Blocks a person with a reason (POST /block/users); the blocked list is read again after. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: TBlockUserRequest) =>
      api.post<{ data: TUserBlock }>('/block/users', input).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  });
}

/** Lifts a block (DELETE /block/users/{id}, the person's id). */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (targetId: string) =>
      api.delete<{ data: TUnblockResult }>(`/block/users/${targetId}`).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  });
}
