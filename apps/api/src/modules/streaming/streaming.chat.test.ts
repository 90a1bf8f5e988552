import type { AddressInfo } from 'node:net';
import type { ServerEventName, ServerEventPayloads, TStreamJoinResult } from '@fanstage/contract';
import { buildSubscription } from '@fanstage/db/factories';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { grantWalletCredit, reconcileLedger } from '../wallet';

/*
 * A live show's chat: only the people the show's gate admits read or post; tips come through the
 * wallet and show for everyone; the creator clears, mutes and removes; the room is live.
 */

const clock = new TestClock();
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const missingId = '0190a0a0-0000-7000-8000-00000000dead';

const subscribe = (fan: Account, creator: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
  });

const fund = (who: Account, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: who.user.id,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

async function startShow(creator: Account, price = 0): Promise<{ id: string; chat: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/streaming/live',
    token: creator.token,
    payload: { title: 'Chat show', price },
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data._id, chat: res.json().data.conversationId };
}

const read = (who: Account, chat: string, path = 'stream') =>
  t.request({
    url: path === 'stream' ? `/api/messages/stream/${chat}` : `/api/messages/conversations/public/${chat}`,
    token: who.token,
  });
const post = (who: Account, chat: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/messages/stream/${chat}`,
    token: who.token,
    payload: payload as object,
  });
const clear = (who: Account, chat: string) =>
  t.request({ method: 'DELETE', url: `/api/messages/stream/${chat}/remove-all-message`, token: who.token });
const moderate = (who: Account, id: string, userId: string, action: 'mute' | 'unmute' | 'remove') =>
  t.request({
    method: action === 'unmute' ? 'DELETE' : 'POST',
    url: `/api/streaming/live/${id}/viewers/${userId}/${action === 'unmute' ? 'mute' : action}`,
    token: who.token,
  });
const tip = (who: Account, creator: Account, payload: object, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/wallet/charges/tip/${creator.user.id}`,
    token: who.token,
    payload,
    headers,
  });

/** A creator live with a free show, a subscribed fan, a stranger (not subscribed) and another creator. */
async function cast(price = 0) {
  const [creator, fan, stranger, otherCreator] = [
    await t.creator(),
    await t.fan(),
    await t.fan(),
    await t.creator(),
  ];
  await subscribe(fan, creator);
  const show = await startShow(creator, price);
  return { creator, fan, stranger, otherCreator, show };
}

