import { z } from 'zod';
import { ZId } from './common';
import { messageMaxLength } from './message-limits';
import { ZMessage } from './messages';

/*
 * Public live shows (issue 11, the slice without media): a creator goes live with a title and a
 * price per session (0 = free for their subscribers), edits it, extends its planned duration and
 * ends it; fans find who is live and see whether they may join.
 */

/** Highest price of one live show, in the site currency (the same bound as a post's). */
export const maxLiveSessionPrice = 10_000;
/** Longest planned duration of one show: a day. */
export const maxLiveSessionMinutes = 24 * 60;
export const maxLiveSessionTitleLength = 100;

const priceLimitMessage = `Price must be between 0.00 and ${maxLiveSessionPrice.toFixed(2)}.`;

const ZLiveTitle = z
  .string({ message: 'The title must be text.' })
  .trim()
  .min(1, { message: 'Give the live show a title.' })
  .max(maxLiveSessionTitleLength, {
    message: `The title can be at most ${maxLiveSessionTitleLength} characters.`,
  });

// Out-of-range prices are refused with the limit, never clamped.
const ZLivePrice = z
  .number({ message: 'Price must be a number, like 5.00.' })
  .min(0, { message: priceLimitMessage })
  .max(maxLiveSessionPrice, { message: priceLimitMessage })
  .multipleOf(0.01, { message: 'Price can have at most two decimals.' });

const ZLiveDuration = z
  .number({ message: 'The duration must be a number of minutes.' })
  .int({ message: 'The duration must be a whole number of minutes.' })
  .min(1, { message: 'The duration must be at least 1 minute.' })
  .max(maxLiveSessionMinutes, {
    message: `The duration can be at most ${maxLiveSessionMinutes} minutes.`,
  });

/** `POST /streaming/live`: go live. */
export const ZGoLiveRequest = z
  .object({
    title: ZLiveTitle,
    price: ZLivePrice.default(0),
    durationMinutes: ZLiveDuration.optional(),
  })
  .strict();
export type TGoLiveRequest = z.infer<typeof ZGoLiveRequest>;

/** `PUT /streaming/live/{id}`: change the title or the price of one's own show while it is live. */
export const ZEditLiveRequest = z
  .object({ title: ZLiveTitle.optional(), price: ZLivePrice.optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.price !== undefined, {
    message: 'Say what to change: the title or the price.',
  });
export type TEditLiveRequest = z.infer<typeof ZEditLiveRequest>;

/** `PUT /streaming/set-duration`: the planned duration only grows (checked against the show). */
export const ZSetLiveDurationRequest = z.object({ streamId: ZId, durationMinutes: ZLiveDuration }).strict();
export type TSetLiveDurationRequest = z.infer<typeof ZSetLiveDurationRequest>;

export const ZLiveSessionParams = z.object({ id: ZId });

/** `GET /streaming/user/search`: who is live now, newest show first. */
export const ZLiveSessionSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only this creator's show. */
  performerId: ZId.optional(),
});
export type TLiveSessionSearchQuery = z.infer<typeof ZLiveSessionSearchQuery>;

