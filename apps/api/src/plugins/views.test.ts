import type { AddressInfo } from 'node:net';
import { serverEvents } from '@fanstage/contract';
import { eq, follows, performerProfiles } from '@fanstage/db';
import { buildFeed, buildSubscription } from '@fanstage/db/factories';
import Fastify from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../test/helpers';
import { syncTimelines } from '../../test/timelines';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { createViewCache, viewTopics, viewTtlMs } from '../lib/view-cache';
import { fanOutPost } from '../modules/feeds/timeline.service';
import { errorsPlugin } from './errors';
import { sendView } from './views';

/*
 * Performance rule (statement budgets): a page a person reads again within seconds (the home
 * timeline, a creator's feed, a conversation) is this node's copy and sends no SQL; whatever the
 * reader or the people on the page change is seen at once, on this node and (through Redis) on
 * the others.
 */

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  // No settle time: the tests read again right after a change and expect the copy to be kept.
  t.ctx.views = createViewCache({ settleMs: 0 });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;
type Card = { _id: string; isLiked: boolean; canView: boolean; text: string };

async function statementsOf(app: TestApp, run: () => Promise<unknown>): Promise<number> {
  const before = app.ctx.db.statements();
  await run();
  return app.ctx.db.statements() - before;
}

const read = async (app: TestApp, url: string, account?: Account, headers: Record<string, string> = {}) => {
  const res = await app.request({ url, token: account?.token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const timeline = async (app: TestApp, fan: Account) =>
  (await read(app, '/api/user/feeds?limit=20', fan)).json().data as Card[];

/** Reads the page twice: the second read must be the node's copy. */
async function warm(app: TestApp, url: string, account?: Account) {
  const first = await read(app, url, account);
  let second = first;
  expect(await statementsOf(app, async () => (second = await read(app, url, account)))).toBe(0);
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toBe(first.headers['content-type']);
}

async function followedPost(fan: Account, creator: Account) {
  await t.ctx.db.db.insert(follows).values({ followerId: fan.user.id, performerId: creator.user.id });
  const feed = await buildFeed(t.ctx.db.db, {
    performerId: creator.user.id,
    type: 'text',
    text: 'Hello followers',
    publishedAt: new Date(clock.now().getTime() - 60_000),
  });
  await syncTimelines(t);
  return feed;
}

const send = (account: Account, method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, token: account.token, payload });

describe('the home timeline from the node’s copy', () => {
  it('answers a repeat read with no SQL and the same bytes', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await followedPost(fan, creator);
    await warm(t, '/api/user/feeds?limit=20', fan);
  });

  it('shows the reader’s own like at once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const feed = await followedPost(fan, creator);
    await warm(t, '/api/user/feeds?limit=20', fan);
    const like = await send(fan, 'POST', '/api/reactions', {
      objectType: 'feed',
      objectId: feed.id,
      action: 'like',
    });
    expect(like.statusCode, like.body).toBe(200);
    expect((await timeline(t, fan)).find((c) => c._id === feed.id)?.isLiked).toBe(true);
  });

  it('drops a post its creator deleted at once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    // Written past the API: a post created through it queues its fan-out job, whose forget of every
    // home timeline could land while `warm` reads and keep the copy from being stored (it did on
    // PostgreSQL under CI's load).
    const feed = await followedPost(fan, creator);
    // The creator's post counter, as creating it through the API leaves it (deleting takes it back).
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ postsCount: 1 })
      .where(eq(performerProfiles.userId, creator.user.id));
    await warm(t, '/api/user/feeds?limit=20', fan);
    expect((await timeline(t, fan)).map((c) => c._id)).toContain(feed.id);
    const deleted = await send(creator, 'DELETE', `/api/performer/feeds/${feed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await timeline(t, fan)).map((c) => c._id)).not.toContain(feed.id);
  });

  it('drops a post an admin hid at once', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    const feed = await followedPost(fan, creator);
    await warm(t, '/api/user/feeds?limit=20', fan);
    const hide = await send(admin, 'POST', `/api/admin/content/feed/${feed.id}/hide`, { reason: 'Spam' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await timeline(t, fan)).map((c) => c._id)).not.toContain(feed.id);
  });

  it('shows a new post of another creator once it was fanned out', async () => {
    const [fan, first, second] = [await t.fan(), await t.creator(), await t.creator()];
    await followedPost(fan, first);
    await t.ctx.db.db.insert(follows).values({ followerId: fan.user.id, performerId: second.user.id });
    await warm(t, '/api/user/feeds?limit=20', fan);
    const feed = await buildFeed(t.ctx.db.db, {
      performerId: second.user.id,
      type: 'text',
      text: 'Fresh',
      publishedAt: new Date(clock.now().getTime() - 1_000),
    });
    expect(await fanOutPost(t.ctx, feed.id)).toBe(1);
    expect((await timeline(t, fan)).map((c) => c._id)).toContain(feed.id);
  });

  it('reads again on a reload (Cache-Control: no-cache) and when the copy is older than its TTL', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await followedPost(fan, creator);
    await warm(t, '/api/user/feeds?limit=20', fan);
    const reload = () => read(t, '/api/user/feeds?limit=20', fan, { 'cache-control': 'no-cache' });
    expect(await statementsOf(t, reload)).toBeGreaterThan(0);
    await warm(t, '/api/user/feeds?limit=20', fan);
    clock.advance(viewTtlMs);
    expect(await statementsOf(t, () => timeline(t, fan))).toBeGreaterThan(0);
  });

  it('keeps each reader’s copy apart: another fan never receives it', async () => {
    const [fan, other, creator] = [await t.fan(), await t.fan(), await t.creator()];
    const feed = await followedPost(fan, creator);
    await warm(t, '/api/user/feeds?limit=20', fan);
    expect((await timeline(t, other)).map((c) => c._id)).not.toContain(feed.id);
  });
});

describe('a creator’s feed from the node’s copy', () => {
  it('gives a subscriber and a visitor their own view, and a new subscriber theirs at once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const secret = 'For subscribers only';
    const feed = await buildFeed(t.ctx.db.db, {
      performerId: creator.user.id,
      type: 'text',
      text: secret,
      isSale: false,
      publishedAt: new Date(clock.now().getTime() - 60_000),
    });
    const url = `/api/user/feeds/search/${creator.user.username}?limit=20`;
    await warm(t, url);
    await warm(t, url, fan);
    expect((await read(t, url, fan)).body).not.toContain(secret);
    // A subscription written past the services (as a card payment's webhook would): the account
    // forget it causes reaches the pages of both.
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    t.ctx.accountCache.forget(creator.user.id);
    const cards = (await read(t, url, fan)).json().data as Card[];
    expect(cards.find((c) => c._id === feed.id)).toMatchObject({ canView: true, text: secret });
    expect((await read(t, url)).body).not.toContain(secret);
  });
});

describe('a conversation page from the node’s copy', () => {
  it('answers a repeat read with no SQL and shows the other member’s message at once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const opened = await send(fan, 'POST', '/api/conversations', {
      source: 'performer',
      sourceId: creator.user.id,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = opened.json().data._id as string;
    const url = `/api/messages/conversations/${conversationId}`;
    expect((await send(fan, 'POST', url, { text: 'Hi there' })).statusCode).toBe(200);
    await warm(t, url, fan);
    const reply = await send(creator, 'POST', url, { text: 'Welcome!' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await read(t, url, fan)).body).toContain('Welcome!');
    // A stranger's id answers 404 and is never the member's copy.
    const stranger = await t.fan();
    expect((await t.request({ url, token: stranger.token })).statusCode).toBe(404);
  });
});

describe('the cache itself', () => {
  it('keeps no read that began before one of its people was forgotten', () => {
    const cache = createViewCache({ settleMs: 0 });
    const since = cache.begin();
    cache.forget('creator');
    cache.set('page', Buffer.from('old'), { people: ['fan', 'creator'], now: 0, readSince: since });
    expect(cache.get('page', 0)).toBeUndefined();
    cache.set('page', Buffer.from('new'), { people: ['fan', 'creator'], now: 0, readSince: cache.begin() });
    expect(cache.get('page', 0)?.toString()).toBe('new');
    cache.forget('fan');
    expect(cache.get('page', 0)).toBeUndefined();
  });

  it('keeps nothing for a while after a forget, and forgets every page on a topic', () => {
    let now = 0;
    const cache = createViewCache({ settleMs: 1_000, monotonicNow: () => now });
    cache.forget('fan');
    cache.set('a', Buffer.from('x'), { people: ['fan'], now: 0, readSince: cache.begin() });
    expect(cache.size).toBe(0);
    now = 1_000;
    cache.set('a', Buffer.from('x'), {
      people: ['fan', viewTopics.homeTimelines],
      now: 0,
      readSince: cache.begin(),
    });
    cache.set('b', Buffer.from('y'), { people: ['other'], now: 0, readSince: cache.begin() });
    expect(cache.size).toBe(2);
    cache.forget(viewTopics.homeTimelines);
    expect([cache.get('a', 0), cache.get('b', 0)?.toString()]).toEqual([undefined, 'y']);
    now = 2_000;
    cache.forget(viewTopics.all);
    expect(cache.size).toBe(0);
  });

  it('holds at most its bytes, dropping the oldest page first', () => {
    const cache = createViewCache({ settleMs: 0, maxBytes: 10 });
    for (const key of ['a', 'b', 'c']) {
      cache.set(key, Buffer.alloc(4), { people: [key], now: 0, readSince: cache.begin() });
    }
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });
});

describe('reads of one page at once', () => {
  /** A bare app whose one page is read by `read` (no reader: a signed-out page). */
  async function pageApp(read: () => Promise<{ body: unknown; people: readonly string[] }>) {
    const app = Fastify();
    await app.register(errorsPlugin);
    const ctx = { clock, views: createViewCache({ settleMs: 0 }) } as unknown as AppContext;
    app.get('/page', async (req, reply) => sendView(ctx, req, reply, { country: null, read }));
    await app.ready();
    return { app, ctx };
  }
  const gate = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  };

  it('answers the requests that arrive while the page is read with that one read', async () => {
    let reads = 0;
    const held = gate();
    const { app } = await pageApp(async () => {
      reads += 1;
      await held.opened;
      return { body: { n: reads }, people: ['creator'] };
    });
    const first = app.inject({ url: '/page' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const others = Array.from({ length: 5 }, () => app.inject({ url: '/page' }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    held.open();
    const answers = await Promise.all([first, ...others]);
    expect(reads).toBe(1);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(answers.map(() => [200, '{"n":1}']));
    await app.close();
  });

  it('reads again for a request that came after a forget, or with no-cache, while a read is under way', async () => {
    let reads = 0;
    const held = gate();
    const { app, ctx } = await pageApp(async () => {
      reads += 1;
      const n = reads;
      await held.opened;
      return { body: { n }, people: ['creator'] };
    });
    const first = app.inject({ url: '/page' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Someone changed something (anyone: the page's people are known only once it is read).
    ctx.views.forget('someone else');
    const afterForget = app.inject({ url: '/page' });
    const reload = app.inject({ url: '/page', headers: { 'cache-control': 'no-cache' } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    held.open();
    const answers = await Promise.all([first, afterForget, reload]);
    expect(reads).toBe(3);
    expect(answers.map((a) => a.json().n).sort()).toEqual([1, 2, 3]);
    await app.close();
  });

  it('gives every waiting request the read’s error, and the next request reads again', async () => {
    let reads = 0;
    const held = gate();
    const { app } = await pageApp(async () => {
      reads += 1;
      await held.opened;
      if (reads === 1) throw new AppError('NOT_FOUND', 'That page was not found.');
      return { body: { n: reads }, people: [] };
    });
    const waiting = Array.from({ length: 3 }, () => app.inject({ url: '/page' }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    held.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual(
      answers.map(() => [404, 'That page was not found.']),
    );
    expect(reads).toBe(1);
    const next = await app.inject({ url: '/page' });
    expect([next.statusCode, next.json().n, reads]).toEqual([200, 2, 2]);
    await app.close();
  });

  it('a conversation page asked eight times at once costs the statements of one read', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const opened = await send(fan, 'POST', '/api/conversations', {
      source: 'performer',
      sourceId: creator.user.id,
    });
    const url = `/api/messages/conversations/${opened.json().data._id as string}`;
    expect((await send(fan, 'POST', url, { text: 'Hi there' })).statusCode).toBe(200);
    const one = await statementsOf(t, () => read(t, url, fan, { 'cache-control': 'no-cache' }));
    expect(one).toBeGreaterThan(0);
    clock.advance(viewTtlMs);
    let bodies: string[] = [];
    const eight = await statementsOf(t, async () => {
      bodies = (await Promise.all(Array.from({ length: 8 }, () => read(t, url, fan)))).map((r) => r.body);
    });
    expect(eight).toBe(one);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('Hi there');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two nodes on one database and Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ sharedDb: t.ctx.db, clock });
    second.ctx.views = createViewCache({ settleMs: 0 });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a message sent on node A is in node B’s page when its live event reaches node B', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const opened = await send(fan, 'POST', '/api/conversations', {
      source: 'performer',
      sourceId: creator.user.id,
    });
    const url = `/api/messages/conversations/${opened.json().data._id as string}`;
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: fan.token },
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once(serverEvents.authResult, resolve);
        socket.once('connect_error', reject);
      });
      for (let i = 0; i < 5; i++) {
        await warm(second, url, fan);
        const text = `Message ${i}`;
        // Read the page the moment the event arrives, as the browser's catch-up would.
        const seen = new Promise<string>((resolve) =>
          socket.once(serverEvents.messageCreated, () =>
            resolve(read(second, url, fan).then((res) => res.body)),
          ),
        );
        expect((await send(creator, 'POST', url, { text })).statusCode).toBe(200);
        expect(await seen).toContain(text);
      }
    } finally {
      socket.disconnect();
    }
  });

  it('a like on node A shows in the timeline node B serves', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const feed = await followedPost(fan, creator);
    await warm(second, '/api/user/feeds?limit=20', fan);
    const like = await send(fan, 'POST', '/api/reactions', {
      objectType: 'feed',
      objectId: feed.id,
      action: 'like',
    });
    expect(like.statusCode).toBe(200);
    await expect
      .poll(async () => (await timeline(second, fan)).find((c) => c._id === feed.id)?.isLiked, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(true);
  });
});
