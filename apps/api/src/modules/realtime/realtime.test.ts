import type { AddressInfo } from 'node:net';
import { csrfHeader, type ServerEventName, type ServerEventPayloads, serverEvents } from '@fanstage/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp } from '../../../test/helpers';
import { type AppSocket, inSocketOrder } from './realtime.hub';

/*
 * The socket as a browser uses it: a real socket.io client against the listening app. Private
 * events reach only the person's own connections; a socket without a session gets nothing.
 */

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
});

function open(options: { token?: string; cookie?: string; origin?: string; transports?: string[] } = {}) {
  const socket = connect(url, {
    transports: (options.transports ?? ['websocket']) as ('websocket' | 'polling')[],
    reconnection: false,
    timeout: 5000,
    ...(options.token ? { query: { token: options.token } } : {}),
    extraHeaders: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
  });
  sockets.push(socket);
  return socket;
}

/** Resolves with the socket's first auth/result. */
const authResultOf = (socket: Socket) =>
  new Promise<ServerEventPayloads['auth/result']>((resolve, reject) => {
    socket.once(serverEvents.authResult, resolve);
    socket.once('connect_error', reject);
  });

/** Collects every payload of one event a socket receives. */
function collect<K extends ServerEventName>(socket: Socket, event: K) {
  const received: ServerEventPayloads[K][] = [];
  socket.on(event as string, (payload: ServerEventPayloads[K]) => received.push(payload));
  return received;
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket authentication', () => {
  it('accepts the token query and sends private events to that person only', async () => {
    const fan = await t.fan();
    const other = await t.fan();
    const mine = open({ token: fan.token });
    const theirs = open({ token: other.token });
    const anonymous = open();
    expect(await Promise.all([authResultOf(mine), authResultOf(theirs), authResultOf(anonymous)])).toEqual([
      { authenticated: true, userId: fan.user.id },
      { authenticated: true, userId: other.user.id },
      { authenticated: false, userId: null },
    ]);
    const got = collect(mine, 'wallet/balance');
    const leaked = collect(theirs, 'wallet/balance');
    const leakedAnon = collect(anonymous, 'wallet/balance');
    t.ctx.realtime.toUser(fan.user.id, 'wallet/balance', { balance: 12.5 });
    await settle();
    expect(got).toEqual([{ balance: 12.5 }]);
    expect(leaked).toEqual([]);
    expect(leakedAnon).toEqual([]);
  });

  /** Logs the person in (by username) with the factory password and returns their session cookie (name=value). */
  async function loginCookie(user: { username: string | null }): Promise<string> {
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { [csrfHeader]: '1' },
      payload: { username: user.username, password: factoryPassword },
    });
    expect(login.statusCode).toBe(200);
    return String(login.headers['set-cookie']).split(';')[0] ?? '';
  }

  it('accepts the session cookie of a login (websocket and polling)', async () => {
    const fan = await t.fan();
    const setCookie = await loginCookie(fan.user);
    for (const transports of [['websocket'], ['polling']]) {
      const socket = open({ cookie: setCookie, transports });
      expect(await authResultOf(socket)).toEqual({ authenticated: true, userId: fan.user.id });
    }
  });

  it('lets go of the upgrade request and still knows the handshake (a later auth/login by cookie)', async () => {
    const fan = await t.fan();
    const setCookie = await loginCookie(fan.user);
    const socket = open({ cookie: setCookie });
    expect(await authResultOf(socket)).toEqual({ authenticated: true, userId: fan.user.id });
    const held = [...t.ctx.realtime.io.sockets.sockets.values()].find((s) => s.id === socket.id);
    expect(held?.handshake.headers).toEqual({ cookie: setCookie });
    expect(held?.conn.request).toBeNull();
    // auth/login without a token falls back on the handshake's cookie, which the socket kept.
    expect(await socket.emitWithAck('auth/login', {})).toEqual({ authenticated: true, userId: fan.user.id });
  });

  it('ignores a bad or revoked token, and auth/login re-authenticates after the fact', async () => {
    const fan = await t.fan();
    const socket = open({ token: 'x'.repeat(40) });
    expect(await authResultOf(socket)).toEqual({ authenticated: false, userId: null });
    const received = collect(socket, 'wallet/balance');
    t.ctx.realtime.toUser(fan.user.id, 'wallet/balance', { balance: 1 });
    await settle();
    expect(received).toEqual([]);

    const result = await socket.emitWithAck('auth/login', { token: fan.token });
    expect(result).toEqual({ authenticated: true, userId: fan.user.id });
    t.ctx.realtime.toUser(fan.user.id, 'wallet/balance', { balance: 2 });
    await settle();
    expect(received).toEqual([{ balance: 2 }]);

    // Malformed payloads are answered, never crash the node.
    expect(await socket.emitWithAck('auth/login', { token: 42 } as never)).toEqual({
      authenticated: false,
      userId: null,
    });
    expect(await socket.emitWithAck('auth/login', 'nonsense' as never)).toEqual({
      authenticated: false,
      userId: null,
    });
    t.ctx.realtime.toUser(fan.user.id, 'wallet/balance', { balance: 3 });
    await settle();
    expect(received).toEqual([{ balance: 2 }]);
  });

  it('logout ends the connections of that session and keeps the others', async () => {
    const fan = await t.fan();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { [csrfHeader]: '1' },
      payload: { username: fan.user.email, password: factoryPassword },
    });
    const secondToken = second.json().data.token as string;
    const first = open({ token: fan.token });
    const other = open({ token: secondToken });
    await Promise.all([authResultOf(first), authResultOf(other)]);
    const closed = new Promise<string>((resolve) => first.once('disconnect', resolve));
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token: fan.token });
    expect(logout.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  it('refuses a handshake from another site (the cookie must not ride along)', async () => {
    const socket = open({ origin: 'https://evil.example' });
    await expect(authResultOf(socket)).rejects.toThrow();
  });

  it('keeps presence while any connection of the person is open', async () => {
    const creator = await t.creator();
    expect(await t.ctx.realtime.presence.onlineOf([creator.user.id])).toEqual(new Set());
    const a = open({ token: creator.token });
    const b = open({ token: creator.token });
    await Promise.all([authResultOf(a), authResultOf(b)]);
    expect(await t.ctx.realtime.presence.onlineOf([creator.user.id])).toEqual(new Set([creator.user.id]));
    a.disconnect();
    await settle();
    expect(await t.ctx.realtime.presence.onlineOf([creator.user.id])).toEqual(new Set([creator.user.id]));
    b.disconnect();
    await settle();
    expect(await t.ctx.realtime.presence.onlineOf([creator.user.id])).toEqual(new Set());
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two nodes on one Redis', () => {
  let second: TestApp;
  let secondUrl: string;
  beforeAll(async () => {
    // Its own database, but the first node's channels in Redis (test apps on different databases
    // get channels of their own).
    second = await createTestApp({ env: { REDIS_PREFIX: t.ctx.config.REDIS_PREFIX } });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('an event emitted on one node reaches the person connected to the other', async () => {
    // Both nodes authenticate against their own test database, so the person is made in the second.
    const fan = await second.fan();
    const socket = connect(secondUrl, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: fan.token },
    });
    sockets.push(socket);
    await authResultOf(socket);
    const received = collect(socket, 'notification');
    const event = {
      type: 'system' as const,
      title: 'Hello',
      text: 'From node A',
      link: null,
      createdAt: new Date().toISOString(),
    };
    t.ctx.realtime.toUser(fan.user.id, 'notification', event);
    await settle(400);
    expect(received).toEqual([event]);
    expect(await t.ctx.realtime.presence.onlineOf([fan.user.id])).toEqual(new Set([fan.user.id]));
  });
});

describe('what each open socket holds', () => {
  it('one listener for every client event and one for its end, whatever the modules answer', async () => {
    const fan = await t.fan();
    const socket = open({ token: fan.token });
    expect(await authResultOf(socket)).toMatchObject({ authenticated: true });
    const server = t.ctx.realtime.io.of('/').sockets.get(socket.id!)!;
    // The modules answer auth/login, live/*, call/* and stream/* through the hub's one listener.
    // (socket.io keeps an `error` listener of its own.)
    expect(server.eventNames().filter((name) => name !== 'error')).toEqual(['disconnect']);
    expect(server.listenerCount('disconnect')).toBe(1);
    expect(server.listenersAny()).toHaveLength(1);
    // The shared listener answers: a login with no session says so.
    const answered = await socket.timeout(2000).emitWithAck('auth/login', { token: 'not-a-session' });
    expect(answered).toEqual({ authenticated: false, userId: null });
    expect(() => t.ctx.realtime.handle('auth/login', () => {})).toThrow(/already has a handler/);
  });

  it("a socket's work runs one piece at a time in order, past a failure, and is forgotten when done", async () => {
    const ordered = inSocketOrder();
    const socket = {} as AppSocket;
    const other = {} as AppSocket;
    const seen: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        seen.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        seen.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      ordered(socket, step('a', 30)),
      ordered(socket, step('b', 5, true)),
      ordered(socket, step('c', 1)),
      ordered(other, step('x', 1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // Another socket's work does not wait; this socket's pieces never overlap.
    expect(seen.filter((s) => !s.startsWith('x'))).toEqual([
      'a start',
      'a end',
      'b start',
      'b end',
      'c start',
      'c end',
    ]);
    expect(seen.indexOf('x end')).toBeLessThan(seen.indexOf('a end'));
  });
});
