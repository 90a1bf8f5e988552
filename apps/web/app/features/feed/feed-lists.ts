import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type FeedPage, feedKeys, pageSize } from './feed-api';

// The lists of posts, page by page: apart from feed-api so a page that shows one post (the post page)
// does not load the infinite query's code.

const nextOffset = (last: FeedPage, pages: FeedPage[]) => {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
};

/**
 * The home timeline of a fan (GET /user/feeds), page by page. `firstPage` is the page the home page's
 * loader read on the server, as for a creator's posts (useCreatorFeed).
 */
export function useHomeFeed(firstPage?: FeedPage | null) {
  return useInfiniteQuery({
    queryKey: feedKeys.home,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<FeedPage>('/user/feeds', { query: { offset: pageParam, limit: pageSize }, signal }),
    getNextPageParam: nextOffset,
    initialData: firstPage ? { pages: [firstPage], pageParams: [0] } : undefined,
  });
}

/**
 * One creator's posts, pinned first (GET /user/feeds/search/:username). `firstPage` is the page the
 * creator page's loader read on the server: the posts come in the page's HTML and hydrate, instead of
 * rendering all at once when a request made after hydration answers (one long task on a phone).
 */
export function useCreatorFeed(username: string, firstPage?: FeedPage | null) {
  return useInfiniteQuery({
    queryKey: feedKeys.creator(username),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<FeedPage>(`/user/feeds/search/${encodeURIComponent(username)}`, {
        query: { offset: pageParam, limit: pageSize },
        signal,
      }),
    getNextPageParam: nextOffset,
    initialData: firstPage ? { pages: [firstPage], pageParams: [0] } : undefined,
  });
}

/** The creator's own posts, scheduled ones included (GET /performer/feeds). */
export function useMyFeeds() {
  return useInfiniteQuery({
    queryKey: feedKeys.mine,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<FeedPage>('/performer/feeds', { query: { offset: pageParam, limit: pageSize }, signal }),
    getNextPageParam: nextOffset,
  });
}
