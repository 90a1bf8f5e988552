import type { TBookmark, TBookmarkType } from '@fanstage/contract';
import {
  ActionIcon,
  Avatar,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconBookmarkFilled,
  IconBookmarks,
  IconLock,
  IconPhoto,
  IconShoppingBag,
  IconUserStar,
  IconVideo,
} from '@tabler/icons-react';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, apiRequest } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { type BookmarkTab, bookmarkPath, bookmarkTabs, bookmarkTitle, tabFromParam } from './bookmark-format';
import classes from './bookmarks.module.css';

interface BookmarkPage {
  data: TBookmark[];
  total: number;
}

const pageSize = 20;
const bookmarkKey = (type: TBookmarkType) => ['bookmarks', type] as const;

function useBookmarks(type: TBookmarkType) {
  return useInfiniteQuery({
    queryKey: bookmarkKey(type),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<BookmarkPage>(`/reactions/${type}/bookmark`, {
        query: { offset: pageParam, limit: pageSize },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
    },
  });
}

/** Removes a bookmark: gone from the list at once, back with a toast when the server refuses. */
function useRemoveBookmark(type: TBookmarkType) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (bookmark: TBookmark) =>
      apiRequest('/reactions', {
        method: 'DELETE',
        body: { objectType: bookmark.objectType, objectId: bookmark.objectId, action: 'bookmark' },
      }),
    onMutate: (bookmark) => {
      const before = queryClient.getQueryData<InfiniteData<BookmarkPage>>(bookmarkKey(type));
      queryClient.setQueryData<InfiniteData<BookmarkPage>>(bookmarkKey(type), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                total: Math.max(0, page.total - 1),
                data: page.data.filter((b) => b.objectId !== bookmark.objectId),
              })),
            }
          : old,
      );
      return { before };
    },
    onError: (err, _bookmark, context) => {
      queryClient.setQueryData(bookmarkKey(type), context?.before);
      notifyError(err);
    },
  });
}

const tabIcons: Record<TBookmarkType, typeof IconPhoto> = {
  feeds: IconBookmarks,
  videos: IconVideo,
  galleries: IconPhoto,
  products: IconShoppingBag,
  performers: IconUserStar,
};

/** The fan's bookmarks, one tab per kind; the tab is kept in the address (`?tab=videos`). */
export function BookmarksView() {
  const [params, setParams] = useSearchParams();
  const active = tabFromParam(params.get('tab'));
  return (
    <Tabs
      value={active}
      onChange={(value) => setParams(value && value !== 'feeds' ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List className={classes.tabs}>
        {bookmarkTabs.map((tab) => {
          const Icon = tabIcons[tab.type];
          return (
            <Tabs.Tab key={tab.type} value={tab.type} leftSection={<Icon size={16} />}>
              {tab.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {bookmarkTabs.map((tab) => (
        <Tabs.Panel key={tab.type} value={tab.type} pt="md">
          <BookmarkList tab={tab} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function BookmarkList({ tab }: { tab: BookmarkTab }) {
  const list = useBookmarks(tab.type);
  const remove = useRemoveBookmark(tab.type);
  const { error } = list;
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);

  if (list.isPending) {
    return (
      <Card p={0} aria-busy aria-label="Loading bookmarks">
        {placeholderKeys(4).map((key) => (
          <Group key={key} p="md" gap="md" wrap="nowrap">
            <Skeleton h={72} w={72} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="60%" />
              <Skeleton h={10} w="30%" />
            </Stack>
          </Group>
        ))}
      </Card>
    );
  }
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) {
    return (
      <Card p={{ base: 'lg', sm: 48 }}>
        {list.isError ? (
          <EmptyState
            icon={<IconBookmarks size={28} />}
            variant="light"
            title="Your bookmarks could not be loaded"
            description="Please try again in a moment."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconBookmarks size={28} />}
            variant="light"
            title={tab.emptyTitle}
            description={tab.emptyText}
          >
            <EmptyState.Actions>
              <Button component={Link} to={tab.type === 'feeds' ? '/home' : '/explore'} variant="gradient">
                {tab.type === 'feeds' ? 'Go to your feed' : 'Explore creators'}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        )}
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <Card p={0}>
        {items.map((bookmark) => (
          <BookmarkRow key={bookmark.objectId} bookmark={bookmark} onRemove={() => remove.mutate(bookmark)} />
        ))}
      </Card>
      {list.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

function BookmarkRow({ bookmark, onRemove }: { bookmark: TBookmark; onRemove: () => void }) {
  const title = bookmarkTitle(bookmark);
  const isCreator = bookmark.objectType === 'performer';
  const picture = bookmark.thumbnail;
  const content = (
    <>
      {isCreator ? (
        <Avatar src={picture} alt="" size={56} radius="xl" />
      ) : (
        <div className={classes.thumb}>
          {picture ? (
            <img
              src={picture}
              alt=""
              loading="lazy"
              className={bookmark.isLocked ? classes.blurred : undefined}
            />
          ) : null}
          {bookmark.isLocked && bookmark.isAvailable ? (
            <div className={classes.lock}>
              <IconLock size={16} role="img" aria-label="Locked" />
            </div>
          ) : null}
        </div>
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} lineClamp={2} c={bookmark.isAvailable ? undefined : 'dimmed'}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {!isCreator && bookmark.performer ? `${bookmark.performer.name} · ` : ''}
          {isCreator && bookmark.performer?.username ? `@${bookmark.performer.username} · ` : ''}
          Saved {dayjs(bookmark.bookmarkedAt).format('MMM D, YYYY')}
        </Text>
      </div>
    </>
  );
  return (
    <Group gap="sm" wrap="nowrap" className={classes.row}>
      {bookmark.isAvailable ? (
        <Link to={bookmarkPath(bookmark)} className={classes.link}>
          {content}
        </Link>
      ) : (
        <div className={classes.link}>{content}</div>
      )}
      <Tooltip label="Remove bookmark">
        <ActionIcon
          variant="subtle"
          color="brand"
          size="lg"
          aria-label={`Remove bookmark: ${title}`}
          onClick={onRemove}
        >
          <IconBookmarkFilled size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
