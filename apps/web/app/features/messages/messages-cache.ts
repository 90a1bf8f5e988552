import type { TConversation, TMessage } from '@fanstage/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from './messages-api';

/*
 * Pure updates of the cached thread and list, so socket events, sends and catch-ups all go through
 * the same rules: a message is in the thread once (spec: "added without duplicates"), a deleted one
 * is replaced in place, older pages are prepended.
 */

export type Thread = InfiniteData<Page<TMessage>, number>;

/** Every message of a thread, oldest first, each once. Pages are [newest, older, …]. */
export function threadMessages(thread: Thread | undefined): TMessage[] {
  if (!thread) return [];
  const seen = new Set<string>();
  const ordered: TMessage[] = [];
  for (let p = thread.pages.length - 1; p >= 0; p--) {
    for (const message of thread.pages[p]?.data ?? []) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      ordered.push(message);
    }
  }
  return ordered.sort(byTime);
}

const byTime = (a: TMessage, b: TMessage) =>
  a.createdAt === b.createdAt ? a._id.localeCompare(b._id) : a.createdAt.localeCompare(b.createdAt);

/** Adds messages to the newest page, or replaces the ones already there (same id). */
export function upsertMessages(thread: Thread | undefined, messages: TMessage[]): Thread | undefined {
  if (!thread || messages.length === 0) return thread;
  const incoming = new Map(messages.map((m) => [m._id, m]));
  const pages = thread.pages.map((page) => {
    let changed = false;
    const data = page.data.map((m) => {
      const next = incoming.get(m._id);
      if (!next) return m;
      incoming.delete(m._id);
      changed = true;
      return next;
    });
    return changed ? { ...page, data } : page;
  });
  if (incoming.size > 0) {
    const [newest, ...older] = pages;
    const added = [...incoming.values()];
    const first = newest ?? { data: [], total: 0 };
    return {
      ...thread,
      pages: [{ data: [...first.data, ...added].sort(byTime), total: first.total + added.length }, ...older],
    };
  }
  return { ...thread, pages };
}

/** The newest message id the thread holds (what a catch-up asks after). */
export function lastMessageId(thread: Thread | undefined): string | null {
  const all = threadMessages(thread);
  return all.length > 0 ? (all[all.length - 1]?._id ?? null) : null;
}

/** Whether older pages remain: fewer loaded than the total the server counted. */
export function hasOlder(thread: Thread | undefined): boolean {
  if (!thread || thread.pages.length === 0) return false;
  const last = thread.pages[thread.pages.length - 1];
  const loaded = thread.pages.reduce((n, page) => n + page.data.length, 0);
  return (last?.data.length ?? 0) > 0 && loaded < (thread.pages[0]?.total ?? 0);
}

type ConversationPages = InfiniteData<Page<TConversation>, number>;

/** Updates one conversation in every cached list (unread count, last message), moving it first when new. */
export function patchConversation(
  lists: ConversationPages | undefined,
  conversationId: string,
  patch: (conversation: TConversation) => TConversation,
  options: { moveToTop?: boolean } = {},
): ConversationPages | undefined {
  if (!lists) return lists;
  let found: TConversation | null = null;
  const pages = lists.pages.map((page) => ({
    ...page,
    data: page.data.flatMap((c) => {
      if (c._id !== conversationId) return [c];
      found = patch(c);
      return options.moveToTop ? [] : [found];
    }),
  }));
  if (!found) return lists;
  if (options.moveToTop) {
    const [first, ...rest] = pages;
    return {
      ...lists,
      pages: [{ ...(first ?? { data: [], total: 1 }), data: [found, ...(first?.data ?? [])] }, ...rest],
    };
  }
  return { ...lists, pages };
}

/** A list line for a message (never a locked message's media, a deleted one says so). */
export function previewOf(message: TMessage) {
  return {
    _id: message._id,
    senderId: message.senderId,
    type: message.type,
    text: message.text,
    isDeleted: message.isDeleted,
    createdAt: message.createdAt,
  };
}
