import { z } from 'zod';
import { dataOf, listOf, ZId } from './common';
import { ZMediaView } from './media';
import { messageMaxFiles, messageMaxLength, messagesPageSize } from './message-limits';
import { ZMoneyAmount } from './wallet';

/*
 * Conversations and messages (spec sections 3, 4, 7 "Conversations" and "Messages").
 * A conversation holds exactly two people; only they can read or write it (anyone else gets 404).
 */

/** The text others see in place of a deleted message (spec section 4). */
export const deletedMessageText = 'Message deleted!';

/** `POST /conversations`: `performer` (a fan opens a chat with a creator) or `user` (a creator with a fan). */
export const ZConversationSource = z.enum(['performer', 'user'], {
  message: 'The source must be performer or user.',
});
export const ZConversationCreate = z
  .object({
    source: ZConversationSource,
    /** The other person's id or username. */
    sourceId: z.string().trim().min(1, 'Say who to message.').max(100),
  })
  .strict();
export type TConversationCreate = z.infer<typeof ZConversationCreate>;

export const ZConversationParams = z.object({ id: ZId });
export const ZMessageParams = z.object({ id: ZId });
export const ZMessageFileParams = z.object({ id: ZId, fileId: ZId });

export const ZConversationListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** `GET /conversations/search`: part of the other person's name or username. */
  q: z.string().trim().max(100).optional(),
});
export type TConversationListQuery = z.infer<typeof ZConversationListQuery>;

/** The other member of a conversation, as the viewer sees them. */
export const ZConversationParty = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
  isOnline: z.boolean(),
});
export type TConversationParty = z.infer<typeof ZConversationParty>;

export const ZMessageType = z.enum(['text', 'photo', 'video', 'tip']);
export type TMessageType = z.infer<typeof ZMessageType>;

/**
 * A short line for conversation lists: no media. A paid message's text is its caption, shown
 * locked or not (like in the thread); a deleted one reads "Message deleted!".
 */
export const ZMessagePreview = z.object({
  _id: ZId,
  senderId: ZId,
  type: ZMessageType,
  text: z.string(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type TMessagePreview = z.infer<typeof ZMessagePreview>;

export const ZConversation = z.object({
  _id: ZId,
  type: z.literal('private'),
  recipient: ZConversationParty,
  lastMessage: ZMessagePreview.nullable(),
  /** Messages to the viewer not yet seen (spec: totalNotSeenMessages). */
  totalNotSeenMessages: z.number().int(),
  /** The creator of this pair blocked the fan: no one can write. */
  isBlocked: z.boolean(),
  /** Whether the viewer may send now, and why not (a sentence) when not. */
  canSend: z.boolean(),
  cannotSendReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationResponse = dataOf(ZConversation);
export const ZConversationListResponse = listOf(ZConversation);

/**
 * A message as one viewer sees it. A paid message is locked for the fan until bought: its files
 * then carry only blurred previews, no URL. A deleted one keeps its place with text
 * "Message deleted!" and no files.
 */
export const ZMessage = z.object({
  _id: ZId,
  conversationId: ZId,
  senderId: ZId,
  type: ZMessageType,
  text: z.string(),
  isDeleted: z.boolean(),
  isSale: z.boolean(),
  price: z.number(),
  isLocked: z.boolean(),
  /** The viewer bought it (fans of a paid message). */
  isBought: z.boolean(),
  files: z.array(ZMediaView),
  /** Tips sent from the chat: the amount. */
  tipAmount: z.number().nullable(),
  /** The recipient opened the conversation after it came. */
  isSeen: z.boolean(),
  createdAt: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;
export const ZChatMessageResponse = dataOf(ZMessage);
export const ZChatMessageListResponse = listOf(ZMessage);

/**
 * `GET /messages/conversations/{id}`: pages counted from the newest (offset 0 = the newest 25),
 * each page returned oldest first. `after` instead gives every message newer than that one
 * (oldest first, up to `limit`): what a client fetches after a reconnect.
 */
export const ZMessageListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(messagesPageSize),
  after: ZId.optional(),
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

const messageText = z
  .string({ message: 'The message must be text.' })
  .trim()
  .max(messageMaxLength, `A message can be at most ${messageMaxLength} characters.`);

/** `POST /messages/conversations/{id}`: text, files uploaded first, and a price (creators only). */
export const ZMessageCreate = z
  .object({
    text: messageText.default(''),
    fileIds: z
      .array(ZId)
      .max(messageMaxFiles, `A message can carry at most ${messageMaxFiles} files.`)
      .default([]),
    /** Above zero makes it a paid message; needs at least one file. */
    price: ZMoneyAmount.optional(),
  })
  .strict()
  .refine((m) => m.text.length > 0 || m.fileIds.length > 0, {
    message: 'Write a message or attach a photo or video.',
    path: ['text'],
  });
export type TMessageCreate = z.infer<typeof ZMessageCreate>;

export const ZMassMessageAudience = z.enum(['subscribers', 'active-subscribers', 'followers'], {
  message: 'The audience must be subscribers, active-subscribers or followers.',
});
export type TMassMessageAudience = z.infer<typeof ZMassMessageAudience>;

/** `POST /messages/mass`: one message to many fans at once, now or at `scheduledAt`. */
export const ZMassMessageCreate = z
  .object({
    text: messageText.default(''),
    fileIds: z.array(ZId).max(messageMaxFiles).default([]),
    price: ZMoneyAmount.optional(),
    audience: ZMassMessageAudience,
    scheduledAt: z
      .string()
      .datetime({ offset: true, message: 'The time must be a date and time.' })
      .optional(),
  })
  .strict()
  .refine((m) => m.text.length > 0 || m.fileIds.length > 0, {
    message: 'Write a message or attach a photo or video.',
    path: ['text'],
  });
export type TMassMessageCreate = z.infer<typeof ZMassMessageCreate>;

export const ZMassMessage = z.object({
  _id: ZId,
  text: z.string(),
  price: z.number(),
  filesCount: z.number().int(),
  audience: ZMassMessageAudience,
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  recipientsCount: z.number().int(),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TMassMessage = z.infer<typeof ZMassMessage>;
export const ZMassMessageResponse = dataOf(ZMassMessage);
export const ZMassMessageListResponse = listOf(ZMassMessage);
export const ZMassMessageParams = z.object({ id: ZId });
export const ZMassMessageListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The creator's automatic message to new followers and subscribers. */
export const ZWelcomeMessageSettings = z
  .object({
    enabled: z.boolean(),
    text: messageText.default(''),
    fileIds: z.array(ZId).max(messageMaxFiles).default([]),
    price: ZMoneyAmount.optional(),
    /** When it goes: on follow, on subscribe, or both. */
    trigger: z.enum(['follow', 'subscribe', 'both']).default('subscribe'),
  })
  .strict();
export type TWelcomeMessageSettings = z.infer<typeof ZWelcomeMessageSettings>;

/** `GET|PUT /messages/welcome`: the settings as stored, with the attached files for the creator. */
export const ZWelcomeMessage = z.object({
  enabled: z.boolean(),
  text: z.string(),
  fileIds: z.array(ZId),
  files: z.array(ZMediaView),
  /** 0 when free. */
  price: z.number(),
  trigger: z.enum(['follow', 'subscribe', 'both']),
});
export type TWelcomeMessage = z.infer<typeof ZWelcomeMessage>;
export const ZWelcomeMessageResponse = dataOf(ZWelcomeMessage);

export const ZUnreadTotal = z.object({ total: z.number().int() });
export const ZUnreadTotalResponse = dataOf(ZUnreadTotal);
