import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayloads,
  ServerToClientEvents,
} from '@fanstage/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Actor } from '../auth/sessions';
import { createMemoryPresence, createRedisPresence, type Presence } from './realtime.presence';

/*
 * The socket.io server and the one way other modules reach connected people: `toUser` (every tab
 * of a person), `toRoom` (a conversation or a stream), `disconnectSession` (logout),
 * `announceSessionsChanged` (cached sessions to forget on the other nodes), `announceAccountsChanged`
 * (cached account rows to forget: a balance, an avatar, a membership changed), `announceViewsChanged`
 * (cached pages to forget), `handle` and `onDisconnect` (client events, one shared listener a socket).
 * Modules never touch socket.io themselves. With REDIS_URL the Redis adapter carries every emit to the other
 * nodes and presence lives in Redis; without it, one process does both.
 */

export interface SocketData {
  userId: string | null;
  sessionId: string | null;
  /** The person as resolved at the last authentication (live signalling asks the access gates with it). */
  actor: Actor | null;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * What nodes tell each other directly, through the Redis adapter's server-side emits: a person's
 * sessions ended or what their actor carries changed. Kept out of the server's typed events, whose
 * `connection` listener would otherwise lose its socket type.
 */
const sessionsChangedEvent = 'sessionsChanged';
const accountsChangedEvent = 'accountsChanged';
const viewsChangedEvent = 'viewsChanged';
type NodeSignals = Server<
  Record<string, never>,
  Record<string, never>,
  {
    sessionsChanged: (userId: string) => void;
    accountsChanged: (userIds: string[]) => void;
    viewsChanged: (ids: string[]) => void;
  }
>;

/** One connected socket of the typed server. */
export type AppSocket = Parameters<Parameters<RealtimeServer['on']>[1]>[0];

type ClientEventName = keyof ClientToServerEvents & string;
/** A module's answer to one client event: the socket and the event's own arguments (payload, ack). */
export type SocketEventHandler<K extends ClientEventName> = (
  socket: AppSocket,
  ...args: Parameters<ClientToServerEvents[K]>
) => void;

/**
 * Runs each socket's work one piece at a time in the order asked (a piece that fails does not stop
 * the next), so a candidate never overtakes its offer and a login never races the handshake's. The
 * queue of a socket lives only while it has work: an idle socket holds nothing here.
 */
export function inSocketOrder() {
  const last = new WeakMap<AppSocket, Promise<unknown>>();
  return <T>(socket: AppSocket, work: () => Promise<T>): Promise<T> => {
    const next = (last.get(socket) ?? Promise.resolve()).then(work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    last.set(socket, settled);
    void settled.then(() => {
      if (last.get(socket) === settled) last.delete(socket);
    });
    return next;
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

export interface RealtimeHub {
  readonly io: RealtimeServer;
  readonly presence: Presence;
  /** True once `close()` began: work that would query other nodes (counts) is skipped. */
  readonly isClosing: boolean;
  /** False while a Redis connection the hub needs is down (no REDIS_URL: always true). */
  readonly isRedisReady: boolean;
  /** Sends to every connection of each person (each gets the same payload). */
  toUser<K extends ServerEventName>(
    userId: string | string[],
    event: K,
    payload: ServerEventPayloads[K],
  ): void;
  /** Sends to everyone in a room (a conversation or stream room joined after a membership check). */
  toRoom<K extends ServerEventName>(room: string, event: K, payload: ServerEventPayloads[K]): void;
  /** Ends the connections of a session on every node (logout, revoked sessions). */
  disconnectSession(sessionId: string): void;
  /** Ends every connection of a person on every node (account deactivated or deleted). */
  disconnectUser(userId: string): void;
  /**
   * Tells the other nodes that a person's sessions changed (the caller handles its own node). Fire
   * and forget: a node that misses it re-reads the session when its cached copy expires.
   */
  announceSessionsChanged(userId: string): void;
  /** Called on this node for every `announceSessionsChanged` of another node. */
  onSessionsChanged(listener: (userId: string) => void): void;
  /**
   * Tells the other nodes that these people's account rows changed (the caller handles its own
   * node); fire and forget, as above.
   */
  announceAccountsChanged(userIds: string[]): void;
  /** Called on this node for every `announceAccountsChanged` of another node. */
  onAccountsChanged(listener: (userIds: string[]) => void): void;
  /**
   * Tells the other nodes that the cached pages of these people or topics are out of date
   * (lib/view-cache.ts); fire and forget, as above.
   */
  announceViewsChanged(ids: string[]): void;
  /** Called on this node for every `announceViewsChanged` of another node. */
  onViewsChanged(listener: (ids: string[]) => void): void;
  /**
   * Answers one client event of every socket. Every socket has one listener for all events (and one
   * for its end) that calls these: listeners and closures of each module on each socket were memory
   * that 10 000 open sockets kept and every full garbage collection marked again.
   */
  handle<K extends ClientEventName>(event: K, handler: SocketEventHandler<K>): void;
  /** Called for every socket that goes, in the order the modules asked. */
  onDisconnect(handler: (socket: AppSocket) => void): void;
  /** Serves `/socket.io/` on the app's HTTP server (before it listens). */
  attach(server: HttpServer): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl?: string;
  /** Extra browser origins allowed besides the page's own (CORS_ORIGINS). */
  allowedOrigins: string[];
  log: FastifyBaseLogger;
  /** Makes a Redis client (ioredis), so tests and the app share one way of connecting. */
  createRedis?: (url: string) => Redis;
  /** Names this site's channels and keys in Redis (REDIS_PREFIX); default `fanstage`. */
  redisPrefix?: string;
}

/**
 * A browser always sends Origin on a socket handshake; one from another site must not ride on the
 * session cookie (cross-site WebSocket hijacking). Clients without Origin (apps, bench) pass and
 * authenticate with a token.
 */
export function isAllowedOrigin(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export async function createRealtimeHub(options: RealtimeOptions): Promise<RealtimeHub> {
  const io: RealtimeServer = new Server({
    // Spec section 9: the client tries websocket first, then polling.
    transports: ['websocket', 'polling'],
    pingInterval: 20_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
    serveClient: false,
    // Other upgrades (the Janus WebSocket proxy) are answered by their own listener, not ended here.
    destroyUpgrade: false,
    allowRequest: (req, callback) => {
      const allowed = isAllowedOrigin(req, options.allowedOrigins);
      callback(allowed ? null : 'This site does not accept connections from that page.', allowed);
    },
    ...(options.allowedOrigins.length > 0
      ? { cors: { origin: options.allowedOrigins, credentials: true } }
      : {}),
  });

  const handlers = new Map<string, (socket: AppSocket, ...args: unknown[]) => void>();
  const disconnectHandlers: Array<(socket: AppSocket) => void> = [];
  const safely = (work: () => void) => {
    try {
      work();
    } catch (error) {
      options.log.warn({ err: error }, 'a socket event handler failed');
    }
  };
  // Shared by every socket (socket.io calls them with the socket as `this`): no closure per socket.
  function onAnyEvent(this: AppSocket, event: string, ...args: unknown[]) {
    const handler = handlers.get(event);
    if (handler) safely(() => handler(this, ...args));
  }
  function onSocketGone(this: AppSocket) {
    for (const handler of disconnectHandlers) safely(() => handler(this));
  }
  io.on('connection', (socket) => {
    socket.onAny(onAnyEvent);
    socket.on('disconnect', onSocketGone);
  });

  const redisClients: Redis[] = [];
  let presence: Presence;
  if (options.redisUrl && options.createRedis) {
    // Three connections made the same way (the app's factory logs their outages).
    const pub = options.createRedis(options.redisUrl);
    const sub = options.createRedis(options.redisUrl);
    const store = options.createRedis(options.redisUrl);
    redisClients.push(pub, sub, store);
    const prefix = options.redisPrefix ?? 'fanstage';
    io.adapter(createAdapter(pub, sub, { key: `${prefix}-socket`, requestsTimeout: 3000 }));
    presence = createRedisPresence(store, undefined, prefix);
  } else {
    presence = createMemoryPresence();
  }

  let isClosing = false;
  // Set when the Redis clients are quitting: an emit after that would reject inside the adapter
  // (nobody awaits it), so the last events of a closing node (a viewer count on a disconnect) are dropped.
  let isSendingStopped = false;
  return {
    io,
    presence,
    get isClosing() {
      return isClosing;
    },
    get isRedisReady() {
      return redisClients.every((client) => client.status === 'ready');
    },
    toUser(userId, event, payload) {
      if (isSendingStopped) return;
      const rooms = Array.isArray(userId) ? userId.map(userRoom) : userRoom(userId);
      // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed emit cannot follow the generic K.
      (io.to(rooms).emit as any)(event, payload);
    },
    toRoom(room, event, payload) {
      if (isSendingStopped) return;
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      (io.to(room).emit as any)(event, payload);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    announceSessionsChanged(userId) {
      // One process has no other node (and the in-memory adapter only warns).
      if (isSendingStopped || redisClients.length === 0) return;
      (io as unknown as NodeSignals).serverSideEmit(sessionsChangedEvent, userId);
    },
    onSessionsChanged(listener) {
      (io as unknown as NodeSignals).on(sessionsChangedEvent, (userId) => {
        if (typeof userId === 'string') listener(userId);
      });
    },
    announceAccountsChanged(userIds) {
      if (isSendingStopped || redisClients.length === 0 || userIds.length === 0) return;
      (io as unknown as NodeSignals).serverSideEmit(accountsChangedEvent, userIds);
    },
    onAccountsChanged(listener) {
      (io as unknown as NodeSignals).on(accountsChangedEvent, (userIds) => {
        if (Array.isArray(userIds)) listener(userIds.filter((id) => typeof id === 'string'));
      });
    },
    announceViewsChanged(ids) {
      if (isSendingStopped || redisClients.length === 0 || ids.length === 0) return;
      (io as unknown as NodeSignals).serverSideEmit(viewsChangedEvent, ids);
    },
    onViewsChanged(listener) {
      (io as unknown as NodeSignals).on(viewsChangedEvent, (ids) => {
        if (Array.isArray(ids)) listener(ids.filter((id) => typeof id === 'string'));
      });
    },
    handle(event, handler) {
      if (handlers.has(event)) throw new Error(`socket event ${event} already has a handler`);
      handlers.set(event, handler as (socket: AppSocket, ...args: unknown[]) => void);
    },
    onDisconnect(handler) {
      disconnectHandlers.push(handler);
    },
    attach(server) {
      io.attach(server);
    },
    async close() {
      isClosing = true;
      await presence.close();
      // Closing the engine drops every transport, so clients see "transport close" and retry (to
      // this node after a restart, or another one). io.close() would close the HTTP server too;
      // Fastify does that itself.
      io.engine?.close();
      isSendingStopped = true;
      await Promise.allSettled(redisClients.map((client) => client.quit()));
      options.log.debug('realtime closed');
    },
  };
}
