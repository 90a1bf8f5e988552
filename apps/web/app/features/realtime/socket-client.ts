import {
  type ClientToServerEvents,
  clientEvents,
  type ServerEventName,
  type ServerEventPayloads,
  type ServerToClientEvents,
  serverEvents,
} from '@fanstage/contract';
import type { io as ioFunction, ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { nextStatus, useSocketStatus } from './socket-status';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Spec section 9: timeout 20 s, unlimited reconnection, delay 1 s ± 50 %, at most 5 s; websocket first. */
export const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  transports: ['websocket', 'polling'],
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  randomizationFactor: 0.5,
  reconnectionDelayMax: 5000,
  autoConnect: true,
  withCredentials: true,
};

type Listener<K extends ServerEventName> = (payload: ServerEventPayloads[K]) => void;

let socket: AppSocket | null = null;
/** The socket.io client being loaded for the connection asked for; a close in between cancels it. */
let opening: Promise<AppSocket | null> | null = null;
let openings = 0;
const listeners = new Map<string, Set<(payload: never) => void>>();
/** Called after every reconnect, once the server has placed the socket in its rooms: time to fetch what was missed. */
const reconnectListeners = new Set<() => void>();

/** Listens to a server event for as long as the returned function is not called (survives reconnects). */
export function onServerEvent<K extends ServerEventName>(event: K, listener: Listener<K>): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
    socket?.on(event as never, ((payload: never) => dispatch(event, payload)) as never);
  }
  set.add(listener as (payload: never) => void);
  return () => set?.delete(listener as (payload: never) => void);
}

/**
 * Runs after each reconnect (not the first connect), when the server's `auth/result` for it has come:
 * the socket is in its rooms by then, so whatever is saved later arrives live and whatever was saved
 * before is in what the listener fetches. Fetching on the bare `connect` left a gap in between.
 */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Delivers an event to the listeners as if the server sent it (the socket does this; tests too). */
export function dispatch(event: string, payload: never) {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`socket listener for ${event} failed`, error);
    }
  }
}

/**
 * Opens the one connection of this tab (only while logged in). The HttpOnly session cookie rides on
 * the handshake; `token` is added when the app holds one. After each reconnect the client sends
 * `auth/login` again and tells the features to catch up. The socket.io client is loaded here, on first
 * use, so pages seen logged out never download it; features look the socket up when they use it
 * (`currentSocket`), and a show's room is joined again on `auth/result`, so a socket that opens a
 * moment later loses nothing.
 */
export function openSocket(options: { token?: string; url?: string } = {}): Promise<AppSocket | null> {
  if (socket) return Promise.resolve(socket);
  if (opening) return opening;
  const mine = ++openings;
  useSocketStatus.getState().setStatus('initialized');
  opening = import('socket.io-client').then(
    ({ io }) => {
      if (mine !== openings) return null;
      opening = null;
      return connect(io, options);
    },
    () => {
      // The client could not be downloaded (offline): the status says so; the next login tries again.
      if (mine === openings) {
        opening = null;
        useSocketStatus.getState().setStatus('failed');
      }
      return null;
    },
  );
  return opening;
}

function connect(io: typeof ioFunction, options: { token?: string; url?: string }): AppSocket {
  const setStatus = useSocketStatus.getState().setStatus;
  const created: AppSocket = io(options.url ?? '', {
    ...socketOptions,
    ...(options.token ? { query: { token: options.token } } : {}),
  });
  socket = created;
  for (const waiter of [...socketWaiters]) waiter(created);
  let hasConnected = false;
  let isCatchUpDue = false;
  const status = () => useSocketStatus.getState().status;

  created.on('connect', () => {
    setStatus(nextStatus(status(), 'connect'));
    if (hasConnected) {
      isCatchUpDue = true;
      created.emit(clientEvents.authLogin, options.token ? { token: options.token } : {});
    }
    hasConnected = true;
  });
  created.on(serverEvents.authResult, () => {
    if (!isCatchUpDue) return;
    isCatchUpDue = false;
    for (const listener of reconnectListeners) listener();
  });
  // A server going down closes the transport and the client retries; `io server disconnect` means
  // this session was revoked (logout elsewhere), which a retry would not mend.
  created.on('disconnect', () => setStatus(nextStatus(status(), 'disconnect')));
  created.on('connect_error', () => {
    if (!created.active) setStatus('failed');
  });
  created.io.on('reconnect_attempt', () => setStatus(nextStatus(status(), 'reconnect_attempt')));
  created.io.on('reconnect_error', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the manager's attempt counter is not in its types.
    const attempts = (created.io as any).backoff?.attempts ?? 0;
    setStatus(nextStatus(status(), 'reconnect_error', attempts));
  });
  created.io.on('reconnect_failed', () => setStatus(nextStatus(status(), 'reconnect_failed')));
  created.io.on('error', () => {
    if (!created.active) setStatus(nextStatus(status(), 'error'));
  });
  for (const event of listeners.keys()) {
    created.on(event as never, ((payload: never) => dispatch(event, payload)) as never);
  }
  return created;
}

/** Closes the connection (logout, or the person changed). */
export function closeSocket(): void {
  openings += 1;
  opening = null;
  if (!socket) return;
  const closing = socket;
  socket = null;
  closing.removeAllListeners();
  closing.io.removeAllListeners();
  closing.disconnect();
  useSocketStatus.getState().setStatus('initialized');
}

export const currentSocket = (): AppSocket | null => socket;

const socketWaiters = new Set<(socket: AppSocket) => void>();

/**
 * The page's connection once it exists: the one open now, or the next one made within `timeoutMs` (the
 * socket.io client and the logged-in session load after the first render, so a call or show that joins
 * at once waits here for them). Null when none comes (logged out, offline).
 */
export function socketReady(timeoutMs = 10_000): Promise<AppSocket | null> {
  if (socket) return Promise.resolve(socket);
  return new Promise((resolve) => {
    const done = (made: AppSocket | null) => {
      clearTimeout(timer);
      socketWaiters.delete(done);
      resolve(made);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socketWaiters.add(done);
  });
}
