import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerEventName, ServerEventPayloads, TLiveJoinResult } from '@fanstage/contract';
import { eq, liveSessions, subscriptions } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { sweepP2pSeats } from './streaming.p2p.socket';
import { endAbandonedShows } from './streaming.service';

/*
 * Peer-to-peer live video: the grant, and the signalling relayed by the server through real
 * socket.io clients, only between a show's creator and its entitled viewers.
 */

const clock = new TestClock();
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
type Account = Awaited<ReturnType<TestApp['fan']>>;
const turnSecret = 'turn-secret-for-tests-0123456789';

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      LIVE_MEDIA: 'p2p',
      LIVE_MESH_MAX_VIEWERS: '2',
      LIVE_STUN_URL: 'stun:stun.example.org:3478',
      LIVE_TURN_URL: 'turn:turn.example.org:3478',
      LIVE_TURN_SECRET: turnSecret,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
});

const subscribe = (fan: Account, creator: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
  });

async function liveShow() {
  const creator = await t.creator();
  const res = await t.request({
    method: 'POST',
    url: '/api/streaming/live',
    token: creator.token,
    payload: { title: 'Hello', price: 0 },
  });
  expect(res.statusCode).toBe(200);
  return { creator, id: res.json().data._id as string };
}

async function open(who: Account) {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    query: { token: who.token },
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('auth/result', resolve));
  return socket;
}

function collect<K extends ServerEventName>(socket: Socket, event: K) {
  const received: ServerEventPayloads[K][] = [];
  socket.on(event as string, (payload: ServerEventPayloads[K]) => received.push(payload));
  return received;
}