describe('who reads and posts in a show chat', () => {
  it('lets the creator and a subscriber chat, newest last, with the author shown', async () => {
    const { creator, fan, show } = await cast();
    expect((await post(fan, show.chat, { text: '  hello!  ' })).statusCode).toBe(200);
    expect((await post(creator, show.chat, { text: 'welcome' })).statusCode).toBe(200);
    for (const path of ['stream', 'public']) {
      const res = await read(fan, show.chat, path);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.map((m: { text: string; sender: { name: string } }) => [m.text, m.sender.name]),
      ).toEqual([
        ['hello!', fan.user.name],
        ['welcome', creator.user.name],
      ]);
    }
  });

  it('refuses a non-subscriber and another creator with a sentence, and shows them nothing', async () => {
    const { fan, stranger, otherCreator, show, creator } = await cast();
    await post(fan, show.chat, { text: 'secret' });
    for (const who of [stranger, otherCreator]) {
      const got = await read(who, show.chat);
      expect(got.statusCode).toBe(403);
      expect(got.json().message).toBe(`Subscribe to ${creator.user.name} to join their live shows.`);
      expect(JSON.stringify(got.json())).not.toContain('secret');
      expect((await post(who, show.chat, { text: 'hi' })).statusCode).toBe(403);
    }
    const byPerformer = await t.request({
      url: `/api/conversations/stream/performer/${creator.user.id}`,
      token: stranger.token,
    });
    expect(byPerformer.statusCode).toBe(403);
  });

  it('refuses a subscriber who has not paid a priced show, and admits them once paid', async () => {
    const { fan, show, creator } = await cast(5);
    const unpaid = await read(fan, show.chat);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().message).toBe(`Subscribe to ${creator.user.name} and buy this show to watch it.`);
    await fund(fan, 20);
    const bought = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/stream/${show.id}`,
      token: fan.token,
    });
    expect(bought.statusCode).toBe(200);
    expect((await read(fan, show.chat)).statusCode).toBe(200);
  });

  it('answers 404 for unknown chats, a 400 sentence for bad ids and bodies, and 401 without a session', async () => {
    const { fan, show } = await cast();
    expect((await read(fan, missingId)).json().message).toMatch(/live chat/);
    expect((await read(fan, missingId)).statusCode).toBe(404);
    const bad = await read(fan, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\.$/);
    for (const [payload, sentence] of [
      [{ text: '   ' }, 'Write a message first.'],
      [{ text: 'x'.repeat(2001) }, 'A message can be at most 2000 characters.'],
      [{ text: 5 }, 'The message must be text.'],
      [{ text: 'hi', price: 5 }, ''],
    ] as const) {
      const res = await post(fan, show.chat, payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(sentence);
    }
    expect((await t.request({ url: `/api/messages/stream/${show.chat}` })).statusCode).toBe(401);
    expect((await read(fan, show.chat)).json().data).toEqual([]);
  });

  it('finds the chat of the show a creator is live with, and says when they are not live', async () => {
    const { fan, creator, show, otherCreator } = await cast();
    const res = await t.request({
      url: `/api/conversations/stream/performer/${creator.user.id}`,
      token: fan.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: show.chat,
      type: 'stream',
      streamId: show.id,
      canSend: true,
      isOwner: false,
    });
    const notLive = await t.request({
      url: `/api/conversations/stream/performer/${otherCreator.user.id}`,
      token: fan.token,
    });
    expect(notLive.statusCode).toBe(404);
    expect(notLive.json().message).toBe('This creator is not live right now.');
  });

  it('keeps an ended show readable and refuses posts with a sentence', async () => {
    const { fan, creator, show } = await cast();
    await post(fan, show.chat, { text: 'before the end' });
    await t.request({ method: 'POST', url: `/api/streaming/live/${show.id}/end`, token: creator.token });
    expect((await read(fan, show.chat)).json().data).toHaveLength(1);
    const late = await post(fan, show.chat, { text: 'too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This live show has ended; its chat is read-only.');
    expect((await clear(creator, show.chat)).statusCode).toBe(409);
  });
});

describe('tips in a show', () => {
  it('charges through the wallet once per idempotency key and writes one highlighted message', async () => {
    const { fan, creator, show } = await cast();
    await fund(fan, 50);
    const headers = { 'idempotency-key': 'stream-tip-1' };
    const first = await tip(fan, creator, { amount: 10, streamId: show.id }, headers);
    expect(first.statusCode).toBe(200);
    const replay = await tip(fan, creator, { amount: 10, streamId: show.id }, headers);
    expect(replay.statusCode).toBe(200);
    const messages = (await read(creator, show.chat)).json().data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 'tip', tipAmount: 10, text: 'tipped $10.00' });
    const me = await t.request({ url: '/api/users/me', token: fan.token });
    expect(me.json().data.balance).toBe(40);
  });

  it('refuses amounts out of the limits with the limit and moves no money', async () => {
    const { fan, creator, show } = await cast();
    await fund(fan, 50);
    const small = await tip(fan, creator, { amount: 0.5, streamId: show.id });
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toMatch(/at least \d+\.\d\d/);
    expect((await read(fan, show.chat)).json().data).toEqual([]);
  });

  it('refuses a tip from a show the fan may not chat in, or of another creator, and moves no money', async () => {
    const { fan, stranger, creator, otherCreator, show } = await cast();
    await fund(stranger, 50);
    await fund(fan, 50);
    expect((await tip(stranger, creator, { amount: 10, streamId: show.id })).statusCode).toBe(403);
    await subscribe(fan, otherCreator);
    expect((await tip(fan, otherCreator, { amount: 10, streamId: show.id })).statusCode).toBe(404);
    expect((await tip(fan, creator, { amount: 10, streamId: missingId })).statusCode).toBe(404);
    const both = await tip(fan, creator, { amount: 10, streamId: show.id, conversationId: show.chat });
    expect(both.statusCode).toBe(422);
    const me = await t.request({ url: '/api/users/me', token: fan.token });
    expect(me.json().data.balance).toBe(50);
  });
});

describe('creator moderation', () => {
  it('clears the chat for everyone; only the creator may', async () => {
    const { fan, creator, otherCreator, show } = await cast();
    await post(fan, show.chat, { text: 'one' });
    const byFan = await clear(fan, show.chat);
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json().message).toBe('Only the creator of this show can clear its chat.');
    expect((await clear(otherCreator, show.chat)).statusCode).toBe(403);
    const res = await clear(creator, show.chat);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ removed: 1 });
    expect((await read(fan, show.chat)).json().data).toEqual([]);
  });

  it('mutes a viewer: they read but cannot post, until unmuted', async () => {
    const { fan, creator, show } = await cast();
    expect((await moderate(creator, show.id, fan.user.id, 'mute')).json().data).toEqual({
      userId: fan.user.id,
      isMuted: true,
      isRemoved: false,
    });
    expect((await read(fan, show.chat)).statusCode).toBe(200);
    const refused = await post(fan, show.chat, { text: 'hey' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'The creator muted you in this show: you can read the chat but not post.',
    );
    const view = await t.request({ url: `/api/streaming/${show.id}`, token: fan.token });
    expect(view.json().data).toMatchObject({ isMuted: true, canJoin: true });
    await moderate(creator, show.id, fan.user.id, 'unmute');
    expect((await post(fan, show.chat, { text: 'back' })).statusCode).toBe(200);
  });

  it('removes a viewer from the chat and the video of this show, for good', async () => {
    const { fan, creator, show } = await cast();
    expect((await moderate(creator, show.id, fan.user.id, 'remove')).statusCode).toBe(200);
    const got = await read(fan, show.chat);
    expect(got.statusCode).toBe(403);
    expect(got.json().message).toBe('The creator removed you from this live show.');
    const join = await t.request({ url: `/api/streaming/join/${show.id}`, token: fan.token });
    expect(join.statusCode).toBe(403);
    expect(join.json().message).toBe('The creator removed you from this live show.');
    await moderate(creator, show.id, fan.user.id, 'unmute');
    expect((await read(fan, show.chat)).statusCode).toBe(403);
  });

  it('refuses moderation of another creator’s show (404), by a fan (403), of oneself and unknown people', async () => {
    const { fan, creator, otherCreator, show } = await cast();
    expect((await moderate(otherCreator, show.id, fan.user.id, 'mute')).statusCode).toBe(404);
    expect((await moderate(fan, show.id, fan.user.id, 'mute')).statusCode).toBe(403);
    const self = await moderate(creator, show.id, creator.user.id, 'remove');
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot mute or remove yourself.');
    const nobody = await moderate(creator, show.id, missingId, 'mute');
    expect(nobody.statusCode).toBe(404);
    const bad = await t.request({
      method: 'POST',
      url: `/api/streaming/live/${show.id}/viewers/nope/mute`,
      token: creator.token,
    });
    expect(bad.statusCode).toBe(400);
    expect((await moderate(creator, missingId, fan.user.id, 'mute')).statusCode).toBe(404);
  });
});

function open(who: Account | null) {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    ...(who ? { query: { token: who.token } } : {}),
  });
  sockets.push(socket);
  return socket;
}

const authed = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('auth/result', () => resolve());
    socket.once('connect_error', reject);
  });

const join = (socket: Socket, streamId: unknown) =>
  new Promise<TStreamJoinResult>((resolve) => socket.emit('stream/join', { streamId }, resolve));

function collect<K extends ServerEventName>(socket: Socket, event: K) {
  const received: ServerEventPayloads[K][] = [];
  socket.on(event as string, (payload: ServerEventPayloads[K]) => received.push(payload));
  return received;
}

/** Waits until a condition holds (events travel through the network, no fixed sleep). */
async function until(check: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a live event');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the show room, live', () => {
  it('two viewers and the creator see messages, a tip, a clear and the viewer count at once', async () => {
    const { creator, fan, show } = await cast();
    const second = await t.fan();
    await subscribe(second, creator);
    await fund(second, 30);
    const [studio, a, b] = [open(creator), open(fan), open(second)];
    await Promise.all([authed(studio), authed(a), authed(b)]);
    const counts = collect(studio, 'stream/viewers');
    expect(await join(studio, show.id)).toEqual({ ok: true, viewerCount: 0 });
    expect(await join(a, show.id)).toEqual({ ok: true, viewerCount: 1 });
    expect(await join(b, show.id)).toEqual({ ok: true, viewerCount: 2 });
    await until(() => counts.at(-1)?.viewerCount === 2);
    const view = await t.request({ url: `/api/streaming/${show.id}`, token: fan.token });
    expect(view.json().data.viewerCount).toBe(2);

    const inbox = [studio, a, b].map((s) => collect(s, 'stream/message'));
    const cleared = [studio, a, b].map((s) => collect(s, 'stream/cleared'));
    await post(fan, show.chat, { text: 'hi all' });
    await tip(second, creator, { amount: 10, streamId: show.id });
    await until(() => inbox.every((got) => got.length === 2));
    for (const got of inbox) {
      expect(got.map((e) => [e.message.type, e.message.text])).toEqual([
        ['text', 'hi all'],
        ['tip', 'tipped $10.00'],
      ]);
    }
    await clear(creator, show.chat);
    await until(() => cleared.every((got) => got.length === 1));

    b.disconnect();
    await until(() => counts.at(-1)?.viewerCount === 1);
  });

  it('keeps people who may not watch out of the room, and takes a removed viewer out', async () => {
    const { creator, fan, stranger, show } = await cast();
    const [s, f, anon] = [open(stranger), open(fan), open(null)];
    await Promise.all([authed(s), authed(f), authed(anon)]);
    const refused = await join(s, show.id);
    expect(refused).toEqual({
      ok: false,
      error: `Subscribe to ${creator.user.name} to join their live shows.`,
    });
    expect(await join(anon, show.id)).toEqual({ ok: false, error: 'Log in to join the live chat.' });
    expect(await join(f, 'nope')).toEqual({ ok: false, error: 'Say which live show to join.' });
    const leaked = collect(s, 'stream/message');
    expect(await join(f, show.id)).toMatchObject({ ok: true });
    const moderated = collect(f, 'stream/moderated');
    const fanInbox = collect(f, 'stream/message');
    await moderate(creator, show.id, fan.user.id, 'remove');
    await until(() => moderated.length === 1);
    expect(moderated[0]).toEqual({ streamId: show.id, isMuted: false, isRemoved: true });
    await post(creator, show.chat, { text: 'after the removal' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fanInbox).toEqual([]);
    expect(leaked).toEqual([]);
    expect(await join(f, show.id)).toEqual({
      ok: false,
      error: 'The creator removed you from this live show.',
    });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the show room across two nodes on one Redis', () => {
  let second: TestApp;
  let secondUrl: string;
  beforeAll(async () => {
    second = await createTestApp({ clock, sharedDb: t.ctx.db });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a message posted on one node, the count and a removal reach sockets on the other', async () => {
    const { creator, fan, show } = await cast();
    const studio = open(creator);
    const remote = connect(secondUrl, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: fan.token },
    });
    sockets.push(remote);
    await Promise.all([authed(studio), authed(remote)]);
    await join(studio, show.id);
    const counts = collect(studio, 'stream/viewers');
    expect(await join(remote, show.id)).toEqual({ ok: true, viewerCount: 1 });
    await until(() => counts.at(-1)?.viewerCount === 1);
    const view = await t.request({ url: `/api/streaming/${show.id}`, token: creator.token });
    expect(view.json().data.viewerCount).toBe(1);

    const remoteInbox = collect(remote, 'stream/message');
    await post(creator, show.chat, { text: 'across nodes' });
    await until(() => remoteInbox.length === 1);
    expect(remoteInbox[0]?.message.text).toBe('across nodes');

    await moderate(creator, show.id, fan.user.id, 'remove');
    await until(() => counts.at(-1)?.viewerCount === 0);
    await post(creator, show.chat, { text: 'after' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remoteInbox).toHaveLength(1);
  });
});
