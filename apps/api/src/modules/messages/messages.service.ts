import {
  mediaUploadKinds,
  type TConversation,
  type TConversationCreate,
  type TMediaFile,
  type TMediaFileStatus,
  type TMessage,
  type TMessageCreate,
  type TMessageListQuery,
  type TMessageUploadKind,
  toCents,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { isAcceptedImageType } from '../../lib/images';
import { findBlockedPairs } from '../access/blocks';
import { decideContentAccess } from '../access/content-access';
import type { Actor } from '../auth/sessions';
import type { TempUpload } from '../files/files.upload';
import { signMediaUrl } from '../files/signed-urls';
import { presentFileStatus } from '../media/media.presenter';
import { uploadFeedMedia } from '../media/media.service';
import { sniffFile } from '../media/media.sniff';
import { findVisiblePerformer } from '../performers/performers.access';
import {
  decideSendMany,
  decideSendTo,
  findMemberConversation,
  findMemberConversationView,
  findMemberMessage,
  findMemberSendDecision,
  type MemberConversation,
} from './messages.access';
import { presentConversation, presentMessage } from './messages.presenter';
import {
  type ConversationRow,
  type FileRow,
  findConversationOfPair,
  findFilesByIds,
  findMembers,
  findMessageById,
  findOrCreateConversation,
  findParties,
  findUserByIdOrUsername,
  insertMessage,
  isFanOf,
  listMemberConversations,
  loadMessageFiles,
  loadThreadPage,
  type MessageRow,
  markConversationRead,
  markMessageDeleted,
  type NewMessage,
  type NewMessageRow,
  unreadTotalOf,
} from './messages.repo';
import {
  announceConversationRead,
  announceDeletedMessage,
  announceNewMessage,
  announceUnreadTotal,
} from './messages.socket';

type Viewer = Pick<Actor, 'id' | 'role'>;
type Page<T> = { data: T[]; total: number };

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
const sign = (ctx: AppContext) => (key: string) => signMediaUrl(ctx, key);

/** The file kinds a message may carry. */
export const messageFileKinds = new Set<string>(['message-photo', 'message-video']);

/**
 * Messages are plain text: tags and control characters (except line breaks and tabs) go, the ends
 * are trimmed. A lone `<` (as in "<3") is text and stays; nothing is ever rendered as HTML.
 */
export function toPlainText(raw: string): string {
  return (
    raw
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .trim()
  );
}

/**
 * The files a sender attaches: their own chat uploads (photo or video, not failed), each once.
 * Answers them in the given order. A video may still be processing: the recipient sees its status.
 */
export async function checkMessageFiles(
  ctx: AppContext,
  options: { ownerId: string; fileIds: string[] },
): Promise<FileRow[]> {
  const { fileIds } = options;
  if (new Set(fileIds).size !== fileIds.length) throw unprocessable('The same file is attached twice.');
  const byId = new Map((await findFilesByIds(ctx.db.db, fileIds)).map((f) => [f.id, f]));
  const rows = fileIds.map((id) => byId.get(id));
  if (rows.some((f) => !f || f.ownerId !== options.ownerId || !messageFileKinds.has(f.kind))) {
    throw unprocessable('Some files were not found among your chat uploads; please upload them again.');
  }
  if (rows.some((f) => f!.status === 'failed')) {
    throw unprocessable('A video could not be processed; remove it and upload it again.');
  }
  return rows as FileRow[];
}

/** What a message with these files is: a video message when one is a video, else photo, else text. */
export const messageTypeOf = (files: Pick<FileRow, 'kind'>[]): MessageRow['type'] =>
  files.some((f) => f.kind === 'message-video') ? 'video' : files.length > 0 ? 'photo' : 'text';

/**
 * The checked content of a message: plain text, own files, and a price only a creator may set,
 * only on a message with files.
 */
export async function prepareContent(
  ctx: AppContext,
  options: { sender: Viewer; text: string; fileIds: string[]; price?: number | null },
): Promise<{ text: string; files: FileRow[]; priceCents: number }> {
  const text = toPlainText(options.text);
  const files = await checkMessageFiles(ctx, { ownerId: options.sender.id, fileIds: options.fileIds });
  if (text === '' && files.length === 0) throw unprocessable('Write a message or attach a photo or video.');
  const priceCents = options.price ? toCents(options.price) : 0;
  if (priceCents > 0 && options.sender.role !== 'performer') {
    throw unprocessable('Only creators can put a price on a message.');
  }
  if (priceCents > 0 && files.length === 0) {
    throw unprocessable('A paid message needs a photo or video to unlock; attach one or remove the price.');
  }
  return { text, files, priceCents };
}

/** Appends a message inside the caller's transaction (tips, mass and welcome messages use this too). */
export const deliverMessage = (tx: Transaction, values: NewMessage) => insertMessage(tx, values);

/**
 * The "tipped 10.00" message of a tip sent from a chat, written in the tip's own transaction: the
 * conversation must be the tipper's with that creator (else 404, and the tip rolls back), and a
 * fan the creator blocked cannot tip there (403).
 */
export async function addTipMessage(
  tx: Transaction,
  options: { conversationId: string; fanId: string; performerId: string; amountCents: number; now: Date },
): Promise<NewMessageRow> {
  const { fanId, performerId } = options;
  const members = await findMembers(tx, options.conversationId);
  const ids = new Set(members.map((m) => m.userId));
  if (members.length !== 2 || !ids.has(fanId) || !ids.has(performerId)) throw notFound('That conversation');
  const blocked = await findBlockedPairs(tx, [{ performerId, fanId }]);
  if (blocked.size > 0) {
    throw new AppError('FORBIDDEN', 'You have been blocked by this creator, so you cannot message them.');
  }
  return insertMessage(tx, {
    conversationId: options.conversationId,
    senderId: fanId,
    recipientId: performerId,
    type: 'tip',
    text: `tipped ${(options.amountCents / 100).toFixed(2)}`,
    priceCents: 0,
    tipAmountCents: options.amountCents,
    fileIds: [],
    now: options.now,
  });
}

/**
 * Messages for one member: files, and the content gate for paid ones (the sender always sees
 * theirs; free messages are open; paid ones only after the viewer bought them). A fixed number of
 * queries for the whole page.
 */
async function presentThread(
  ctx: AppContext,
  options: { viewer: Viewer; members: Pick<MemberConversation, 'me' | 'other'>; rows: MessageRow[] },
): Promise<TMessage[]> {
  const { viewer, members, rows } = options;
  // Only paid messages of the other person need the content gate; the rest a member sees as is.
  const gated = rows.filter((r) => r.priceCents > 0 && r.senderId !== viewer.id && !r.isDeleted);
  const [filesByMessage, access] = await Promise.all([
    loadMessageFiles(
      ctx.db.db,
      // Text and tip messages carry no files: a page of chat text needs no file query.
      rows.filter((r) => !r.isDeleted && r.type !== 'text' && r.type !== 'tip').map((r) => r.id),
    ),
    decideContentAccess(ctx, {
      // The gate reads only who the viewer is and their role.
      actor: { id: viewer.id, role: viewer.role, sessionId: '', status: 'active' },
      items: gated.map((r) => ({
        id: r.id,
        type: 'message' as const,
        ownerId: r.senderId,
        isSale: true,
        priceCents: r.priceCents,
        isPublic: false,
      })),
    }),
  ]);
  return rows.map((row) => {
    const decision = access.get(row.id);
    return presentMessage(row, {
      files: filesByMessage.get(row.id) ?? [],
      canView: decision ? decision.canView : true,
      isBought: decision?.reason === 'purchased',
      isSeen:
        row.senderId === viewer.id ? row.seq <= members.other.lastReadSeq : row.seq <= members.me.lastReadSeq,
      sign: sign(ctx),
    });
  });
}

/** Presents conversations of one viewer: parties, send decisions and presence in a fixed number of reads. */
async function presentConversations(
  ctx: AppContext,
  options: {
    viewer: Viewer;
    rows: {
      conversation: ConversationRow;
      me: { unreadCount: number; otherUserId: string };
      lastMessage: MessageRow | null;
    }[];
  },
): Promise<TConversation[]> {
  const { viewer, rows } = options;
  const otherIds = rows.map((r) => r.me.otherUserId);
  const parties = await findParties(ctx.db.db, otherIds);
  const [decisions, online] = await Promise.all([
    decideSendMany(ctx, { viewer, others: [...parties.values()] }),
    ctx.realtime.presence.onlineOf(otherIds).catch((err) => {
      ctx.log.warn({ err }, 'presence is not available');
      return new Set<string>();
    }),
  ]);
  return rows.flatMap((row) => {
    const party = parties.get(row.me.otherUserId);
    const decision = decisions.get(row.me.otherUserId);
    if (!party || !decision) return [];
    return [
      presentConversation({
        conversation: row.conversation,
        me: row.me,
        party,
        lastMessage: row.lastMessage,
        decision,
        isOnline: online.has(party.user.id),
      }),
    ];
  });
}

/** `GET /conversations` and `/conversations/search`: the actor's conversations, latest activity first. */
export async function listConversations(
  ctx: AppContext,
  options: { actor: Actor; offset: number; limit: number; q?: string },
): Promise<Page<TConversation>> {
  const { actor } = options;
  const { rows, total } = await listMemberConversations(ctx.db.db, {
    userId: actor.id,
    q: options.q || undefined,
    offset: options.offset,
    limit: options.limit,
  });
  const data = await presentConversations(ctx, {
    viewer: actor,
    rows: rows.map((r) => ({ conversation: r.conversation, me: r.member, lastMessage: r.lastMessage })),
  });
  return { data, total };
}

async function presentOneConversation(
  ctx: AppContext,
  viewer: Viewer,
  found: MemberConversation,
): Promise<TConversation> {
  const lastMessage = found.conversation.lastMessageId
    ? await findMessageById(ctx.db.db, found.conversation.lastMessageId)
    : null;
  const [one] = await presentConversations(ctx, {
    viewer,
    rows: [{ conversation: found.conversation, me: found.me, lastMessage }],
  });
  if (!one) throw notFound('That conversation');
  return one;
}

/** One conversation of the actor's; anyone else's (or a missing) id is 404. */
export async function getConversation(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TConversation> {
  const view = await findMemberConversationView(ctx, { actor: options.actor, conversationId: options.id });
  const lastMessage = view.conversation.lastMessageId
    ? await findMessageById(ctx.db.db, view.conversation.lastMessageId)
    : null;
  const online = await ctx.realtime.presence.onlineOf([view.party.user.id]).catch((err) => {
    ctx.log.warn({ err }, 'presence is not available');
    return new Set<string>();
  });
  return presentConversation({
    conversation: view.conversation,
    me: view.me,
    party: view.party,
    lastMessage,
    decision: view.decision,
    isOnline: online.has(view.party.user.id),
  });
}

/**
 * Starts or reuses the actor's conversation with someone. `performer`: anyone may open one with a
 * creator they may see. `user`: a creator may open one with a fan who follows them, is or was
 * subscribed, or already talks with them. Never with oneself. A fan blocked by the creator cannot
 * start a new one (an existing one is answered, read-only).
 */
export async function startConversation(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TConversationCreate },
): Promise<TConversation> {
  const { actor, country, input } = options;
  const key = input.sourceId.toLowerCase();
  const me = actor.user;
  if (key === actor.id.toLowerCase() || (me?.username && key === me.username.toLowerCase())) {
    throw unprocessable('You cannot message yourself.');
  }
  let otherId: string;
  if (input.source === 'performer') {
    otherId = (await findVisiblePerformer(ctx, { actor, country, idOrUsername: input.sourceId })).user.id;
  } else {
    if (actor.role !== 'performer') {
      throw new AppError('FORBIDDEN', 'Only creators can start a conversation with a fan.');
    }
    const user = await findUserByIdOrUsername(ctx.db.db, input.sourceId);
    if (!user || user.role === 'admin') throw notFound('That person');
    otherId = user.id;
  }
  if (otherId === actor.id) throw unprocessable('You cannot message yourself.');

  const existing = await findConversationOfPair(ctx.db.db, { a: actor.id, b: otherId });
  if (!existing) {
    if (input.source === 'user' && !(await isFanOf(ctx.db.db, { fanId: otherId, performerId: actor.id }))) {
      throw new AppError(
        'FORBIDDEN',
        'You can message a fan once they follow you, subscribe to you or write to you.',
      );
    }
    const { decision } = await decideSendTo(ctx, { viewer: actor, otherId });
    if (decision.isBlocked)
      throw new AppError('FORBIDDEN', decision.reason ?? 'You cannot message this person.');
    const now = ctx.clock.now();
    await ctx.db.db.transaction((tx) => findOrCreateConversation(tx, { a: actor.id, b: otherId, now }));
  }
  const conversation = existing ?? (await findConversationOfPair(ctx.db.db, { a: actor.id, b: otherId }));
  if (!conversation) throw notFound('That conversation');
  return getConversation(ctx, { actor, id: conversation.id });
}

/**
 * `GET /messages/conversations/{id}`: pages of 25 counted from the newest, each oldest first; with
 * `after`, the messages newer than that one (the catch-up after a reconnect). `total` is the
 * number of messages in the conversation (deleted ones keep their place).
 */
export async function listMessages(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string; query: TMessageListQuery },
): Promise<Page<TMessage> & { otherMemberId: string }> {
  const { actor, query } = options;
  const found = await findMemberConversation(ctx, { actor, conversationId: options.conversationId });
  const page = { conversationId: found.conversation.id, viewerId: actor.id, limit: query.limit };
  let afterSeq: number | null = null;
  if (query.after) {
    const after = await findMemberMessage(ctx, { actor, messageId: query.after });
    if (after.conversation.id !== found.conversation.id) {
      throw unprocessable('The message given in "after" is not part of this conversation.');
    }
    afterSeq = after.message.seq;
  }
  // One statement for the page: messages, their files and the gate's facts of paid ones.
  const rows = await loadThreadPage(
    ctx.db,
    afterSeq === null ? { ...page, offset: query.offset } : { ...page, afterSeq },
  );
  return {
    data: rows.map((row) => {
      const { message } = row;
      // The content gate of a paid message of the other member's (decideOne): bought, and its
      // sender has not blocked the viewer; admins see all; the rest is open.
      const gated = message.priceCents > 0 && message.senderId !== actor.id && !message.isDeleted;
      const isAdmin = actor.role === 'admin';
      const isBought = gated && !isAdmin && !row.blocked && row.bought;
      return presentMessage(message, {
        files: row.files,
        canView: !gated || isAdmin || isBought,
        isBought,
        isSeen:
          message.senderId === actor.id
            ? message.seq <= found.other.lastReadSeq
            : message.seq <= found.me.lastReadSeq,
        sign: sign(ctx),
      });
    }),
    total: found.conversation.lastSeq,
    otherMemberId: found.other.userId,
  };
}

