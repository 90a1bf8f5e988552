import type {
  TLiveSession,
  TLiveViewerModeration,
  TStreamConversation,
  TStreamMessage,
  TStreamMessageCreate,
  TStreamMessageListQuery,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import {
  appendStreamMessage,
  clearStreamMessages,
  findStreamMessages,
  listStreamMessages,
  presentStreamMessage,
} from '../messages/messages.stream';
import { userRoom } from '../realtime/realtime.hub';
import { P2pMedia } from './media/p2p-media';
import { announceViewerCount, sendToShow, streamRoom } from './streaming.realtime';
import {
  findLiveSessionIdByConversation,
  findLiveSessionIdOfPerformer,
  findOwnLiveSession,
  upsertModeration,
  userExists,
} from './streaming.repo';
import { getLiveSession, notEntitled } from './streaming.service';

/*
 * A live show's public chat, its tips and the creator's moderation. Every entry goes through
 * `getLiveSession`, the streaming module's one access gate, so the chat admits exactly the people
 * the video admits (and keeps admitting them, read-only, after the show ended).
 */

const missingChat = () => notFound('That live chat');
const readOnly = () => new AppError('CONFLICT', 'This live show has ended; its chat is read-only.');
const mutedSentence = 'The creator muted you in this show: you can read the chat but not post.';

/** The show of a stream conversation, as the actor may see it: 404 when missing or hidden, 403 when not entitled. */
async function showOfChat(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string },
): Promise<TLiveSession & { conversationId: string }> {
  const sessionId = await findLiveSessionIdByConversation(ctx.db.db, options.conversationId);
  if (!sessionId) throw missingChat();
  return readableShow(ctx, { actor: options.actor, sessionId });
}

/** The show when the actor may read its chat (else 404 / 403 from the gate). */
export async function readableShow(
  ctx: AppContext,
  options: { actor: Actor; sessionId: string },
): Promise<TLiveSession & { conversationId: string }> {
  // Chat follows the show page: a viewer the creator's country block hides never reaches that page.
  const show = await getLiveSession(ctx, { actor: options.actor, country: null, id: options.sessionId });
  if (!show.canReadChat) throw notEntitled(show);
  if (!show.conversationId) throw new AppError('NOT_FOUND', 'This live show has no chat.');
  return { ...show, conversationId: show.conversationId };
}

function presentConversation(show: TLiveSession & { conversationId: string }): TStreamConversation {
  const reason =
    show.status !== 'live'
      ? 'This live show has ended; its chat is read-only.'
      : show.isMuted
        ? mutedSentence
        : null;
  return {
    _id: show.conversationId,
    type: 'stream',
    streamId: show._id,
    performerId: show.performer._id,
    status: show.status,
    canSend: reason === null,
    cannotSendReason: reason,
    isOwner: show.isOwner,
  };
}

/** The chat of the show the creator is live with now (`GET /conversations/stream/performer/{id}`). */
export async function getStreamConversationOfPerformer(
  ctx: AppContext,
  options: { actor: Actor; performerId: string },
): Promise<TStreamConversation> {
  const sessionId = await findLiveSessionIdOfPerformer(ctx.db.db, options.performerId);
  if (!sessionId) throw new AppError('NOT_FOUND', 'This creator is not live right now.');
  return presentConversation(await readableShow(ctx, { actor: options.actor, sessionId }));
}

/** The newest messages of a show's chat for an entitled person. */
export async function listStreamChat(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string; query: TStreamMessageListQuery },
): Promise<{ data: TStreamMessage[]; total: number }> {
  const show = await showOfChat(ctx, options);
  const rows = await listStreamMessages(ctx.db.db, {
    conversationId: show.conversationId,
    offset: options.query.offset,
    limit: options.query.limit,
  });
  return { data: rows.map(presentStreamMessage), total: rows.length };
}

async function announceMessage(ctx: AppContext, options: { sessionId: string; messageId: string }) {
  try {
    const [row] = await findStreamMessages(ctx.db.db, [options.messageId]);
    if (row) {
      sendToShow(ctx, options.sessionId, 'stream/message', {
        streamId: options.sessionId,
        message: presentStreamMessage(row),
      });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'could not announce a stream message');
  }
}

/** Posts a text message to a live show's chat: entitled, live, not muted. */
export async function postStreamChat(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string; input: TStreamMessageCreate },
): Promise<TStreamMessage> {
  const show = await showOfChat(ctx, options);
  if (show.status !== 'live') throw readOnly();
  if (show.isMuted) throw new AppError('FORBIDDEN', mutedSentence);
  const now = ctx.clock.now();
  const message = await ctx.db.db.transaction((tx) =>
    appendStreamMessage(tx, {
      conversationId: show.conversationId,
      senderId: options.actor.id,
      type: 'text',
      text: options.input.text,
      now,
    }),
  );
  const [row] = await findStreamMessages(ctx.db.db, [message.id]);
  const presented = presentStreamMessage(row!);
  sendToShow(ctx, show._id, 'stream/message', { streamId: show._id, message: presented });
  return presented;
}

