import { z } from 'zod';
import type { TCallEndedEvent, TCallUpdatedEvent } from './calls';
import { ZId } from './common';
import { ZMessage } from './messages';
import type { TNotificationCreatedEvent, TNotificationReadEvent } from './notifications';
import type { ZStreamMessage } from './streaming';

/* The socket.io events' payloads; their names are in realtime-events.ts. */

export const ZAuthLoginPayload = z.object({ token: z.string().max(300).optional() }).strict();
export type TAuthLoginPayload = z.infer<typeof ZAuthLoginPayload>;

export const ZAuthResultEvent = z.object({
  authenticated: z.boolean(),
  userId: ZId.nullable(),
});
export type TAuthResultEvent = z.infer<typeof ZAuthResultEvent>;

export const ZMessageCreatedEvent = z.object({
  conversationId: ZId,
  message: ZMessage,
  /** To the recipient: their unseen messages over all conversations, this one counted. */
  unreadTotal: z.number().int().optional(),
});
export type TMessageCreatedEvent = z.infer<typeof ZMessageCreatedEvent>;

export const ZMessageDeletedEvent = z.object({ conversationId: ZId, message: ZMessage });
export type TMessageDeletedEvent = z.infer<typeof ZMessageDeletedEvent>;

export const ZUnreadTotalEvent = z.object({ total: z.number().int() });
export type TUnreadTotalEvent = z.infer<typeof ZUnreadTotalEvent>;

export const ZConversationReadEvent = z.object({
  conversationId: ZId,
  readerId: ZId,
  /** The receiving viewer's unseen count in that conversation after the read. */
  totalNotSeenMessages: z.number().int(),
});
export type TConversationReadEvent = z.infer<typeof ZConversationReadEvent>;

export const ZBalanceChangedEvent = z.object({ balance: z.number() });
export type TBalanceChangedEvent = z.infer<typeof ZBalanceChangedEvent>;

export const ZNotificationEvent = z.object({
  type: z.enum(['top-up', 'subscription', 'message', 'payout', 'order', 'system']),
  title: z.string(),
  text: z.string(),
  /** A page of the site to open. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotificationEvent = z.infer<typeof ZNotificationEvent>;

export const ZStreamJoinPayload = z.object({ streamId: ZId }).strict();
export type TStreamJoinPayload = z.infer<typeof ZStreamJoinPayload>;
export type TStreamJoinResult = { ok: true; viewerCount: number } | { ok: false; error: string };

export type TStreamMessageEvent = { streamId: string; message: z.infer<typeof ZStreamMessage> };
export type TStreamClearedEvent = { streamId: string };
export type TStreamViewersEvent = { streamId: string; viewerCount: number };
export type TStreamModeratedEvent = { streamId: string; isMuted: boolean; isRemoved: boolean };
const ZSessionDescription = z
  .object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(30_000) })
  .strict();
const ZIceCandidate = z
  .object({
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
    usernameFragment: z.string().max(256).nullish(),
  })
  .strict();

export const ZLiveJoinPayload = z.object({ sessionId: ZId }).strict();
export type TLiveJoinPayload = z.infer<typeof ZLiveJoinPayload>;

/** The ack of `live/join`: the viewers the creator's page should offer to, or the refusal. */
export type TLiveJoinResult =
  | { ok: true; role: 'publish' | 'watch'; peers: string[] }
  | { ok: false; message: string };

/**
 * The ack of `call/media-join`. The creator's page makes the offer (`role: 'offer'`) to the fan when
 * the fan's page is there (`peers`), or when told later by `live/peer`; the fan's page answers.
 */
export type TCallMediaJoinResult =
  | { ok: true; role: 'offer' | 'answer'; peers: string[] }
  | { ok: false; message: string };

/** Client → server: one signal for the peer `to` (the creator, or one of their viewers; in a call, the other person). */
export const ZLiveSignalPayload = z
  .object({
    sessionId: ZId,
    to: ZId,
    description: ZSessionDescription.optional(),
    candidate: ZIceCandidate.optional(),
  })
  .strict()
  .refine((s) => (s.description ? 1 : 0) + (s.candidate ? 1 : 0) === 1, {
    message: 'A signal carries one description or one candidate.',
  });
export type TLiveSignalPayload = z.infer<typeof ZLiveSignalPayload>;

export interface TLivePeerEvent {
  sessionId: string;
  peerId: string;
}
export interface TLiveSignalEvent {
  sessionId: string;
  from: string;
  description?: z.infer<typeof ZSessionDescription>;
  candidate?: z.infer<typeof ZIceCandidate>;
}
export interface TLiveCloseEvent {
  sessionId: string;
  /** The other side of the connection to close; null: every connection of this show. */
  peerId: string | null;
  reason: string;
}
export interface TLiveErrorEvent {
  message: string;
}

/** Payload type of each server event, for typed emit and listen on both ends. */
export interface ServerEventPayloads {
  'auth/result': TAuthResultEvent;
  'message/created': TMessageCreatedEvent;
  'message/deleted': TMessageDeletedEvent;
  'message/unread-total': TUnreadTotalEvent;
  'conversation/read': TConversationReadEvent;
  'wallet/balance': TBalanceChangedEvent;
  notification: TNotificationEvent;
  'notification/created': TNotificationCreatedEvent;
  'notification/read': TNotificationReadEvent;
  'stream/message': TStreamMessageEvent;
  'stream/cleared': TStreamClearedEvent;
  'stream/viewers': TStreamViewersEvent;
  'stream/moderated': TStreamModeratedEvent;
  'call/ringing': TCallUpdatedEvent;
  'call/updated': TCallUpdatedEvent;
  'call/ended': TCallEndedEvent;
  'live/peer': TLivePeerEvent;
  'live/signal': TLiveSignalEvent;
  'live/close': TLiveCloseEvent;
  'live/error': TLiveErrorEvent;
}
export type ServerEventName = keyof ServerEventPayloads;

/** socket.io typed maps (`Server<ClientToServer, ServerToClient>`, `Socket<ServerToClient, ClientToServer>`). */
export type ServerToClientEvents = {
  [K in ServerEventName]: (payload: ServerEventPayloads[K]) => void;
};
export interface ClientToServerEvents {
  'auth/login': (payload: TAuthLoginPayload, ack?: (result: TAuthResultEvent) => void) => void;
  'stream/join': (payload: TStreamJoinPayload, ack?: (result: TStreamJoinResult) => void) => void;
  'stream/leave': (payload: TStreamJoinPayload) => void;
  'live/join': (payload: TLiveJoinPayload, ack?: (result: TLiveJoinResult) => void) => void;
  'live/signal': (payload: TLiveSignalPayload) => void;
  'live/leave': (payload: TLiveJoinPayload) => void;
  'call/media-join': (payload: TLiveJoinPayload, ack?: (result: TCallMediaJoinResult) => void) => void;
  'call/media-signal': (payload: TLiveSignalPayload) => void;
  'call/media-leave': (payload: TLiveJoinPayload) => void;
}
