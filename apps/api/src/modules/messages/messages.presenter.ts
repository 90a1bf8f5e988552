import {
  deletedMessageText,
  fromCents,
  type TConversation,
  type TMassMessage,
  type TMessage,
  type TMessagePreview,
} from '@fanstage/contract';
import type { massMessages } from '@fanstage/db';
import { presentMedia } from '../media/media.presenter';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import type { SendDecision } from './messages.access';
import type { ConversationRow, MemberRow, MessageFile, MessageRow, PartyRow } from './messages.repo';

/**
 * One message for one viewer. The sender sees their own files; a paid message is locked for the
 * recipient until bought (only blurred previews and facts, no URL); a deleted message shows
 * "Message deleted!" with no files and nothing for sale.
 */
export function presentMessage(
  row: MessageRow,
  options: {
    files: MessageFile[];
    /** What the content gate decided for this viewer. */
    canView: boolean;
    isBought: boolean;
    isSeen: boolean;
    sign: (key: string) => string;
  },
): TMessage {
  // One object literal of one shape for every message (a page presents dozens per request): spreading
  // a shared base into two differently built literals made this the hottest function of a page.
  const isDeleted = row.isDeleted;
  const isSale = !isDeleted && row.priceCents > 0;
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    type: row.type,
    text: isDeleted ? deletedMessageText : row.text,
    isDeleted,
    isSale,
    price: isSale ? fromCents(row.priceCents) : 0,
    isLocked: isSale && !options.canView,
    isBought: !isDeleted && options.isBought,
    files: isDeleted
      ? []
      : options.files.map((file) => presentMedia(file, { canView: options.canView, sign: options.sign })),
    tipAmount: row.tipAmountCents === null ? null : fromCents(row.tipAmountCents),
    isSeen: options.isSeen,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentPreview(row: MessageRow): TMessagePreview {
  return {
    _id: row.id,
    senderId: row.senderId,
    type: row.type,
    text: row.isDeleted ? deletedMessageText : row.text,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A conversation as one member sees it: the other person, the last message, unseen count, may I write. */
export function presentConversation(options: {
  conversation: ConversationRow;
  me: Pick<MemberRow, 'unreadCount'>;
  party: PartyRow;
  lastMessage: MessageRow | null;
  decision: SendDecision;
  isOnline: boolean;
}): TConversation {
  const { conversation, party, decision } = options;
  return {
    _id: conversation.id,
    type: 'private',
    recipient: {
      _id: party.user.id,
      name: party.user.name,
      username: party.user.username,
      avatar: publicFileUrl(party.user.avatarPath) ?? defaultAvatarUrl,
      isPerformer: party.user.role === 'performer',
      isOnline: options.isOnline,
    },
    lastMessage: options.lastMessage ? presentPreview(options.lastMessage) : null,
    totalNotSeenMessages: options.me.unreadCount,
    isBlocked: decision.isBlocked,
    canSend: decision.canSend,
    cannotSendReason: decision.reason,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

export function presentMassMessage(row: typeof massMessages.$inferSelect): TMassMessage {
  return {
    _id: row.id,
    text: row.text,
    price: fromCents(row.priceCents),
    filesCount: row.fileIds.length,
    audience: row.audience,
    status: row.status,
    recipientsCount: row.recipientsCount,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
