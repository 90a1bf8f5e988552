import type { TConversation } from '@fanstage/contract';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageCircle, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import classes from './messages.module.css';
import { conversationPath, conversationsPageSize, fetchConversations, messageKeys } from './messages-api';

export { conversationPath };

function timeOf(iso: string) {
  const at = dayjs(iso);
  return at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('MMM D');
}

/** A line of the list: who, the last message, when, and how many are unseen. */
function ConversationRow({
  conversation,
  active,
  viewerId,
}: {
  conversation: TConversation;
  active: boolean;
  viewerId: string;
}) {
  const { recipient, lastMessage } = conversation;
  const unread = conversation.totalNotSeenMessages;
  const preview = !lastMessage
    ? 'No messages yet'
    : lastMessage.isDeleted
      ? 'Message deleted!'
      : lastMessage.type === 'tip'
        ? lastMessage.text
        : `${lastMessage.senderId === viewerId ? 'You: ' : ''}${lastMessage.text || (lastMessage.type === 'video' ? 'Video' : 'Photo')}`;
  return (
    <UnstyledButton
      component={Link}
      to={conversationPath(conversation._id)}
      className={classes.row}
      data-active={active || undefined}
      data-testid="conversation-row"
      aria-current={active ? 'page' : undefined}
    >
      <Group gap="sm" wrap="nowrap">
        <Indicator
          color="teal"
          position="bottom-end"
          offset={5}
          size={11}
          withBorder
          disabled={!recipient.isOnline}
        >
          <Avatar src={recipient.avatar} alt="" radius="xl" size={44} />
        </Indicator>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap={6} wrap="nowrap">
            <Text size="sm" fw={unread > 0 ? 700 : 600} truncate>
              {recipient.name}
            </Text>
            {lastMessage ? (
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {timeOf(lastMessage.createdAt)}
              </Text>
            ) : null}
          </Group>
          <Group justify="space-between" gap={6} wrap="nowrap">
            <Text size="xs" c={unread > 0 ? undefined : 'dimmed'} fw={unread > 0 ? 600 : 400} truncate>
              {preview}
            </Text>
            {unread > 0 ? (
              <Badge size="sm" circle={unread < 10} color="red" data-testid="conversation-unread">
                {unread}
              </Badge>
            ) : null}
          </Group>
        </div>
      </Group>
    </UnstyledButton>
  );
}

/** The person's conversations, newest activity first, with search and "load more". */
export function ConversationList({ activeId, viewerId }: { activeId: string | null; viewerId: string }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const query = useInfiniteQuery({
    queryKey: messageKeys.conversations(q),
    queryFn: ({ pageParam }) => fetchConversations(q, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length === conversationsPageSize && loaded < last.total ? loaded : undefined;
    },
  });
  const conversations = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack gap="sm" className={classes.listPane}>
      <TextInput
        placeholder="Search conversations"
        aria-label="Search conversations"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {query.isPending ? (
        <Stack gap="xs" aria-label="Loading conversations">
          {[0, 1, 2, 3].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap" p="xs">
              <Skeleton circle height={44} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="60%" />
                <Skeleton height={8} width="85%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : query.isError ? (
        <Text c="red" size="sm" p="sm">
          {errorMessage(query.error, 'Error occurred, please try again later')}
        </Text>
      ) : conversations.length === 0 ? (
        <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="conversations-empty">
          <IconMessageCircle size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{q ? 'No one matches that search.' : 'No conversations yet.'}</Text>
          {q ? null : (
            <Text size="sm" c="dimmed">
              Open a creator's page and press Message to start one.
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap={2} component="nav" aria-label="Conversations">
          {conversations.map((c) => (
            <ConversationRow key={c._id} conversation={c} active={c._id === activeId} viewerId={viewerId} />
          ))}
          {query.hasNextPage ? (
            <Button
              variant="subtle"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
