import { messagesPageSize, type TConversation, type TMessage, type TMessageCreate } from '@fanstage/contract';
import { api, apiUpload } from '../../lib/api';

/* The messaging calls of spec section 7 and their cache keys. */

/** A conversation's page. */
export const conversationPath = (id: string) => `/messages/${id}`;

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (q: string) => ['messages', 'conversations', q] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  unread: ['messages', 'unread'] as const,
};

export interface Page<T> {
  data: T[];
  total: number;
}

export const conversationsPageSize = 20;

export const fetchConversations = (q: string, offset: number) =>
  api.get<Page<TConversation>>(q ? '/conversations/search' : '/conversations', {
    query: { offset, limit: conversationsPageSize, q: q || undefined },
  });

export const fetchConversation = async (id: string) =>
  (await api.get<{ data: TConversation }>(`/conversations/${encodeURIComponent(id)}`)).data;

/** Starts (or finds) the chat with a creator (`performer`) or a fan (`user`). */
export const startConversation = async (source: 'performer' | 'user', sourceId: string) =>
  (await api.post<{ data: TConversation }>('/conversations', { source, sourceId })).data;

/** One page counted from the newest: offset 0 is the newest 25, oldest first inside the page. */
export const fetchMessages = (conversationId: string, offset: number) =>
  api.get<Page<TMessage>>(`/messages/conversations/${encodeURIComponent(conversationId)}`, {
    query: { offset, limit: messagesPageSize },
  });

/** Every message newer than `afterId` (after a reconnect). */
export const fetchMessagesAfter = (conversationId: string, afterId: string) =>
  api.get<Page<TMessage>>(`/messages/conversations/${encodeURIComponent(conversationId)}`, {
    query: { after: afterId, limit: 100 },
  });

export const sendMessage = async (conversationId: string, body: TMessageCreate) =>
  (await api.post<{ data: TMessage }>(`/messages/conversations/${encodeURIComponent(conversationId)}`, body))
    .data;

export const deleteMessage = async (id: string) =>
  (await api.delete<{ data: TMessage }>(`/messages/${encodeURIComponent(id)}`)).data;

export const markConversationRead = (conversationId: string) =>
  api.post<unknown>(`/messages/read-all/${encodeURIComponent(conversationId)}`);

export const fetchUnreadTotal = async () =>
  (await api.get<{ data: { total: number } }>('/messages/total-unread-messages')).data.total;

export type MessageUploadKind = 'photo' | 'video';

/** Photos go to the public upload, videos to the private one; both answer the stored file. */
export const uploadMessageFile = (
  kind: MessageUploadKind,
  file: File,
  io: { onProgress: (percent: number) => void; signal: AbortSignal },
) => {
  const form = new FormData();
  form.set('file', file);
  const path = kind === 'photo' ? '/messages/public/file/photo' : '/messages/private/file/video';
  return apiUpload<{ data: { _id: string; status: 'uploaded' | 'processing' | 'ready' | 'failed' } }>(
    path,
    form,
    io,
  );
};
