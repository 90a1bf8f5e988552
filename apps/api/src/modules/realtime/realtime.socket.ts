import { serverEvents, sessionCookie, type TAuthResultEvent, ZAuthLoginPayload } from '@fanstage/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { findActorByToken } from '../auth/sessions';
import { type AppSocket, inSocketOrder, sessionRoom, userRoom } from './realtime.hub';

/*
 * Who a socket is. The session token comes from the `token` handshake query (spec), the handshake's
 * `auth.token`, or the session cookie sent with the handshake. A socket without a valid session
 * stays connected but joins no room, so it receives nothing private. After every reconnect the
 * client emits `auth/login` ({ token } or nothing, then the cookie counts) and is answered with
 * `auth/result`.
 */

const firstOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

export function registerRealtimeHandlers(ctx: AppContext, app: FastifyInstance): void {
  const { io, presence } = ctx.realtime;

  const handshakeToken = (socket: AppSocket): string | undefined => {
    const { query, auth, headers } = socket.handshake;
    const fromQuery = firstOf(query.token);
    if (fromQuery) return fromQuery;
    const fromAuth = firstOf((auth as Record<string, unknown> | undefined)?.token);
    if (fromAuth) return fromAuth;
    if (headers.cookie) return app.parseCookie(headers.cookie)[sessionCookie];
    return undefined;
  };

  const signOut = async (socket: AppSocket) => {
    const { userId, sessionId } = socket.data;
    if (!userId) return;
    socket.leave(userRoom(userId));
    if (sessionId) socket.leave(sessionRoom(sessionId));
    for (const room of socket.rooms) if (room !== socket.id) socket.leave(room);
    socket.data.userId = null;
    socket.data.sessionId = null;
    socket.data.actor = null;
    await presence.disconnected(userId).catch((error) => ctx.log.warn({ error }, 'presence update failed'));
  };

  /** Makes the socket the person of this token (or nobody); answers who it is now. */
  const authenticate = async (socket: AppSocket, token: string | undefined): Promise<TAuthResultEvent> => {
    const usable = token ? await findActorByToken(ctx, token) : null;
    if (socket.data.userId && socket.data.sessionId === usable?.sessionId) {
      return { authenticated: true, userId: socket.data.userId };
    }
    await signOut(socket);
    if (!usable) return { authenticated: false, userId: null };
    socket.data.userId = usable.id;
    socket.data.sessionId = usable.sessionId;
    socket.data.actor = usable;
    socket.join([userRoom(usable.id), sessionRoom(usable.sessionId)]);
    await presence.connected(usable.id).catch((error) => ctx.log.warn({ error }, 'presence update failed'));
    return { authenticated: true, userId: usable.id };
  };

  // Events are handled one at a time per socket, so a fast auth/login never races the handshake's.
  const serially = inSocketOrder();

  ctx.realtime.handle('auth/login', (socket, payload, ack) => {
    void serially(socket, async () => {
      const parsed = ZAuthLoginPayload.safeParse(payload ?? {});
      const token = parsed.success ? (parsed.data.token ?? handshakeToken(socket)) : undefined;
      const result = await authenticate(socket, token);
      socket.emit(serverEvents.authResult, result);
      if (typeof ack === 'function') ack(result);
    }).catch((error) => ctx.log.warn({ error }, 'socket auth/login failed'));
  });
  ctx.realtime.onDisconnect((socket) => {
    void serially(socket, () => signOut(socket));
  });

  io.on('connection', async (socket) => {
    // socket.handshake holds what the handshake said (query, headers, address) by now; the upgrade
    // request itself would stay referenced for the socket's life, about 4 kB a socket that every
    // full garbage collection marks again (socket.io's memory advice; with 10 000 sockets open its
    // marking ran while chat sends waited). A reconnect is a new engine connection with its own.
    // Of the headers only the cookie is read again (auth/login without a token). The request object
    // stays referenced by engine.io's upgrade wrapper, so its headers (a browser's user agent, languages,
    // every cookie) and their raw copy are cut from it too: ~1 kB a browser socket.
    const request = socket.conn.request as { headers: unknown; rawHeaders: string[] } | null;
    const { cookie } = socket.handshake.headers;
    socket.handshake.headers = cookie ? { cookie } : {};
    if (request) {
      request.headers = socket.handshake.headers;
      request.rawHeaders = [];
    }
    (socket.conn as { request: unknown }).request = null;
    socket.data.userId = null;
    socket.data.sessionId = null;
    socket.data.actor = null;
    await serially(socket, async () => {
      const result = await authenticate(socket, handshakeToken(socket));
      if (socket.connected) socket.emit(serverEvents.authResult, result);
    }).catch((error) => ctx.log.warn({ error }, 'socket handshake auth failed'));
  });
}
