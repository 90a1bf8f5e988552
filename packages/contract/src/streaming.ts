import { z } from 'zod';
import { ZId } from './common';

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
  /** The viewer bought this session (priced shows only). */
  isPaid: z.boolean(),
  /** The viewer is the show's creator. */
  isOwner: z.boolean(),
});
export type TLiveSession = z.infer<typeof ZLiveSession>;

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
 * viewer) the show's video. The tokens are short leases; the page asks again before they end.
 */
export const ZLiveMediaGrant = z.discriminatedUnion('provider', [ZJanusMediaGrant, ZP2pMediaGrant]);
export type TJanusMediaGrant = z.infer<typeof ZJanusMediaGrant>;
export type TP2pMediaGrant = z.infer<typeof ZP2pMediaGrant>;
export type TLiveMediaGrant = z.infer<typeof ZLiveMediaGrant>;
