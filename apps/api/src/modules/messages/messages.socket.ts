import type { ServerEventName, ServerEventPayloads, TMessage } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { forgetViews } from '../../plugins/views';
import { signMediaUrl } from '../files/signed-urls';
import { presentMessage } from './messages.presenter';
import {
  type FileRow,
  loadMessageFiles,
  type MessageRow,
  type NewMessageRow,
  unreadTotalsOf,
} from './messages.repo';

/*
 * Messaging's live events. Each is sent after the transaction that wrote the fact committed, and
 * per person: the sender of a paid message sees it open, the recipient locked. A failed emit is
 * logged and never undoes what was saved; the client catches up with `after` on reconnect.
 */

function send<K extends ServerEventName>(
  ctx: AppContext,
  userId: string,
  event: K,
  payload: ServerEventPayloads[K],
): void {
  try {
    ctx.realtime.toUser(userId, event, payload);
  } catch (err) {
    ctx.log.warn({ err, event }, 'could not send a live event');
  }
}

/** A message as a person sees it the moment it is new: nobody has bought or read it yet. */
export function presentNewMessage(
  ctx: AppContext,
  options: { message: MessageRow; viewerId: string; files: FileRow[] },
): TMessage {
  const { message } = options;
  return presentMessage(message, {
    files: options.files,
    canView: message.senderId === options.viewerId || message.priceCents <= 0,
    isBought: false,
    isSeen: false,
    sign: (key) => signMediaUrl(ctx, key),
  });
}

/** A person's total of unseen messages (as a statement just returned it), sent to them. */
export function announceUnreadTotal(ctx: AppContext, userId: string, total: number): void {
  send(ctx, userId, 'message/unread-total', { total });
}

/**
 * A new message to both members (the sender too, for their other tabs and devices); the recipient's
 * carries their new unread total, which the statement that wrote the message returned (the tip's
 * message, the welcome message and a message sent all come from `insertMessage`).
 */
export async function announceNewMessage(
  ctx: AppContext,
  options: { message: NewMessageRow; recipientId: string; files?: FileRow[] },
): Promise<void> {
  const { message, recipientId } = options;
  // Before the event, which the browsers may answer by reading the conversation page again.
  forgetViews(ctx, [message.senderId, recipientId], { announceNow: true });
  try {
    const files = options.files ?? (await loadMessageFiles(ctx.db.db, [message.id])).get(message.id) ?? [];
    for (const viewerId of [message.senderId, recipientId]) {
      const isRecipient = viewerId === recipientId && message.recipientUnreadTotal !== null;
      send(ctx, viewerId, 'message/created', {
        conversationId: message.conversationId,
        message: presentNewMessage(ctx, { message, viewerId, files }),
        ...(isRecipient ? { unreadTotal: message.recipientUnreadTotal! } : {}),
      });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'could not announce a message');
  }
}

/**
 * Many new messages of one sender with the same files (a mass message batch), after its commit:
 * each recipient gets their message and their unread total; the totals are one grouped read.
 */
export async function announceNewMessages(
  ctx: AppContext,
  options: { delivered: { fanId: string; message: MessageRow }[]; files: FileRow[] },
): Promise<void> {
  const { delivered, files } = options;
  if (delivered.length === 0) return;
  forgetViews(ctx, [delivered[0]!.message.senderId], { announceNow: true });
  let totals = new Map<string, number>();
  try {
    totals = await unreadTotalsOf(
      ctx.db.db,
      delivered.map((d) => d.fanId),
    );
  } catch (err) {
    ctx.log.warn({ err }, 'could not count unread messages');
  }
  for (const { fanId, message } of delivered) {
    try {
      send(ctx, fanId, 'message/created', {
        conversationId: message.conversationId,
        message: presentNewMessage(ctx, { message, viewerId: fanId, files }),
        unreadTotal: totals.get(fanId) ?? 1,
      });
    } catch (err) {
      ctx.log.warn({ err }, 'could not announce a message');
    }
  }
}

/** A deleted message, as each member now sees it. */
export function announceDeletedMessage(
  ctx: AppContext,
  options: { message: TMessage; memberIds: string[] },
): void {
  forgetViews(ctx, options.memberIds, { announceNow: true });
  for (const userId of options.memberIds) {
    send(ctx, userId, 'message/deleted', {
      conversationId: options.message.conversationId,
      message: options.message,
    });
  }
}

/** A member read the conversation: each member gets their own unseen count for it. */
export function announceConversationRead(
  ctx: AppContext,
  options: { conversationId: string; readerId: string; unseenByMember: Map<string, number> },
): void {
  forgetViews(ctx, [options.readerId], { announceNow: true });
  for (const [userId, totalNotSeenMessages] of options.unseenByMember) {
    send(ctx, userId, 'conversation/read', {
      conversationId: options.conversationId,
      readerId: options.readerId,
      totalNotSeenMessages,
    });
  }
}
