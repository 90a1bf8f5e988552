import type { AddressInfo } from 'node:net';
import type { ServerEventName, ServerEventPayloads, TCallMediaJoinResult } from '@fanstage/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { grantWalletCredit } from '../wallet';
import { endLiveCallSession } from './calls.repo';

/*
 * Peer-to-peer video of calls and private shows: the grant, and the signalling relayed by a real
 * server to real socket.io clients, only between the two people of a live, paid call.
 */

const clock = new TestClock();
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { LIVE_MEDIA: 'p2p', LIVE_MESH_MAX_VIEWERS: '1', LIVE_STUN_URL: 'stun:stun.example.org:3478' },
  });
  await t.ctx.settings.update({ minimumBalance1on1Calls: 10 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
});

const api = (who: Account, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.request({ method, url: `/api${path}`, token: who.token, ...(payload ? { payload } : {}) });

/** A call the creator picked up: live, its first minute paid. */
async function liveCall() {
  const fan = await t.fan();
  const creator = await t.creator({ privateCallPrice: 5, profile: { acceptsCalls: true } });
  await grantWalletCredit(t.ctx, {
    userId: fan.user.id,
    amountCents: 5000,
    reason: 'test',
    initiatorId: null,
  });
  const rung = await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id });
  expect(rung.statusCode).toBe(200);
  const id = rung.json().data._id as string;
  const accepted = await api(creator, 'POST', `/streaming/calls/${id}/accept`);
  expect(accepted.json().data).toMatchObject({ status: 'live', billedMinutes: 1 });
  return { fan, creator, id };
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
  socket.timeout(3000).emitWithAck('call/media-join', { sessionId }) as Promise<TCallMediaJoinResult>;
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, ms = 3000) {
  const giveUpAt = Date.now() + ms;
  while (!condition() && Date.now() < giveUpAt) await settle(20);
}
const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer', sdp: 'v=0\r\n' };
const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0' };

