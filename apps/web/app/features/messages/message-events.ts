import type { TConversation, TMessage } from '@fanstage/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { onReconnect, onServerEvent } from '../realtime/socket-client';
import { fetchMessagesAfter, messageKeys, type Page } from './messages-api';
import { lastMessageId, patchConversation, previewOf, type Thread, upsertMessages } from './messages-cache';

type ConversationPages = InfiniteData<Page<TConversation>, number>;
const conversationLists = { queryKey: ['messages', 'conversations'] };

/** Puts one message (new or changed) in its thread and its conversation's list line. */
export function applyMessage(queryClient: QueryClient, viewerId: string, message: TMessage, isNew: boolean) {
  const conversationId = message.conversationId;
  queryClient.setQueryData<Thread>(messageKeys.thread(conversationId), (thread) =>
    upsertMessages(thread, [message]),
  );
  let listed = false;
  queryClient.setQueriesData<ConversationPages>(conversationLists, (lists) => {
    const next = patchConversation(
      lists,
      conversationId,
      (c) => {
        listed = true;
        const isLast =
          !c.lastMessage || c.lastMessage._id === message._id || c.lastMessage.createdAt <= message.createdAt;
        return {
          ...c,
          lastMessage: isLast ? previewOf(message) : c.lastMessage,
          updatedAt: isLast ? message.createdAt : c.updatedAt,
          totalNotSeenMessages:
            isNew && message.senderId !== viewerId ? c.totalNotSeenMessages + 1 : c.totalNotSeenMessages,
        };
      },
      { moveToTop: isNew },
    );
    return next;
  });
  // A conversation the lists do not hold yet (someone wrote first): load them again.
  if (isNew && !listed) void queryClient.invalidateQueries(conversationLists);
}

/** After reading a conversation: its messages to the viewer are seen, its unseen count 0. */
export function markThreadSeen(queryClient: QueryClient, conversationId: string, viewerId: string) {
  queryClient.setQueryData<Thread>(messageKeys.thread(conversationId), (thread) =>
    thread
      ? {
          ...thread,
          pages: thread.pages.map((page) => ({
            ...page,
            data: page.data.map((m) => (m.senderId !== viewerId && !m.isSeen ? { ...m, isSeen: true } : m)),
          })),
        }
      : thread,
  );
  queryClient.setQueriesData<ConversationPages>(conversationLists, (lists) =>
    patchConversation(lists, conversationId, (c) => ({ ...c, totalNotSeenMessages: 0 })),
  );
  queryClient.setQueryData<TConversation>(messageKeys.conversation(conversationId), (c) =>
    c ? { ...c, totalNotSeenMessages: 0 } : c,
  );
}

/** Socket events → the caches of conversations, threads and the unread total. Returns the unbind. */
export function bindMessageEvents(queryClient: QueryClient, viewerId: string): () => void {
  const offs = [
    onServerEvent('message/created', ({ message, unreadTotal }) => {
      applyMessage(queryClient, viewerId, message, true);
      // A message to me carries my new unread total (no separate event for it).
      if (unreadTotal !== undefined) queryClient.setQueryData(messageKeys.unread, unreadTotal);
    }),
    onServerEvent('message/deleted', ({ message }) => applyMessage(queryClient, viewerId, message, false)),
    onServerEvent('message/unread-total', ({ total }) => queryClient.setQueryData(messageKeys.unread, total)),
    onServerEvent('conversation/read', ({ conversationId, readerId, totalNotSeenMessages }) => {
      queryClient.setQueriesData<ConversationPages>(conversationLists, (lists) =>
        patchConversation(lists, conversationId, (c) =>
          readerId === viewerId ? { ...c, totalNotSeenMessages } : c,
        ),
      );
      if (readerId !== viewerId) {
        // The other side opened the chat: my messages are seen.
        queryClient.setQueryData<Thread>(messageKeys.thread(conversationId), (thread) =>
          thread
            ? {
                ...thread,
                pages: thread.pages.map((page) => ({
                  ...page,
                  data: page.data.map((m) => (m.senderId === viewerId ? { ...m, isSeen: true } : m)),
                })),
              }
            : thread,
        );
      }
    }),
    onReconnect(() => {
      void catchUp(queryClient);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** After a reconnect: every open thread gets what came meanwhile; lists and the total reload. */
export async function catchUp(queryClient: QueryClient): Promise<void> {
  const threads = queryClient.getQueriesData<Thread>({ queryKey: ['messages', 'thread'] });
  await Promise.all([
    queryClient.invalidateQueries(conversationLists),
    queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
    ...threads.map(async ([key, thread]) => {
      const conversationId = key[2] as string;
      const after = lastMessageId(thread);
      if (!after) {
        await queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      try {
        const missed = await fetchMessagesAfter(conversationId, after);
        queryClient.setQueryData<Thread>(key, (old) => upsertMessages(old, missed.data));
      } catch {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    }),
  ]);
}