/**
 * Sends a message in a conversation of the actor's: plain text, files uploaded before, a price
 * from creators only. Refused (403, with the reason) when the actor may not write to the other
 * member. Both members get it live after it is saved; the recipient's unread total follows.
 */
export async function sendMessage(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string; input: TMessageCreate },
): Promise<TMessage> {
  const { actor, input } = options;
  // One statement: membership, the other person and the send decision's facts.
  const { conversationId, otherId, decision } = await findMemberSendDecision(ctx, {
    actor,
    conversationId: options.conversationId,
  });
  if (!decision.canSend)
    throw new AppError('FORBIDDEN', decision.reason ?? 'You cannot message this person.');
  const content = await prepareContent(ctx, { sender: actor, ...input });
  // One statement too (a data-modifying WITH): the number, the message, its files, the counts.
  const message = await insertMessage(ctx.db, {
    conversationId,
    senderId: actor.id,
    recipientId: otherId,
    type: messageTypeOf(content.files),
    text: content.text,
    priceCents: content.priceCents,
    fileIds: content.files.map((f) => f.id),
    now: ctx.clock.now(),
  });
  await announceNewMessage(ctx, { message, recipientId: otherId, files: content.files });
  return presentMessage(message, {
    files: content.files,
    canView: true,
    isBought: false,
    isSeen: false,
    sign: sign(ctx),
  });
}

