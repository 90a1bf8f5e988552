import type { TFeed, TFeedUpdateRequest } from '@fanstage/contract';
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';

export interface FeedPage {
  data: TFeed[];
  total: number;
}

export const pageSize = 10;

export const feedKeys = {
  all: ['feeds'] as const,
  home: ['feeds', 'home'] as const,
  creator: (username: string) => ['feeds', 'creator', username] as const,
  mine: ['feeds', 'mine'] as const,
};

/** One post as the viewer sees it (GET /user/feeds/:id); the post page's cache. */
export const postKey = (id: string) => ['post', id] as const;

/**
 * The post page's post: the loader's copy first, then kept in the query cache so a vote, an edit
 * or an unlock shows at once, and a purchase's invalidation reads it again.
 */
export function usePost(initial: TFeed) {
  return useQuery({
    queryKey: postKey(initial._id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: TFeed }>(`/user/feeds/${encodeURIComponent(initial._id)}`, { signal })
        .then((r) => r.data),
    initialData: initial,
  });
}

/** The first page of the home timeline (GET /user/feeds), as the home page's loader asks for it. */
export const homeFeedFirstPagePath = `/user/feeds?offset=0&limit=${pageSize}`;

/** The first page of a creator's posts (GET /user/feeds/search/:username), as the page's loader asks for it. */
export const creatorFeedFirstPagePath = (usernameOrId: string) =>
  `/user/feeds/search/${encodeURIComponent(usernameOrId)}?offset=0&limit=${pageSize}`;

/** Puts a changed post in every cached list that holds it, and in its own page's cache. */
export function useReplacePost() {
  const queryClient = useQueryClient();
  return (post: TFeed) => {
    queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.all }, (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              data: page.data.map((p) => (p._id === post._id ? post : p)),
            })),
          }
        : old,
    );
    if (queryClient.getQueryData(postKey(post._id))) queryClient.setQueryData(postKey(post._id), post);
  };
}

/** Votes on a poll option; the answer is the post with its new counts. */
export function useVote(postId: string) {
  const replace = useReplacePost();
  return useWriteMutation({
    mutationFn: (optionId: string) =>
      api.post<{ data: TFeed }>(`/user/feeds/vote/${postId}`, { optionId }).then((r) => r.data),
    onSuccess: replace,
  });
}

export function useUpdatePost() {
  const replace = useReplacePost();
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: string; input: TFeedUpdateRequest }) =>
      api.put<{ data: TFeed }>(`/performer/feeds/${id}`, input).then((r) => r.data),
    onSuccess: replace,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`/performer/feeds/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}
