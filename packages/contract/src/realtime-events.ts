/*
 * The socket.io event names (spec section 7 "Realtime socket"; ARCHITECTURE.md "Realtime"), without
 * zod so every page can carry them; the payloads' schemas are in realtime.ts. The server sends each
 * person their own view of an event (a paid message is locked for the fan and open for the creator),
 * so payloads are ready to put on screen without a refetch.
 */

/** Client → server. */
export const clientEvents = {
  /** Sent after every (re)connect: `{ token }`; without a token the handshake cookie is used. */
  authLogin: 'auth/login',
  /** `{ streamId }`: enter a show's room (checked by the show's access gate); acked. */
  streamJoin: 'stream/join',
  /** `{ streamId }`: leave it. */
  streamLeave: 'stream/leave',
  /** Peer-to-peer live video: enter a show's mesh (`{ sessionId }`, answered by an ack). */
  liveJoin: 'live/join',
  /** Peer-to-peer live video: an offer, answer or ICE candidate for one peer of the show. */
  liveSignal: 'live/signal',
  /** Peer-to-peer live video: leave a show's mesh. */
  liveLeave: 'live/leave',
  /**
   * Peer-to-peer video of a live, paid call or private show: enter its pair (`{ sessionId }` = the
   * call's id, answered by an ack). The server answers with the same `live/peer`, `live/signal`,
   * `live/close` and `live/error` events as for shows.
   */
  callMediaJoin: 'call/media-join',
  /** Peer-to-peer call video: an offer, answer or ICE candidate for the other person of the call. */
  callMediaSignal: 'call/media-signal',
  /** Peer-to-peer call video: leave the call's pair (the page closed its video). */
  callMediaLeave: 'call/media-leave',
} as const;

/** Server → client. */
export const serverEvents = {
  /** Answer to `auth/login` and to an authenticated handshake: who the socket is now. */
  authResult: 'auth/result',
  messageCreated: 'message/created',
  messageDeleted: 'message/deleted',
  /** The viewer's total of unseen messages changed. */
  unreadTotal: 'message/unread-total',
  /** A member opened the conversation: the viewer's unseen count for it, and the reader. */
  conversationRead: 'conversation/read',
  /** The viewer's wallet balance changed (top-up confirmed, charge, refund). */
  balanceChanged: 'wallet/balance',
  /** A passing notice (a top-up's outcome) shown as a toast and not kept. */
  notification: 'notification',
  /** A notification of the centre was written for the viewer: the bell adds it. */
  notificationCreated: 'notification/created',
  /** The viewer read notifications in some tab: every other tab follows. */
  notificationRead: 'notification/read',
  /** In a show's room: a new chat message or tip. */
  streamMessage: 'stream/message',
  /** In a show's room: the creator cleared the chat. */
  streamCleared: 'stream/cleared',
  /** In a show's room: how many people watch now (the creator not counted). */
  streamViewers: 'stream/viewers',
  /** To one viewer: the creator muted or unmuted them, or removed them from the show. */
  streamModerated: 'stream/moderated',
  /** A call rings at the creator. */
  callRinging: 'call/ringing',
  /** A call or private show changed state (both sides). */
  callUpdated: 'call/updated',
  /** A live call or show ended; the reason, and for the fan a top-up offer when money ran out. */
  callEnded: 'call/ended',
  /** Peer-to-peer live video, to the creator's page: a viewer entered the mesh and waits for an offer. */
  livePeer: 'live/peer',
  /** Peer-to-peer live video: a signal relayed from the other side of one connection. */
  liveSignal: 'live/signal',
  /** Peer-to-peer live video: close the connection with this peer (show ended, entitlement ended, peer left). */
  liveClose: 'live/close',
  /** Peer-to-peer live video: a signalling event was refused (bad shape, not allowed); nothing was relayed. */
  liveError: 'live/error',
} as const;
