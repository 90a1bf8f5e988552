import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { JanusRooms } from './janus/janus-api';
import { findJanusBinary } from './janus/janus-process';
import { JanusMedia } from './media/janus-media';

type Json = Record<string, unknown>;
type Account = Awaited<ReturnType<TestApp['fan']>>;
interface Grant {
  url: string;
  room: string;
  token: string;
  roomToken: string;
  feed: string;
  role: string;
}

/** A browser's side of Janus, as the web client speaks it: one session, one VideoRoom handle. */
class JanusWsClient {
  private next = 0;
  private constructor(private readonly ws: WebSocket) {}

  static async open(url: string) {
    const ws = new WebSocket(url, 'janus-protocol');
    await once(ws, 'open');
    expect(ws.protocol).toBe('janus-protocol');
    return new JanusWsClient(ws);
  }

  /** Sends one request; answers its result (for plugin messages the event after the `ack`). */
  request(body: Json): Promise<Json> {
    const transaction = `t${this.next++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(body)}`)), 5000);
      const onMessage = (raw: WebSocket.RawData) => {
        const message = JSON.parse(raw.toString()) as Json;
        if (message.transaction !== transaction || message.janus === 'ack') return;
        clearTimeout(timer);
        this.ws.off('message', onMessage);
        resolve(message);
      };
      this.ws.on('message', onMessage);
      this.ws.send(JSON.stringify({ ...body, transaction }));
    });
  }

  /** Creates a session with the core token, attaches the VideoRoom and joins as a publisher. */
  joinAsPublisher(grant: Grant, roomToken: string, id?: string): Promise<Json> {
    return this.join(grant, { ptype: 'publisher', token: roomToken, ...(id ? { id } : {}) });
  }

  /** The same, as a subscriber to the grant's feed (what a viewer's page does). */
  joinAsSubscriber(grant: Grant): Promise<Json> {
    return this.join(grant, { ptype: 'subscriber', token: grant.roomToken, streams: [{ feed: grant.feed }] });
  }

  private async join(grant: Grant, body: Json): Promise<Json> {
    const session = await this.request({ janus: 'create', token: grant.token });
    const sessionId = (session.data as { id: number }).id;
    const handle = await this.request({
      janus: 'attach',
      session_id: sessionId,
      plugin: 'janus.plugin.videoroom',
      token: grant.token,
    });
    const answer = await this.request({
      janus: 'message',
      session_id: sessionId,
      handle_id: (handle.data as { id: number }).id,
      token: grant.token,
      body: { request: 'join', room: grant.room, ...body },
    });
    return (answer.plugindata as { data: Json }).data;
  }
}

const binary = findJanusBinary();
if (!binary && !process.env.CI)
  console.log('live media tests skipped: no janus binary (apt-get install janus)');

describe.runIf(binary || process.env.CI)('the video of live shows, on our own Janus', () => {
  let t: TestApp;
  let base: string;
  let media: JanusMedia;

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_MEDIA: 'janus' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    if (!(t.ctx.media instanceof JanusMedia))
      throw new Error('LIVE_MEDIA=janus did not choose our own Janus');
    media = t.ctx.media;
    // What Janus's event handler really posts, as our route read it.
    const read = media.readEvents.bind(media);
    media.readEvents = (batch) => {
      posted.push(...(Array.isArray(batch) ? batch : [batch]));
      return read(batch);
    };
  }, 30_000);
  const posted: { type: number; event?: Record<string, unknown> | unknown[] }[] = [];
  // The Janus clients stay open: closing the app must end their pipes and not wait for them.
  afterAll(() => t?.close(), 10_000);

  const call = (who: Account, method: string, path: string, body?: object) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const join = (who: Account, id: string) => call(who, 'GET', `/streaming/join/${id}`);
  const roomExists = (id: string) => new JanusRooms(media.janusProcess!).roomExists(id);
  const connect = (url: string) => JanusWsClient.open(url);

  let creator: Account;
  let fan: Account;
  let showId: string;

  it('opens a room in Janus when the creator goes live', async () => {
    creator = await t.creator();
    fan = await t.fan();
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(Date.now() + 86_400_000),
    });
    const res = await call(creator, 'POST', '/streaming/live', { title: 'Studio test' });
    expect(res.status).toBe(200);
    showId = ((await res.json()) as { data: { _id: string } }).data._id;
    expect(await roomExists(showId)).toBe(true);
  }, 30_000);

  it("lets the creator publish through our port's WebSocket proxy with the grant", async () => {
    const res = await join(creator, showId);
    expect(res.status).toBe(200);
    const grant = ((await res.json()) as { data: Grant }).data;
    expect(grant).toMatchObject({ provider: 'janus', room: showId, role: 'publish', feed: creator.user.id });
    expect(grant.url).toBe(`${base.replace('http', 'ws')}/api/streaming/janus-ws`);
    const client = await connect(grant.url);
    const joined = await client.joinAsPublisher(grant, grant.roomToken, grant.feed);
    expect(joined).toMatchObject({ videoroom: 'joined', room: showId, id: creator.user.id });
    // Janus tells our API (basic auth, its own credentials) that the creator joined the room.
    await vi.waitFor(
      () =>
        expect(posted).toContainEqual(
          expect.objectContaining({
            type: 64,
            event: expect.objectContaining({
              plugin: 'janus.plugin.videoroom',
              data: expect.objectContaining({ event: 'joined', room: showId, id: creator.user.id }),
            }),
          }),
        ),
      { timeout: 10_000, interval: 100 },
    );
  }, 20_000);

  it("lets an entitled viewer's tokens subscribe to the feed, but not publish", async () => {
    const res = await join(fan, showId);
    expect(res.status).toBe(200);
    const grant = ((await res.json()) as { data: Grant }).data;
    expect(grant).toMatchObject({ role: 'watch', feed: creator.user.id });
    const client = await connect(grant.url);
    const refused = await client.joinAsPublisher(grant, grant.roomToken);
    expect(refused.videoroom).toBe('event');
    expect(String(refused.error)).toContain('not in the allowed list');
    // Its tokens pass the room's checks to watch: only the feed is missing (the creator sends no media here).
    const watching = await (await connect(grant.url)).joinAsSubscriber(grant);
    expect(watching).toMatchObject({ error_code: 428, error: `No such feed (${creator.user.id})` });
  });

  it('leaves socket.io its own upgrades, and refuses other WebSocket paths', async () => {
    const io = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const [first] = (await once(io, 'message')) as [WebSocket.RawData];
    expect(first.toString()).toMatch(/^0\{"sid"/);
    io.close();
    const other = new WebSocket(`${base.replace('http', 'ws')}/api/elsewhere`);
    const [, response] = (await once(other, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(404);
  });

  it('gives no grant to a fan who is not subscribed, nor for a show that does not exist', async () => {
    const stranger = await t.fan();
    const refused = await join(stranger, showId);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Subscribe to .+\.$/);
    const missing = await join(fan, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('recreates the room on the next join when Janus stopped while the show is live', async () => {
    const janus = media.janusProcess!;
    process.kill(janus.pid, 'SIGKILL');
    await janus.exited;
    const res = await join(fan, showId);
    expect(res.status).toBe(200);
    expect(media.janusProcess?.pid).not.toBe(janus.pid);
    expect(await roomExists(showId)).toBe(true);
  }, 30_000);

  it('destroys the room when the show ends, and then answers joins with a sentence', async () => {
    expect((await call(creator, 'POST', `/streaming/live/${showId}/end`)).status).toBe(200);
    expect(await roomExists(showId)).toBe(false);
    const res = await join(creator, showId);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('This live show has ended.');
  });
});