const join = (socket: Socket, sessionId: unknown) =>
  socket.timeout(3000).emitWithAck('live/join', { sessionId }) as Promise<TLiveJoinResult>;
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until the condition holds (events cross two sockets and the access gate's queries). */
async function until(condition: () => boolean, ms = 3000) {
  const giveUpAt = Date.now() + ms;
  while (!condition() && Date.now() < giveUpAt) await settle(20);
}
const grantOf = (who: Account, id: string) =>
  t.request({ url: `/api/streaming/join/${id}`, token: who.token });
const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describe('the peer-to-peer grant', () => {
  it('tells the creator to publish and a subscriber to watch, with STUN and TURN credentials of their own', async () => {
    const { creator, id } = await liveShow();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const published = await grantOf(creator, id);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({
      provider: 'p2p',
      room: id,
      feed: creator.user.id,
      role: 'publish',
      maxViewers: 2,
    });
    const watched = (await grantOf(fan, id)).json().data;
    expect(watched).toMatchObject({ provider: 'p2p', role: 'watch', feed: creator.user.id });
    const [stun, turn] = watched.iceServers;
    expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
    const expiry = Math.floor(new Date(watched.expiresAt).getTime() / 1000);
    expect(turn.urls).toBe('turn:turn.example.org:3478');
    expect(turn.username).toBe(`${expiry}:${fan.user.id}`);
    expect(turn.credential).toBe(createHmac('sha1', turnSecret).update(turn.username).digest('base64'));
    expect(expiry * 1000 - clock.now().getTime()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('refuses a fan who is not subscribed and another user', async () => {
    const { id } = await liveShow();
    const stranger = await t.fan();
    const res = await grantOf(stranger, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Subscribe to/);
  });
});

describe('peer-to-peer signalling', () => {
  it('relays offer, answer and candidates between the creator and an entitled viewer, in order', async () => {
    const { creator, id } = await liveShow();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const studio = await open(creator);
    const viewer = await open(fan);
    const peersSeen = collect(studio, 'live/peer');
    const atStudio = collect(studio, 'live/signal');
    const atViewer = collect(viewer, 'live/signal');
    expect(await join(studio, id)).toEqual({ ok: true, role: 'publish', peers: [] });
    expect(await join(viewer, id)).toEqual({ ok: true, role: 'watch', peers: [creator.user.id] });
    await settle();
    expect(peersSeen).toEqual([{ sessionId: id, peerId: fan.user.id }]);

    studio.emit('live/signal', { sessionId: id, to: fan.user.id, description: offer });
    studio.emit('live/signal', { sessionId: id, to: fan.user.id, candidate });
    viewer.emit('live/signal', {
      sessionId: id,
      to: creator.user.id,
      description: { type: 'answer', sdp: 'v=0\r\n' },
    });
    await until(() => atViewer.length >= 2 && atStudio.length >= 1);
    expect(atViewer).toEqual([
      { sessionId: id, from: creator.user.id, description: offer },
      { sessionId: id, from: creator.user.id, candidate },
    ]);
    expect(atStudio).toEqual([
      { sessionId: id, from: fan.user.id, description: { type: 'answer', sdp: 'v=0\r\n' } },
    ]);

    // A creator opening the studio later is told who waits for an offer.
    const again = await open(creator);
    expect(await join(again, id)).toEqual({ ok: true, role: 'publish', peers: [fan.user.id] });
  });

  it('refuses a fan who is not entitled, and relays nothing to or from them', async () => {
    const { creator, id } = await liveShow();
    const stranger = await t.fan();
    const studio = await open(creator);
    await join(studio, id);
    const intruder = await open(stranger);
    const errors = collect(intruder, 'live/error');
    const atStudio = collect(studio, 'live/signal');
    const studioErrors = collect(studio, 'live/error');
    const joined = await join(intruder, id);
    expect(joined).toEqual({
      ok: false,
      message: `Subscribe to ${creator.user.name} to join their live shows.`,
    });
    intruder.emit('live/signal', { sessionId: id, to: creator.user.id, description: offer });
    studio.emit('live/signal', { sessionId: id, to: stranger.user.id, description: offer });
    await until(() => errors.length >= 2 && studioErrors.length >= 1);
    expect(studioErrors).toEqual([{ message: 'That person is not in this live show.' }]);
    expect(atStudio).toEqual([]);
    expect(errors.map((e) => e.message)).toContain('That person is not in this live show.');
  });

  it('refuses a viewer of another show', async () => {
    const a = await liveShow();
    const b = await liveShow();
    const fan = await t.fan();
    await subscribe(fan, b.creator);
    const studioA = await open(a.creator);
    await join(studioA, a.id);
    const viewer = await open(fan);
    expect(await join(viewer, b.id)).toMatchObject({ ok: true, role: 'watch' });
    const atStudioA = collect(studioA, 'live/signal');
    const errors = collect(viewer, 'live/error');
    // Signalling show A's creator from show B's seat, or naming show A: neither is relayed.
    viewer.emit('live/signal', { sessionId: b.id, to: a.creator.user.id, description: offer });
    viewer.emit('live/signal', { sessionId: a.id, to: a.creator.user.id, description: offer });
    expect(await join(viewer, a.id)).toMatchObject({ ok: false });
    await until(() => errors.length >= 3);
    expect(atStudioA).toEqual([]);
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it('seats at most LIVE_MESH_MAX_VIEWERS viewers and refuses the next with a sentence', async () => {
    const { creator, id } = await liveShow();
    const fans = [await t.fan(), await t.fan(), await t.fan()];
    for (const fan of fans) await subscribe(fan, creator);
    const [first, second, third] = fans as [Account, Account, Account];
    expect(await join(await open(first), id)).toMatchObject({ ok: true });
    const secondSocket = await open(second);
    expect(await join(secondSocket, id)).toMatchObject({ ok: true });
    const full = await grantOf(third, id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This show is full right now.');
    expect(await join(await open(third), id)).toEqual({ ok: false, message: 'This show is full right now.' });
    // A seated viewer still gets their grant renewed; a seat frees when its viewer leaves.
    expect((await grantOf(first, id)).statusCode).toBe(200);
    secondSocket.emit('live/leave', { sessionId: id });
    await settle();
    expect((await grantOf(third, id)).statusCode).toBe(200);
  });

  it('drops bad payloads with an error event and keeps working', async () => {
    const { creator, id } = await liveShow();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const studio = await open(creator);
    const viewer = await open(fan);
    await join(studio, id);
    await join(viewer, id);
    const errors = collect(studio, 'live/error');
    const atViewer = collect(viewer, 'live/signal');
    const bad: unknown[] = [
      'nonsense',
      null,
      { sessionId: id, to: fan.user.id },
      { sessionId: id, to: fan.user.id, description: offer, candidate },
      { sessionId: id, to: fan.user.id, description: { type: 'offer', sdp: 'x'.repeat(30_001) } },
      { sessionId: id, to: fan.user.id, description: { type: 'rollback', sdp: 'x' } },
      { sessionId: id, to: fan.user.id, candidate: { candidate: 'c'.repeat(1001) } },
      { sessionId: 'not-an-id', to: fan.user.id, candidate },
      { sessionId: id, to: fan.user.id, candidate, extra: 1 },
    ];
    for (const payload of bad) studio.emit('live/signal', payload);
    expect(await join(studio, 42)).toMatchObject({ ok: false });
    await until(() => errors.length >= bad.length + 1);
    expect(errors).toHaveLength(bad.length + 1);
    expect(errors[0]).toEqual({ message: 'That live video signal was not understood.' });
    expect(atViewer).toEqual([]);
    studio.emit('live/signal', { sessionId: id, to: fan.user.id, candidate });
    await until(() => atViewer.length >= 1);
    expect(atViewer).toHaveLength(1);
  });

  it('tells both pages to close when the show ends or a viewer is no longer entitled, and stops relaying', async () => {
    const { creator, id } = await liveShow();
    const fan = await t.fan();
    const lapsing = await t.fan();
    await subscribe(fan, creator);
    const subscription = await subscribe(lapsing, creator);
    const studio = await open(creator);
    const viewer = await open(fan);
    const lapsed = await open(lapsing);
    await join(studio, id);
    await join(viewer, id);
    await join(lapsed, id);
    const closedAtStudio = collect(studio, 'live/close');
    const closedAtLapsed = collect(lapsed, 'live/close');
    const closedAtViewer = collect(viewer, 'live/close');

    await t.ctx.db.db
      .update(subscriptions)
      .set({ expiredAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(subscriptions.id, subscription.id));
    await sweepP2pSeats(t.ctx);
    await until(() => closedAtLapsed.length >= 1 && closedAtStudio.length >= 1);
    const reason = 'You can no longer watch this show.';
    expect(closedAtLapsed).toEqual([{ sessionId: id, peerId: creator.user.id, reason }]);
    expect(closedAtStudio).toEqual([{ sessionId: id, peerId: lapsing.user.id, reason }]);
    const atLapsed = collect(lapsed, 'live/signal');
    const studioErrors = collect(studio, 'live/error');
    studio.emit('live/signal', { sessionId: id, to: lapsing.user.id, candidate });
    await until(() => studioErrors.length >= 1);
    expect(atLapsed).toEqual([]);

    const ended = await t.request({
      method: 'POST',
      url: `/api/streaming/live/${id}/end`,
      token: creator.token,
    });
    expect(ended.statusCode).toBe(200);
    await until(() => closedAtViewer.length >= 1 && closedAtStudio.length >= 2);
    const endReason = 'The live show has ended.';
    expect(closedAtViewer).toEqual([{ sessionId: id, peerId: null, reason: endReason }]);
    expect(closedAtStudio.at(-1)).toEqual({ sessionId: id, peerId: null, reason: endReason });
    const atViewer = collect(viewer, 'live/signal');
    studio.emit('live/signal', { sessionId: id, to: fan.user.id, candidate });
    await until(() => studioErrors.length >= 2);
    expect(studioErrors[1]).toEqual({ message: 'That person is not in this live show.' });
    expect(atViewer).toEqual([]);
  });
});

describe("a show whose creator's page stopped asking for media", () => {
  const statusOf = async (id: string) => {
    const [row] = await t.ctx.db.db.select().from(liveSessions).where(eq(liveSessions.id, id));
    return { status: row!.status, endReason: row!.endReason };
  };

  it('ends a minute after the last grant ran out; a page that renews keeps its show; one never granted stays', async () => {
    const { creator: gone, id: goneId } = await liveShow();
    const { creator: renewing, id: renewingId } = await liveShow();
    const { id: neverGranted } = await liveShow();
    const fan = await t.fan();
    await subscribe(fan, gone);
    expect((await grantOf(gone, goneId)).statusCode).toBe(200);
    expect((await grantOf(renewing, renewingId)).statusCode).toBe(200);
    // A viewer's grant is no sign of the creator.
    expect((await grantOf(fan, goneId)).statusCode).toBe(200);

    // The lease is 5 minutes; the renewing page asks again before it ends, the other never does.
    clock.advance(4 * 60_000);
    expect((await grantOf(renewing, renewingId)).statusCode).toBe(200);
    clock.advance(60_000 + 30_000);
    expect((await grantOf(fan, goneId)).statusCode).toBe(200);
    await endAbandonedShows(t.ctx);
    expect(await statusOf(goneId)).toEqual({ status: 'live', endReason: null });

    clock.advance(31_000); // the lease ended over a minute ago
    // (Shows of the tests above, granted and left, end here too.)
    expect(await endAbandonedShows(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(goneId)).toEqual({ status: 'ended', endReason: 'publisher_gone' });
    expect(await statusOf(renewingId)).toEqual({ status: 'live', endReason: null });
    expect(await statusOf(neverGranted)).toEqual({ status: 'live', endReason: null });
    // The show has ended: no more tokens for anyone.
    expect((await grantOf(fan, goneId)).statusCode).toBe(409);
  });
});