/** The creator clears their live show's chat for everyone. */
export async function clearStreamChat(
  ctx: AppContext,
  options: { actor: Actor; conversationId: string },
): Promise<{ removed: number }> {
  const show = await showOfChat(ctx, options);
  if (!show.isOwner) throw new AppError('FORBIDDEN', 'Only the creator of this show can clear its chat.');
  if (show.status !== 'live') throw readOnly();
  const removed = await clearStreamMessages(ctx.db.db, {
    conversationId: show.conversationId,
    now: ctx.clock.now(),
  });
  sendToShow(ctx, show._id, 'stream/cleared', { streamId: show._id });
  return { removed };
}

/**
 * The creator mutes, unmutes or removes one viewer of their live show. A removed viewer's sockets
 * leave the room on every node at once, and the gate refuses them the chat and the video after.
 */
export async function moderateViewer(
  ctx: AppContext,
  options: { actor: Actor; sessionId: string; userId: string; action: 'mute' | 'unmute' | 'remove' },
): Promise<TLiveViewerModeration> {
  const { actor, sessionId, userId, action } = options;
  const session = await findOwnLiveSession(ctx.db.db, { id: sessionId, performerId: actor.id });
  if (!session) throw notFound('That live show');
  if (session.status !== 'live') throw new AppError('CONFLICT', 'This live show has ended.');
  if (userId === actor.id) throw new AppError('UNPROCESSABLE', 'You cannot mute or remove yourself.');
  if (!(await userExists(ctx.db.db, userId))) throw notFound('That viewer');
  const row = await upsertModeration(ctx.db.db, {
    sessionId,
    userId,
    ...(action === 'remove' ? { isRemoved: true as const } : { isMuted: action === 'mute' }),
    now: ctx.clock.now(),
  });
  const result = { userId, isMuted: row.isMuted && !row.isRemoved, isRemoved: row.isRemoved };
  if (row.isRemoved) {
    await cutViewerFromShow(ctx, { sessionId, performerId: actor.id, userId, reason: removedReason });
  } else {
    try {
      ctx.realtime.toUser(userId, 'stream/moderated', { streamId: sessionId, ...result });
    } catch (err) {
      ctx.log.warn({ err }, 'could not tell a show about a moderation');
    }
  }
  return result;
}

const removedReason = 'The creator removed you from this live show.';

/**
 * Takes one person out of a live show now, on every node: they are told (`stream/moderated`), their
 * sockets leave the show's room (chat and counts), and their peer-to-peer seat closes. Janus grants
 * are not renewed because the gate refuses them from then on (removed, or blocked).
 */
export async function cutViewerFromShow(
  ctx: AppContext,
  options: { sessionId: string; performerId: string; userId: string; reason: string },
): Promise<void> {
  const { sessionId, userId } = options;
  try {
    ctx.realtime.toUser(userId, 'stream/moderated', { streamId: sessionId, isMuted: false, isRemoved: true });
    ctx.realtime.io.in(userRoom(userId)).socketsLeave(streamRoom(sessionId));
    if (ctx.media instanceof P2pMedia) ctx.media.remove({ room: sessionId, userId, reason: options.reason });
    await announceViewerCount(ctx, { sessionId, performerId: options.performerId });
  } catch (err) {
    ctx.log.warn({ err }, 'could not cut a viewer from a show');
  }
}

/** A creator blocked this fan: if the creator is live now, the fan is cut from the show at once. */
export async function cutBlockedFanFromShow(
  ctx: AppContext,
  options: { performerId: string; fanId: string },
): Promise<void> {
  const sessionId = await findLiveSessionIdOfPerformer(ctx.db.db, options.performerId);
  if (!sessionId) return;
  await cutViewerFromShow(ctx, {
    sessionId,
    performerId: options.performerId,
    userId: options.fanId,
    reason: 'The creator blocked you, so you can no longer watch this show.',
  });
}

/**
 * For the wallet, before a tip from a show: the show must be one the tipper may chat in, live,
 * and the tipped creator's (else 404/403/409). Answers the chat the "tipped" message goes to.
 */
export async function assertCanTipInShow(
  ctx: AppContext,
  options: { actor: Actor; sessionId: string; performerId: string },
): Promise<{ sessionId: string; conversationId: string }> {
  const show = await readableShow(ctx, { actor: options.actor, sessionId: options.sessionId });
  if (show.performer._id !== options.performerId) throw notFound('That live show');
  if (show.status !== 'live') throw new AppError('CONFLICT', 'This live show has ended.');
  return { sessionId: show._id, conversationId: show.conversationId };
}

/** The highlighted "tipped 5.00" message, in the tip's own transaction. */
export function addStreamTipMessage(
  tx: Transaction,
  options: { conversationId: string; fanId: string; amountCents: number; now: Date },
) {
  return appendStreamMessage(tx, {
    conversationId: options.conversationId,
    senderId: options.fanId,
    type: 'tip',
    text: `tipped $${(options.amountCents / 100).toFixed(2)}`,
    tipAmountCents: options.amountCents,
    now: options.now,
  });
}

/** After the tip committed: the message to everyone in the show. */
export const announceStreamTip = (ctx: AppContext, options: { sessionId: string; messageId: string }) =>
  announceMessage(ctx, options);
