import type { TStreamMessage } from '@fanstage/contract';
import {
  and,
  asc,
  conversations,
  desc,
  type Executor,
  eq,
  inArray,
  messages,
  newId,
  type Transaction,
  users,
} from '@fanstage/db';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import { presentMessage } from './messages.presenter';
import { insertMessage, type MessageRow } from './messages.repo';

/*
 * The storage of a live show's public chat, for the streaming module: the same `conversations` and
 * `messages` rows as private chats (a conversation of type `stream`, without pair or members), so a
 * stream message is numbered, stored and presented like any other. Who may read or write it is
 * decided by the streaming module's access gate before any of these run.
 */

export interface StreamMessageRow {
  message: MessageRow;
  sender: { id: string; name: string; username: string | null; avatarPath: string | null };
}

const senderColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarPath: users.avatarPath,
};

/** A new, empty stream conversation in the caller's transaction (made with its show). */
export async function createStreamConversation(tx: Executor, now: Date): Promise<string> {
  const id = newId();
  await tx.insert(conversations).values({ id, type: 'stream', createdAt: now, updatedAt: now });
  return id;
}

/** Appends a text or tip message to a stream chat in the caller's transaction. */
export async function appendStreamMessage(
  tx: Transaction,
  values: {
    conversationId: string;
    senderId: string;
    type: 'text' | 'tip';
    text: string;
    tipAmountCents?: number;
    now: Date;
  },
): Promise<MessageRow> {
  return insertMessage(tx, {
    conversationId: values.conversationId,
    senderId: values.senderId,
    // A stream chat has no members: nobody's unseen count moves.
    recipientId: values.senderId,
    type: values.type,
    text: values.text,
    priceCents: 0,
    tipAmountCents: values.tipAmountCents ?? null,
    fileIds: [],
    now: values.now,
  });
}

/** A page of the chat counted from the newest (offset 0 = newest), oldest first; cleared messages left out. */
export async function listStreamMessages(
  db: Executor,
  options: { conversationId: string; offset: number; limit: number },
): Promise<StreamMessageRow[]> {
  const rows = await db
    .select({ message: messages, sender: senderColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, options.conversationId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.seq))
    .offset(options.offset)
    .limit(options.limit);
  return rows.reverse();
}

/** One message with its sender (for the live event after it was written). */
export async function findStreamMessages(db: Executor, ids: string[]): Promise<StreamMessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ message: messages, sender: senderColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.id, ids))
    .orderBy(asc(messages.seq));
}

/** Clears the chat for everyone: every message is marked deleted (tips stay in the ledger). */
export async function clearStreamMessages(
  db: Executor,
  options: { conversationId: string; now: Date },
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isDeleted: true, deletedAt: options.now })
    .where(and(eq(messages.conversationId, options.conversationId), eq(messages.isDeleted, false)))
    .returning({ id: messages.id });
  return rows.length;
}

/** A stream message as everyone in the show sees it: text messages carry no files or price. */
export function presentStreamMessage(row: StreamMessageRow): TStreamMessage {
  return {
    ...presentMessage(row.message, {
      files: [],
      canView: true,
      isBought: false,
      isSeen: false,
      sign: () => '',
    }),
    sender: {
      _id: row.sender.id,
      name: row.sender.name,
      username: row.sender.username,
      avatar: publicFileUrl(row.sender.avatarPath) ?? defaultAvatarUrl,
    },
  };
}