/**
 * Deletes one's own message: it stays in place as "Message deleted!" without files for everyone,
 * live on both sides. Only the sender may; for the other member it is 403, for anyone else 404.
 */
export async function deleteMessage(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TMessage> {
  const { actor } = options;
  const found = await findMemberMessage(ctx, { actor, messageId: options.id });
  if (found.message.senderId !== actor.id) {
    throw new AppError('FORBIDDEN', 'You can only delete your own messages.');
  }
  const row = (await markMessageDeleted(ctx.db.db, { id: found.message.id, now: ctx.clock.now() })) ?? {
    ...found.message,
    isDeleted: true,
  };
  const [view] = await presentThread(ctx, { viewer: actor, members: found, rows: [row] });
  announceDeletedMessage(ctx, { message: view!, memberIds: [found.me.userId, found.other.userId] });
  return view!;
}

/** `GET /messages/total-unread-messages`. */
export async function getUnreadTotal(ctx: AppContext, options: { actor: Actor }) {
  return { total: await unreadTotalOf(ctx.db, options.actor.id) };
}

/**
 * Opening a conversation marks all of it read for the actor (unseen 0). Both members hear of it
 * (the other can show "seen"), and the actor's unread total follows.
 */
export async function readConversation(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string },
): Promise<TConversation> {
  const { actor } = options;
  const found = await findMemberConversation(ctx, { actor, conversationId: options.conversationId });
  const read = await markConversationRead(ctx.db.db, {
    conversationId: found.conversation.id,
    userId: actor.id,
    now: ctx.clock.now(),
  });
  const members = await findMembers(ctx.db.db, found.conversation.id);
  announceConversationRead(ctx, {
    conversationId: found.conversation.id,
    readerId: actor.id,
    unseenByMember: new Map(members.map((m) => [m.userId, m.unreadCount])),
  });
  if (read) announceUnreadTotal(ctx, actor.id, read.unreadTotal);
  return presentOneConversation(ctx, actor, { ...found, me: read?.member ?? found.me });
}

