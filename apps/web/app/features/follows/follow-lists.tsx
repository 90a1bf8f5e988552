import type { TFollowedPerformer, TFollower } from '@fanstage/contract';
import { Avatar, Button, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeartHandshake, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { plural } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import type { Page } from '../performers/performers-api';
import { profilePath } from '../performers/profile-path';
import { nextOffset } from '../performers/search-params';
import { FollowButton } from './follow-button';
import { followKeys, useFollow } from './use-follow';

const pageSize = 20;

function useFollowList<T>(key: readonly string[], path: string) {
  const list = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { query: { offset: pageParam, limit: pageSize }, signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) =>
      nextOffset(
        pages.reduce((n, p) => n + p.data.length, 0),
        pages.at(-1)?.total ?? 0,
      ),
  });
  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);
  return list;
}

/** The creators the user follows, each with an unfollow button (GET /follows/following). */
export function FollowingList() {
  const list = useFollowList<TFollowedPerformer>(followKeys.following, '/follows/following');
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <ListFrame
      list={list}
      count={rows.length}
      empty={
        <EmptyState
          icon={<IconHeartHandshake size={28} />}
          variant="light"
          title="You do not follow anyone yet"
          description="Follow creators to keep them one click away. Find them on the Explore page."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/explore" variant="gradient">
              Explore creators
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    >
      {rows.map((p) => (
        <FollowingRow key={p._id} performer={p} />
      ))}
    </ListFrame>
  );
}

function FollowingRow({ performer }: { performer: TFollowedPerformer }) {
  // Keep the row after an unfollow, so a mistaken click can be undone right there.
  const follow = useFollow(performer._id, { isFollowed: true, followers: performer.stats.followers });
  return (
    <PersonRow
      to={profilePath(performer)}
      avatar={performer.avatar}
      name={performer.name}
      username={performer.username}
      meta={`${plural(follow.followers, 'follower')} · followed ${dayjs(performer.followedAt).format('MMM D, YYYY')}`}
      action={<FollowButton isFollowed={follow.isFollowed} onToggle={() => void follow.toggle()} size="xs" />}
    />
  );
}

/** The creator's followers (GET /follows/followers). */
export function FollowersList() {
  const list = useFollowList<TFollower>(followKeys.followers, '/follows/followers');
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <ListFrame
      list={list}
      count={rows.length}
      empty={
        <EmptyState
          icon={<IconUsers size={28} />}
          variant="light"
          title="No followers yet"
          description="Share the link to your page so fans can find and follow you."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/creator/account" variant="default">
              Polish your profile
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    >
      {rows.map((f) => (
        <PersonRow
          key={f._id}
          to={f.isPerformer ? profilePath(f) : null}
          avatar={f.avatar}
          name={f.name}
          username={f.username}
          meta={`Followed you ${dayjs(f.followedAt).format('MMM D, YYYY')}`}
        />
      ))}
    </ListFrame>
  );
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
  data?: { pages: { total: number }[] };
}

function ListFrame(props: { list: ListState; count: number; empty: ReactNode; children: ReactNode }) {
  const { list } = props;
  if (list.isPending) {
    return (
      <Card p={0} aria-busy aria-label="Loading">
        {placeholderKeys(4).map((key) => (
          <Group key={key} p="md" gap="sm" wrap="nowrap">
            <Skeleton h={48} w={48} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="40%" />
              <Skeleton h={10} w="25%" />
            </Stack>
          </Group>
        ))}
      </Card>
    );
  }
  if (props.count === 0) {
    return (
      <Card p={{ base: 'lg', sm: 48 }}>
        {list.isError ? (
          <EmptyState
            icon={<IconUsers size={28} />}
            variant="light"
            title="The list could not be loaded"
            description="Please try again in a moment."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          props.empty
        )}
      </Card>
    );
  }
  const total = list.data?.pages.at(-1)?.total ?? props.count;
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {total === 1 ? '1 person' : `${total.toLocaleString('en-US')} people`}
      </Text>
      <Card p={0}>{props.children}</Card>
      {list.hasNextPage ? (
        <Group justify="center" mt="lg">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </>
  );
}

function PersonRow(props: {
  to: string | null;
  avatar: string;
  name: string;
  username: string | null;
  meta: string;
  action?: ReactNode;
}) {
  const who = (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
      <Avatar src={props.avatar} alt="" size={48} radius={999} />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {props.name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {props.username ? `@${props.username}` : 'No username'}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {props.meta}
        </Text>
      </div>
    </Group>
  );
  return (
    <Group
      px="md"
      py="sm"
      gap="sm"
      wrap="nowrap"
      justify="space-between"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: -1 }}
    >
      {props.to ? (
        <Link to={props.to} style={{ color: 'inherit', textDecoration: 'none', minWidth: 0, flex: 1 }}>
          {who}
        </Link>
      ) : (
        who
      )}
      {props.action}
    </Group>
  );
}
