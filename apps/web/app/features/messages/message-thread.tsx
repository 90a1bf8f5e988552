import type { TMessage, TMessageCreate } from '@fanstage/contract';
import { ActionIcon, Anchor, Avatar, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { notifyError } from '../../lib/notify';
import { ConfirmDialog } from '../admin-money/money-ui';
import { BlockButton } from '../blocks/block-button';
import { UnlockDialog } from '../wallet/unlock-dialog';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { applyMessage, markThreadSeen } from './message-events';
import classes from './messages.module.css';
import {
  deleteMessage,
  fetchConversation,
  fetchMessages,
  markConversationRead,
  messageKeys,
  sendMessage,
} from './messages-api';
import { hasOlder, type Thread, threadMessages } from './messages-cache';

/** "Today", "Yesterday" or the date: the line above the first message of each day. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  if (at.isSame(now, 'day')) return 'Today';
  if (at.isSame(dayjs(now).subtract(1, 'day'), 'day')) return 'Yesterday';
  return at.isSame(now, 'year') ? at.format('dddd, MMMM D') : at.format('MMMM D, YYYY');
}

const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < 120;

/**
 * One conversation: the newest 25 first, older pages prepended when the top comes into view (the
 * scroll position stays where it was), new messages live from the socket, read on open.
 */
export function MessageThread({
  conversationId,
  viewerId,
  isCreator,
  backTo,
}: {
  conversationId: string;
  viewerId: string;
  isCreator: boolean;
  backTo: string;
}) {
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: () => fetchConversation(conversationId),
  });
  const thread = useInfiniteQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam }) => fetchMessages(conversationId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => {
      const data = { pages, pageParams: [] } as unknown as Thread;
      return hasOlder(data) ? pages.reduce((n, p) => n + p.data.length, 0) : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const messages = threadMessages(thread.data as Thread | undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before an older page was prepended. */
  const keepFromBottom = useRef<number | null>(null);
  const lastSeenCount = useRef(0);
  const [unlocking, setUnlocking] = useState<TMessage | null>(null);
  const [deleting, setDeleting] = useState<TMessage | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !thread.hasNextPage || thread.isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void thread.fetchNextPage();
  }, [thread]);

  // Keep the view still when older messages are prepended; follow the bottom for new ones.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null && !thread.isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (messages.length !== lastSeenCount.current) {
      const last = messages[messages.length - 1];
      const grewAtEnd = lastSeenCount.current === 0 || last?.senderId === viewerId || nearBottom(el);
      if (grewAtEnd && keepFromBottom.current === null) el.scrollTop = el.scrollHeight;
    }
    lastSeenCount.current = messages.length;
  });

  // A view at the bottom stays there when the box around it changes size: the composer or the header
  // arriving after the messages made the box shorter and hid the newest ones under it.
  const isPinned = useRef(true);
  const hasScroller = !thread.isPending;
  useEffect(() => {
    const el = scroller.current;
    if (!hasScroller || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isPinned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasScroller]);

  // The top of the list coming into view loads the page before it.
  useEffect(() => {
    const sentinel = topSentinel.current;
    const root = scroller.current;
    if (!sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loadOlder]);

  // Opening the conversation, and each message that arrives while it is open, marks it read.
  const newestUnseenId = messages.findLast((m) => m.senderId !== viewerId && !m.isSeen)?._id;
  useEffect(() => {
    if (!newestUnseenId) return;
    markConversationRead(conversationId)
      .then(() => markThreadSeen(queryClient, conversationId, viewerId))
      .catch(() => {});
  }, [conversationId, newestUnseenId, queryClient, viewerId]);

  async function handleSend(body: TMessageCreate) {
    const sent = await sendMessage(conversationId, body);
    applyMessage(queryClient, viewerId, sent, true);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      const deleted = await deleteMessage(deleting._id);
      applyMessage(queryClient, viewerId, deleted, false);
      setDeleting(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setIsDeleting(false);
    }
  }

  const other = conversation.data?.recipient;
  return (
    <div className={classes.threadPane}>
      <Group className={classes.threadHeader} gap="sm" wrap="nowrap">
        <ActionIcon
          component={Link}
          to={backTo}
          variant="subtle"
          hiddenFrom="sm"
          aria-label="Back to conversations"
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
        {other ? (
          <>
            <Avatar src={other.avatar} alt="" radius="xl" size={36} />
            <div style={{ minWidth: 0 }}>
              {other.isPerformer && other.username ? (
                <Anchor component={Link} to={`/${other.username}`} fw={700} size="sm" c="inherit">
                  {other.name}
                </Anchor>
              ) : (
                <Text fw={700} size="sm">
                  {other.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {conversation.data?.isBlocked
                  ? 'Blocked'
                  : other.isOnline
                    ? 'Online'
                    : other.username
                      ? `@${other.username}`
                      : ''}
              </Text>
            </div>
            {conversation.data?.isBlocked ? null : (
              <div style={{ marginLeft: 'auto' }}>
                <BlockButton
                  target={other}
                  onBlocked={() => void queryClient.invalidateQueries({ queryKey: messageKeys.all })}
                />
              </div>
            )}
          </>
        ) : (
          <Group gap="sm">
            <Skeleton circle height={36} />
            <Skeleton height={12} width={120} />
          </Group>
        )}
      </Group>

      <div
        className={classes.scroller}
        ref={scroller}
        data-testid="message-scroller"
        onScroll={(e) => {
          isPinned.current = nearBottom(e.currentTarget);
        }}
      >
        <div ref={topSentinel} />
        {thread.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={loadOlder}
            loading={thread.isFetchingNextPage}
            mx="auto"
          >
            Load older messages
          </Button>
        ) : null}
        {thread.isPending ? (
          <Stack gap="sm" aria-label="Loading messages">
            {[60, 40, 70, 30].map((w, i) => (
              <Group key={w} justify={i % 2 ? 'flex-end' : 'flex-start'}>
                <Skeleton height={34} width={`${w}%`} radius="xl" />
              </Group>
            ))}
          </Stack>
        ) : thread.isError ? (
          <Text c="red" size="sm" ta="center">
            {errorMessage(thread.error, 'Error occurred, please try again later')}
          </Text>
        ) : messages.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" my="auto" data-testid="thread-empty">
            No messages yet. Say hello!
          </Text>
        ) : (
          messages.map((message, index) => {
            const day = dayLabel(message.createdAt);
            const isNewDay = index === 0 || dayLabel(messages[index - 1]!.createdAt) !== day;
            return (
              <Fragment key={message._id}>
                {isNewDay ? (
                  <Text size="xs" c="dimmed" ta="center" my={6} data-testid="day-separator">
                    {day}
                  </Text>
                ) : null}
                <MessageBubble
                  message={message}
                  isOwn={message.senderId === viewerId}
                  onDelete={() => setDeleting(message)}
                  onUnlock={() => setUnlocking(message)}
                />
              </Fragment>
            );
          })
        )}
        {thread.isFetching && !thread.isPending && !thread.isFetchingNextPage ? (
          <Loader size="xs" mx="auto" aria-label="Updating" />
        ) : null}
      </div>

      {conversation.data ? (
        <Composer
          canSend={conversation.data.canSend}
          cannotSendReason={conversation.data.cannotSendReason}
          isCreator={isCreator}
          onSend={handleSend}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this message?"
        confirmLabel="Delete"
        isPending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        Both of you will see "Message deleted!" in its place.
      </ConfirmDialog>

      {unlocking ? (
        <UnlockDialog
          opened
          onClose={() => setUnlocking(null)}
          type="message"
          id={unlocking._id}
          price={unlocking.price}
          onUnlocked={() =>
            void queryClient.invalidateQueries({ queryKey: messageKeys.thread(conversationId) })
          }
        />
      ) : null}
    </div>
  );
}