export const ZLiveSession = z.object({
  _id: ZId,
  performer: z.object({ _id: ZId, name: z.string(), username: z.string().nullable(), avatar: z.string() }),
  title: z.string(),
  /** Per session; 0 means free for the creator's subscribers. */
  price: z.number(),
  status: z.enum(['live', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  plannedDurationMinutes: z.number().int().nullable(),
  /** The viewer may join now: the show is live and they are its creator, or a subscriber who paid what it costs. */
  canJoin: z.boolean(),
  /** The viewer may read the show's chat (the same people as `canJoin`, also after the show ended). */
  canReadChat: z.boolean(),
  /** The viewer bought this session (priced shows only). */
  isPaid: z.boolean(),
  /** The viewer is the show's creator. */
  isOwner: z.boolean(),
  /** The show's public chat (`/messages/stream/{conversationId}`); null for shows started before chats existed. */
  conversationId: ZId.nullable(),
  /** People watching now (the creator not counted); only on `GET /streaming/{id}`, null in lists. */
  viewerCount: z.number().int().nullable(),
  /** The creator muted the viewer in this show: they read the chat but cannot post. */
  isMuted: z.boolean(),
  /** The creator removed the viewer from this show: no chat, no video. */
  isRemoved: z.boolean(),
});
export type TLiveSession = z.infer<typeof ZLiveSession>;

/** `POST /streaming/agora/token`: a fresh Agora RTC token for a show the caller may join now. */
export const ZAgoraTokenRequest = z
  .object({
    streamId: ZId.describe('The live show whose channel to join.').optional(),
    callId: ZId.describe('The live call or private show whose channel to join.').optional(),
  })
  .strict()
  .refine((body) => (body.streamId === undefined) !== (body.callId === undefined), {
    message: 'Give either streamId (a live show) or callId (a call or private show), one of them.',
  });
export type TAgoraTokenRequest = z.infer<typeof ZAgoraTokenRequest>;

/**
 * An Agora RTC token for one person in one channel (the show's id). The creator's token may
 * publish; a viewer's may only join and watch. Short-lived: ask again before `expiresAt`.
 */
export const ZAgoraToken = z.object({
  appId: z.string(),
  channel: z.string(),
  /** The numeric Agora uid the token is bound to (derived from the user id). */
  uid: z.number().int(),
  token: z.string(),
  role: z.enum(['publish', 'watch']),
  expiresAt: z.string(),
});
export type TAgoraToken = z.infer<typeof ZAgoraToken>;

/** One ICE server for RTCPeerConnection; TURN entries carry coturn REST-API credentials minted per grant. */
export const ZLiveIceServer = z.object({
  urls: z.string(),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TLiveIceServer = z.infer<typeof ZLiveIceServer>;

/** Through the Janus of this server: signed tokens for its WebSocket API. */
export const ZJanusMediaGrant = z.object({
  provider: z.literal('janus'),
  /** The WebSocket URL of Janus (our proxy on the site's own port). */
  url: z.string(),
  room: z.string(),
  /** Signs every request of this person's Janus session (realm `janus`). */
  token: z.string(),
  /** Lets this person join the room (realm `janus.plugin.videoroom`). */
  roomToken: z.string(),
  /** The publisher id: the creator publishes as it, viewers subscribe to it. */
  feed: z.string(),
  role: z.enum(['publish', 'watch']),
  iceServers: z.array(ZLiveIceServer),
  /** When the tokens stop working. */
  expiresAt: z.string(),
});

const ZAgoraMediaGrant = ZAgoraToken.extend({
  provider: z.literal('agora'),
  /** The creator's Agora uid: the one stream viewers subscribe to. */
  feedUid: z.number().int(),
});

/**
 * Peer to peer, without a media server: the creator's page sends to each viewer directly (a mesh of
 * at most `maxViewers`), signalling through our socket (`live/join`, `live/signal`, `live/leave`).
 */
export const ZP2pMediaGrant = z.object({
  provider: z.literal('p2p'),
  /** The show's id: every signalling event names it. */
  room: z.string(),
  /** The creator's user id: viewers signal to it, and the creator's page answers as it. */
  feed: z.string(),
  role: z.enum(['publish', 'watch']),
  iceServers: z.array(ZLiveIceServer),
  maxViewers: z.number().int(),
  /** When the TURN credentials stop working; the page asks again before. */
  expiresAt: z.string(),
});

/**
 * `GET /streaming/join/{id}`: what the browser needs to publish (the creator) or watch (an entitled
 * viewer) the show's video, through our Janus, peer to peer from the creator's browser, or, when the admin enabled it, through Agora. The
 * tokens are short leases; the page asks again before they end.
 */
export const ZLiveMediaGrant = z.discriminatedUnion('provider', [
  ZJanusMediaGrant,
  ZP2pMediaGrant,
  ZAgoraMediaGrant,
]);
export type TP2pMediaGrant = z.infer<typeof ZP2pMediaGrant>;
export type TLiveMediaGrant = z.infer<typeof ZLiveMediaGrant>;
export type TJanusMediaGrant = z.infer<typeof ZJanusMediaGrant>;
export type TAgoraMediaGrant = z.infer<typeof ZAgoraMediaGrant>;

/** Who wrote a stream chat message, as everyone in the show sees them. */
export const ZStreamChatAuthor = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
});

/** A message of a show's public chat: a text, or a highlighted tip (`type: 'tip'`, `tipAmount`). */
export const ZStreamMessage = ZMessage.extend({ sender: ZStreamChatAuthor });
export type TStreamMessage = z.infer<typeof ZStreamMessage>;

/** `POST /messages/stream/{conversationId}`: plain text only (no files, no price in a show's chat). */
export const ZStreamMessageCreate = z
  .object({
    text: z
      .string({ message: 'The message must be text.' })
      .trim()
      .min(1, { message: 'Write a message first.' })
      .max(messageMaxLength, { message: `A message can be at most ${messageMaxLength} characters.` }),
  })
  .strict();
export type TStreamMessageCreate = z.infer<typeof ZStreamMessageCreate>;

/** `GET /messages/stream/{conversationId}`: the newest messages (offset 0 = newest page), oldest first. */
export const ZStreamMessageListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TStreamMessageListQuery = z.infer<typeof ZStreamMessageListQuery>;

/** `GET /conversations/stream/performer/{performerId}`: the chat of the creator's show that is live now. */
export const ZStreamConversation = z.object({
  _id: ZId,
  type: z.literal('stream'),
  streamId: ZId,
  performerId: ZId,
  status: z.enum(['live', 'ended']),
  /** The viewer may post now, and why not (a sentence) when not. */
  canSend: z.boolean(),
  cannotSendReason: z.string().nullable(),
  isOwner: z.boolean(),
});
export type TStreamConversation = z.infer<typeof ZStreamConversation>;

export const ZStreamConversationParams = z.object({ id: ZId });
export const ZStreamPerformerParams = z.object({ id: ZId });
/** `/streaming/live/{id}/viewers/{userId}/mute|remove`: the creator moderates one viewer of their show. */
export const ZLiveViewerParams = z.object({ id: ZId, userId: ZId });

export const ZLiveViewerModeration = z.object({
  userId: ZId,
  isMuted: z.boolean(),
  isRemoved: z.boolean(),
});
export type TLiveViewerModeration = z.infer<typeof ZLiveViewerModeration>;
