import type { TFeed } from '@fanstage/contract';
import { Button, Center, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { FeedPage } from './feed-api';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';

interface PostListProps {
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  /** Shown when there is no post at all. */
  empty: ReactNode;
  monthlyPrice?: number | null;
  renderActions?: (post: TFeed) => ReactNode;
}

/** Posts page by page: the next page loads when the end of the list scrolls into view, or on "Load more". */
export function PostList({ query, empty, monthlyPrice, renderActions }: PostListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <FeedSkeleton />;
  if (query.isError)
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">The posts could not be loaded.</Text>
        <Button variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  const posts = query.data.pages.flatMap((page) => page.data);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <Stack gap="md">
      {posts.map((post) => (
        <PostCard key={post._id} post={post} monthlyPrice={monthlyPrice} actions={renderActions?.(post)} />
      ))}
      <div ref={sentinel} />
      {isFetchingNextPage ? <FeedSkeleton count={1} /> : null}
      {hasNextPage && !isFetchingNextPage ? (
        <Center>
          <Button variant="default" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : null}
      {!hasNextPage && posts.length > 3 ? (
        <Text ta="center" size="sm" c="dimmed">
          You are all caught up.
        </Text>
      ) : null}
    </Stack>
  );
}