describe('the peer-to-peer grant of a call', () => {
  it('lets both people publish, names the other person, and carries the ICE servers', async () => {
    const { fan, creator, id } = await liveCall();
    const atFan = (await api(fan, 'GET', `/streaming/calls/${id}/join`)).json().data;
    expect(atFan).toMatchObject({ provider: 'p2p', room: id, role: 'publish', peer: creator.user.id });
    expect(atFan.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    const atCreator = (await api(creator, 'GET', `/streaming/calls/${id}/join`)).json().data;
    expect(atCreator).toMatchObject({ provider: 'p2p', role: 'publish', peer: fan.user.id });
  });
});

describe('peer-to-peer call signalling', () => {
  it('has the creator offer to the fan whichever page comes first, and relays both ways', async () => {
    const { fan, creator, id } = await liveCall();
    // The fan's page first: the creator's is told on entering whom to offer to.
    const fanPage = await open(fan);
    expect(await join(fanPage, id)).toEqual({ ok: true, role: 'answer', peers: [] });
    const creatorPage = await open(creator);
    const atCreator = collect(creatorPage, 'live/signal');
    const atFan = collect(fanPage, 'live/signal');
    expect(await join(creatorPage, id)).toEqual({ ok: true, role: 'offer', peers: [fan.user.id] });

    creatorPage.emit('call/media-signal', { sessionId: id, to: fan.user.id, description: offer });
    creatorPage.emit('call/media-signal', { sessionId: id, to: fan.user.id, candidate });
    fanPage.emit('call/media-signal', { sessionId: id, to: creator.user.id, description: answer });
    fanPage.emit('call/media-signal', { sessionId: id, to: creator.user.id, candidate });
    await until(() => atFan.length >= 2 && atCreator.length >= 2);
    expect(atFan).toEqual([
      { sessionId: id, from: creator.user.id, description: offer },
      { sessionId: id, from: creator.user.id, candidate },
    ]);
    expect(atCreator).toEqual([
      { sessionId: id, from: fan.user.id, description: answer },
      { sessionId: id, from: fan.user.id, candidate },
    ]);
  });

  it("tells the creator's page to offer when the fan's page comes (or comes back after a reload)", async () => {
    const { fan, creator, id } = await liveCall();
    const creatorPage = await open(creator);
    const told = collect(creatorPage, 'live/peer');
    const closed = collect(creatorPage, 'live/close');
    expect(await join(creatorPage, id)).toEqual({ ok: true, role: 'offer', peers: [] });
    const firstFanPage = await open(fan);
    await join(firstFanPage, id);
    await until(() => told.length >= 1);
    expect(told).toEqual([{ sessionId: id, peerId: fan.user.id }]);

    // The fan reloads: the old page's socket goes, the creator's page drops that connection...
    firstFanPage.disconnect();
    await until(() => closed.length >= 1);
    expect(closed).toEqual([{ sessionId: id, peerId: fan.user.id, reason: "The fan's video stopped." }]);
    // ...and is told to offer again when the new page enters.
    await join(await open(fan), id);
    await until(() => told.length >= 2);
    expect(told[1]).toEqual({ sessionId: id, peerId: fan.user.id });
  });

  it("keeps the fan's page waiting when the creator's page reloads, and connects them again", async () => {
    const { fan, creator, id } = await liveCall();
    const fanPage = await open(fan);
    const closedAtFan = collect(fanPage, 'live/close');
    await join(fanPage, id);
    const firstCreatorPage = await open(creator);
    await join(firstCreatorPage, id);
    firstCreatorPage.disconnect();
    await until(() => closedAtFan.length >= 1);
    expect(closedAtFan).toEqual([
      { sessionId: id, peerId: creator.user.id, reason: "The creator's video stopped." },
    ]);
    const creatorPage = await open(creator);
    expect(await join(creatorPage, id)).toEqual({ ok: true, role: 'offer', peers: [fan.user.id] });
    const atFan = collect(fanPage, 'live/signal');
    creatorPage.emit('call/media-signal', { sessionId: id, to: fan.user.id, description: offer });
    await until(() => atFan.length >= 1);
    expect(atFan).toEqual([{ sessionId: id, from: creator.user.id, description: offer }]);
  });

  it("refuses a third user and the other call's people, and relays nothing to or from them", async () => {
    const a = await liveCall();
    const b = await liveCall();
    const stranger = await t.fan();
    const creatorPage = await open(a.creator);
    await join(creatorPage, a.id);
    const fanPage = await open(a.fan);
    await join(fanPage, a.id);
    const atCreator = collect(creatorPage, 'live/signal');
    const atFan = collect(fanPage, 'live/signal');

    const intruder = await open(stranger);
    const intruderErrors = collect(intruder, 'live/error');
    expect(await join(intruder, a.id)).toEqual({ ok: false, message: 'That call was not found.' });
    intruder.emit('call/media-signal', { sessionId: a.id, to: a.creator.user.id, description: offer });

    // Call B's fan, in call B's pair, names call A's creator, then call A itself: neither is relayed.
    const otherFan = await open(b.fan);
    const otherErrors = collect(otherFan, 'live/error');
    expect(await join(otherFan, b.id)).toMatchObject({ ok: true, role: 'answer' });
    expect(await join(otherFan, a.id)).toEqual({ ok: false, message: 'That call was not found.' });
    otherFan.emit('call/media-signal', { sessionId: b.id, to: a.creator.user.id, description: answer });
    otherFan.emit('call/media-signal', { sessionId: a.id, to: a.creator.user.id, description: answer });
    // Call A's creator cannot reach call B's fan either.
    const creatorErrors = collect(creatorPage, 'live/error');
    creatorPage.emit('call/media-signal', { sessionId: a.id, to: b.fan.user.id, description: offer });
    creatorPage.emit('call/media-signal', { sessionId: b.id, to: b.fan.user.id, description: offer });

    await until(() => intruderErrors.length >= 2 && otherErrors.length >= 3 && creatorErrors.length >= 2);
    expect(intruderErrors.at(-1)).toEqual({ message: 'That person is not in this call.' });
    expect(otherErrors.slice(1)).toEqual([
      { message: 'That person is not in this call.' },
      { message: 'That person is not in this call.' },
    ]);
    expect(creatorErrors).toHaveLength(2);
    await settle();
    expect(atCreator).toEqual([]);
    expect(atFan).toEqual([]);
  });

  it('refuses a call that is not live, with the sentence of its state', async () => {
    const fan = await t.fan();
    const creator = await t.creator({ privateCallPrice: 5, profile: { acceptsCalls: true } });
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 5000,
      reason: 'test',
      initiatorId: null,
    });
    const id = (await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id })).json().data._id;
    expect(await join(await open(fan), id)).toEqual({
      ok: false,
      message: 'This call is ringing; you can join only while it is live.',
    });
  });

  it('closes both pages when the call is hung up, and relays nothing after', async () => {
    const { fan, creator, id } = await liveCall();
    const creatorPage = await open(creator);
    const fanPage = await open(fan);
    await join(creatorPage, id);
    await join(fanPage, id);
    const closedAtCreator = collect(creatorPage, 'live/close');
    const closedAtFan = collect(fanPage, 'live/close');
    const ended = collect(fanPage, 'call/ended');
    expect((await api(fan, 'POST', `/streaming/calls/${id}/end`)).statusCode).toBe(200);
    await until(() => closedAtCreator.length >= 1 && closedAtFan.length >= 1 && ended.length >= 1);
    const closing = { sessionId: id, peerId: null, reason: 'The call has ended.' };
    expect(closedAtCreator).toEqual([closing]);
    expect(closedAtFan).toEqual([closing]);

    const atFan = collect(fanPage, 'live/signal');
    const errors = collect(creatorPage, 'live/error');
    creatorPage.emit('call/media-signal', { sessionId: id, to: fan.user.id, candidate });
    expect(await join(creatorPage, id)).toEqual({
      ok: false,
      message: 'This call is finished; you can join only while it is live.',
    });
    await until(() => errors.length >= 2);
    expect(errors[0]).toEqual({ message: 'That person is not in this call.' });
    expect(atFan).toEqual([]);
  });

  it('asks the gate on every relay: a call ended elsewhere closes both pages at the next signal', async () => {
    const { fan, creator, id } = await liveCall();
    const creatorPage = await open(creator);
    const fanPage = await open(fan);
    await join(creatorPage, id);
    await join(fanPage, id);
    const closedAtFan = collect(fanPage, 'live/close');
    const atFan = collect(fanPage, 'live/signal');
    const errors = collect(creatorPage, 'live/error');
    // Ended in the database only (another node's ticker, say): the pair here still stands.
    await endLiveCallSession(t.ctx.db.db, { id, reason: 'insufficient_balance', now: clock.now() });
    creatorPage.emit('call/media-signal', { sessionId: id, to: fan.user.id, candidate });
    await until(() => errors.length >= 1 && closedAtFan.length >= 1);
    expect(errors).toEqual([{ message: 'This call is finished; you can join only while it is live.' }]);
    expect(closedAtFan).toEqual([{ sessionId: id, peerId: null, reason: 'The call has ended.' }]);
    expect(atFan).toEqual([]);
  });

  it('drops bad payloads with an error event', async () => {
    const { fan, creator, id } = await liveCall();
    const creatorPage = await open(creator);
    await join(creatorPage, id);
    await join(await open(fan), id);
    const errors = collect(creatorPage, 'live/error');
    const bad: unknown[] = [
      'nonsense',
      { sessionId: id, to: fan.user.id },
      { sessionId: id, to: fan.user.id, description: offer, candidate },
      { sessionId: 'not-an-id', to: fan.user.id, candidate },
    ];
    for (const payload of bad) creatorPage.emit('call/media-signal', payload);
    expect(await join(creatorPage, 42)).toEqual({ ok: false, message: 'That call was not found.' });
    await until(() => errors.length >= bad.length + 1);
    expect(errors[0]).toEqual({ message: 'That call video signal was not understood.' });
    expect(errors).toHaveLength(bad.length + 1);
  });
});