/** Where one file of a message stands (the recipient polls it while a video is processed). Members only. */
export async function getMessageFileStatus(
  ctx: AppContext,
  options: { actor: Actor; id: string; fileId: string },
): Promise<TMediaFileStatus> {
  const found = await findMemberMessage(ctx, { actor: options.actor, messageId: options.id });
  const files = found.message.isDeleted
    ? []
    : ((await loadMessageFiles(ctx.db.db, [found.message.id])).get(found.message.id) ?? []);
  const file = files.find((f) => f.id === options.fileId);
  if (!file) throw notFound('That file');
  return presentFileStatus(file);
}

const photoLimit = mediaUploadKinds['message-photo'];

/**
 * A chat upload through the media pipeline (sniffed, images re-encoded, videos transcoded by the
 * job). `any` (the generic upload route) decides photo or video from the bytes. Every chat file
 * is private: only signed URLs reach it.
 */
export async function uploadMessageFile(
  ctx: AppContext,
  options: { actor: Actor; kind: TMessageUploadKind | 'any'; upload: TempUpload },
): Promise<TMediaFile> {
  let kind = options.kind;
  if (kind === 'any') {
    const type = await sniffFile(options.upload.path);
    kind = type && isAcceptedImageType(type.mime) ? 'message-photo' : 'message-video';
    if (kind === 'message-photo' && options.upload.size > photoLimit.maxBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `This photo is too large; the limit is ${Math.round(photoLimit.maxBytes / 1024 / 1024)} MB.`,
      );
    }
  }
  return uploadFeedMedia(ctx, { actor: options.actor, kind, upload: options.upload });
}
