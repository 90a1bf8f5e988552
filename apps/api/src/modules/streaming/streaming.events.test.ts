import { eq, liveSessions } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import type { MediaEvent } from './media/live-media';
import { endAbandonedShows } from './streaming.service';

/*
 * Janus's HTTP event handler, played with payloads shaped as Janus 1.x's sampleevh posts them
 * (grouping = true: an array per post). The session, handle and VideoRoom `joined` shapes are those
 * our own Janus posted in streaming.media.test.ts (tokens included); WebRTC and media events follow
 * Janus's documented shapes, as no real media flows in the tests. The API is set up with a Janus run elsewhere (JANUS_URL and
 * its secrets) that is not there: the shows go on without rooms, and only the events are tested.
 */
const eventsPassword = 'events-password-0123456789';
const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['creator']>>;
const heard: MediaEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      LIVE_MEDIA: 'janus',
      JANUS_URL: 'http://127.0.0.1:9/janus',
      JANUS_TOKEN_SECRET: 'token-secret-0123456789',
      JANUS_ROOM_ADMIN_KEY: 'room-admin-key',
      JANUS_EVENTS_PASSWORD: eventsPassword,
    },
  });
  t.ctx.media.onEvent((event) => heard.push(event));
});
afterAll(async () => {
  await t.close();
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const rightAuth = basic('janus', eventsPassword);

const post = (payload: unknown, authorization: string | null = rightAuth, raw?: string) =>
  t.request({
    method: 'POST',
    url: '/api/streaming/janus-events',
    headers: {
      'content-type': 'application/json',
      ...(authorization ? { authorization } : {}),
    },
    payload: raw ?? JSON.stringify(payload),
  });

async function startShow(creator: Account): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/streaming/live',
    token: creator.token,
    payload: { title: 'Evening show' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

const showRow = async (id: string) => {
  const [row] = await t.ctx.db.db.select().from(liveSessions).where(eq(liveSessions.id, id));
  return row!;
};

let ids = 1000;
const ts = () => Date.now() * 1000;

/** A creator's page publishing: session, handle, VideoRoom join and publish, ICE, WebRTC up, media. */
function publisherUp(room: string, feed: string) {
  const session = ids++;
  const handle = ids++;
  const base = {
    emitter: 'MyJanusInstance',
    session_id: session,
    handle_id: handle,
    opaque_id: `live-${feed}`,
  };
  const batch = [
    {
      emitter: 'MyJanusInstance',
      type: 1,
      timestamp: ts(),
      session_id: session,
      event: { name: 'created', transport: { transport: 'janus.transport.websockets', id: '0x7f1' } },
    },
    {
      ...base,
      type: 2,
      timestamp: ts(),
      event: { name: 'attached', plugin: 'janus.plugin.videoroom', opaque_id: `live-${feed}` },
    },
    {
      ...base,
      type: 64,
      timestamp: ts(),
      event: {
        plugin: 'janus.plugin.videoroom',
        data: {
          event: 'joined',
          room,
          id: feed,
          private_id: 780_535_835,
          token: `1795637240,janus.plugin.videoroom,room=${room},user=${feed}:WkJKRZgsyMFFfEE6rCHD9DnZz/4=`,
        },
      },
    },
    {
      ...base,
      type: 64,
      timestamp: ts(),
      event: {
        plugin: 'janus.plugin.videoroom',
        data: {
          event: 'published',
          room,
          id: feed,
          streams: [
            { type: 'audio', mindex: 0, mid: '0', codec: 'opus' },
            { type: 'video', mindex: 1, mid: '1', codec: 'vp8' },
          ],
        },
      },
    },
    { ...base, type: 16, timestamp: ts(), event: { ice: 'connected', stream_id: 1, component_id: 1 } },
    { ...base, type: 16, timestamp: ts(), event: { connection: 'webrtc-up' } },
    { ...base, type: 32, timestamp: ts(), event: { mid: '1', mindex: 1, media: 'video', receiving: true } },
  ];
  return { session, handle, base, batch };
}

/**
 * The periodic stats of a publisher (stats_period = 5, combine_media_stats = true): one event whose
 * `event` is an array with an entry per stream, as our Janus posted it in the live bench.
 */
const streamStats = (mid: string, media: 'audio' | 'video') => ({
  mid,
  mindex: Number(mid),
  media,
  codec: media === 'audio' ? 'opus' : 'vp8',
  base: media === 'audio' ? 48000 : 90000,
  rtt: 0,
  lost: 0,
  'lost-by-remote': 0,
  'jitter-local': 4,
  'jitter-remote': 0,
  'in-link-quality': 100,
  'in-media-link-quality': 100,
  'out-link-quality': 0,
  'out-media-link-quality': 0,
  'packets-received': 330,
  'packets-sent': 0,
  'bytes-received': 329_456,
  'bytes-sent': 0,
  'bytes-received-lastsec': 65_182,
  'bytes-sent-lastsec': 0,
  'nacks-received': 0,
  'nacks-sent': 0,
  'retransmissions-received': 0,
});
const videoStats = (base: object) => ({
  ...base,
  type: 32,
  subtype: 3,
  timestamp: ts(),
  event: [streamStats('0', 'audio'), streamStats('1', 'video')],
});

const hangup = (base: object) => [
  { ...base, type: 16, timestamp: ts(), event: { connection: 'hangup', reason: 'DTLS alert' } },
  { ...base, type: 2, timestamp: ts(), event: { name: 'detached', plugin: 'janus.plugin.videoroom' } },
];

describe('Janus events (POST /streaming/janus-events)', () => {
  it('refuses wrong or missing credentials with 401 and records nothing', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const { batch } = publisherUp(id, creator.user.id);
    for (const authorization of [
      null,
      basic('janus', 'wrong-password'),
      basic('admin', eventsPassword),
      basic('janus', `${eventsPassword}x`),
      `Bearer ${eventsPassword}`,
      'Basic !!!',
    ]) {
      const res = await post(batch, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().message).toBe('These Janus event credentials are not accepted.');
    }
    // Refused before the body is read: even a malformed one is 401, not 400.
    expect((await post(null, basic('janus', 'nope'), '{not json')).statusCode).toBe(401);
    expect(await showRow(id)).toMatchObject({ publisherSeenAt: null, publisherGoneAt: null });
  });

  it("records the creator's media up, and tells listeners about viewers joining and leaving", async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const publisher = publisherUp(id, creator.user.id);
    const res = await post(publisher.batch);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.read).toBeGreaterThan(0);
    expect((await showRow(id)).publisherSeenAt).toEqual(clock.now());

    heard.length = 0;
    const viewer = { emitter: 'MyJanusInstance', session_id: ids++, handle_id: ids++ };
    await post([
      { ...viewer, type: 2, timestamp: ts(), event: { name: 'attached', plugin: 'janus.plugin.videoroom' } },
      {
        ...viewer,
        type: 64,
        timestamp: ts(),
        event: {
          plugin: 'janus.plugin.videoroom',
          data: { event: 'subscribing', room: id, streams: [{ feed: creator.user.id, mid: '1' }] },
        },
      },
      { ...viewer, type: 16, timestamp: ts(), event: { connection: 'webrtc-up' } },
    ]);
    await post(hangup(viewer));
    const label = `${viewer.session_id}:${viewer.handle_id}`;
    expect(heard).toEqual([
      { kind: 'viewer-joined', room: id, viewer: label },
      { kind: 'viewer-left', room: id, viewer: label },
    ]);

    // Stats keep the publisher seen.
    clock.advance(5_000);
    await post([videoStats(publisher.base)]);
    expect((await showRow(id)).publisherSeenAt).toEqual(clock.now());

    // Janus groups events: a post mixing stats (an array) with the creator's hangup is read whole.
    heard.length = 0;
    clock.advance(1_000);
    const mixed = await post([videoStats(publisher.base), ...hangup(publisher.base)]);
    expect(mixed.statusCode).toBe(200);
    expect(heard).toContainEqual({ kind: 'publisher-down', room: id, feed: creator.user.id });
    expect((await showRow(id)).publisherGoneAt).toEqual(clock.now());
    // The creator's page publishes again (the show must not end under the next test's clock).
    await post(publisherUp(id, creator.user.id).batch);
    expect((await showRow(id)).publisherGoneAt).toBeNull();
  });

  it("ends a show whose creator's media has been gone over a minute, not one seen recently", async () => {
    const gone = await t.creator();
    const goneId = await startShow(gone);
    const stays = await t.creator();
    const staysId = await startShow(stays);
    const brief = await t.creator();
    const briefId = await startShow(brief);
    const silent = await t.creator();
    const silentId = await startShow(silent);

    const a = publisherUp(goneId, gone.user.id);
    const b = publisherUp(staysId, stays.user.id);
    const c = publisherUp(briefId, brief.user.id);
    await post([...a.batch, ...b.batch, ...c.batch]);
    await post(hangup(a.base));
    expect((await showRow(goneId)).publisherGoneAt).toEqual(clock.now());

    clock.advance(30_000);
    // This creator's media stops for a moment, then comes back.
    await post([
      { ...c.base, type: 32, timestamp: ts(), event: { mid: '1', media: 'video', receiving: false } },
    ]);
    clock.advance(31_000);
    await post([videoStats(b.base)]);
    expect(await endAbandonedShows(t.ctx)).toBe(1);
    await post([
      { ...c.base, type: 32, timestamp: ts(), event: { mid: '1', media: 'video', receiving: true } },
    ]);
    clock.advance(60_000);
    expect(await endAbandonedShows(t.ctx)).toBe(0);

    expect(await showRow(goneId)).toMatchObject({ status: 'ended', endReason: 'publisher_gone' });
    expect((await showRow(staysId)).status).toBe('live');
    expect((await showRow(briefId)).status).toBe('live');
    // A show whose media never came (no Janus, or the creator never allowed the camera) stays live.
    expect((await showRow(silentId)).status).toBe('live');
    const page = await t.request({ url: `/api/streaming/${goneId}`, token: gone.token });
    expect(page.json().data).toMatchObject({ status: 'ended', canJoin: false });
  });

  it('does not take the show down when a stale handle of the creator goes after they published again', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const first = publisherUp(id, creator.user.id);
    await post(first.batch);
    const second = publisherUp(id, creator.user.id);
    await post(second.batch);
    // The first tab's session times out 30 s later.
    await post([
      { emitter: 'MyJanusInstance', type: 1, session_id: first.session, event: { name: 'timeout' } },
    ]);
    expect((await showRow(id)).publisherGoneAt).toBeNull();
    await post([
      {
        ...second.base,
        type: 64,
        event: {
          plugin: 'janus.plugin.videoroom',
          data: { event: 'leaving', room: id, id: creator.user.id },
        },
      },
    ]);
    expect((await showRow(id)).publisherGoneAt).toEqual(clock.now());
  });

  it("ignores a feed that claims another creator's show, foreign rooms and unknown events", async () => {
    const creator = await t.creator();
    const other = await t.creator();
    const id = await startShow(creator);
    const res = await post([
      ...publisherUp(id, other.user.id).batch,
      ...publisherUp('1234', creator.user.id).batch,
      ...publisherUp(id, 'not-a-uuid').batch,
      { type: 256, timestamp: ts(), event: { status: 'started', info: { janus: 'server_info' } } },
      { type: 128, event: { transport: 'janus.transport.http', data: { event: 'request' } } },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await showRow(id)).publisherSeenAt).toBeNull();
  });

  it('refuses malformed JSON, NUL bytes, wrong shapes and huge bodies with 4xx and a sentence', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const cases: { raw?: string; payload?: unknown; status: number }[] = [
      { raw: '{"type": 16, "event":', status: 400 },
      { raw: '', status: 400 },
      { payload: 'hello', status: 400 },
      { payload: [1, 2, 3], status: 400 },
      { payload: [{ type: 'sixteen' }], status: 400 },
      { payload: [{ type: 64, event: 'x' }], status: 400 },
      {
        payload: [
          {
            type: 64,
            session_id: 1,
            handle_id: 2,
            event: { plugin: 'janus.plugin.videoroom', data: { event: 'joined', room: id, id: 'a\u0000b' } },
          },
        ],
        status: 400,
      },
      { payload: Array.from({ length: 2001 }, () => ({ type: 256 })), status: 400 },
      {
        raw: `[${'{"type":256,"event":{"pad":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}},'.repeat(12_000)}{"type":256}]`,
        status: 413,
      },
    ];
    for (const c of cases) {
      const res = await post(c.payload, rightAuth, c.raw);
      expect(res.statusCode, (c.raw ?? JSON.stringify(c.payload)).slice(0, 60)).toBe(c.status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await showRow(id)).toMatchObject({ publisherSeenAt: null, status: 'live' });
  });
});
