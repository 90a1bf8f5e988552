import { and, eq, feedFiles, follows, timelineEntries } from '@fanstage/db';
import { buildFeed, buildPurchase, buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';
import { insertFile } from '../media/media.repo';
import { fanOutPost, pruneLapsedTimelines } from './timeline.service';

/*
 * Statement budgets of the read hot paths (STYLE.md habit 14), on enough data that a query per
 * post or per creator would show, and the rules of the timeline's fan-out on write.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

/** How many statements one request sent (nothing else runs meanwhile: no job is queued here). */
async function statementsOf(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const before = t.ctx.db.statements();
  const res = await run();
  expect(res.statusCode).toBe(200);
  return t.ctx.db.statements() - before;
}

async function photoPost(
  creator: Account,
  publishedAt: Date,
  extra: { price?: number; isSale?: boolean } = {},
) {
  const feed = await buildFeed(t.ctx.db.db, {
    performerId: creator.user.id,
    type: 'photo',
    publishedAt,
    ...extra,
  });
  for (const position of [0, 1]) {
    const file = await insertFile(t.ctx.db.db, {
      ownerId: creator.user.id,
      kind: 'feed-photo',
      visibility: 'private',
      storageKey: `private/originals/${feed.id}-${position}.jpg`,
      mimeType: 'image/jpeg',
      size: 10,
      status: 'ready',
      variants: { thumbnail: { key: `private/thumbs/${feed.id}-${position}.webp` } },
    });
    await t.ctx.db.db.insert(feedFiles).values({ feedId: feed.id, fileId: file.id, position });
  }
  return feed;
}

describe('statement budgets', () => {
  let fan: Account;
  let creators: Account[];

  beforeAll(async () => {
    fan = await t.fan();
    creators = [];
    for (let i = 0; i < 20; i++) creators.push(await t.creator());
    await t.ctx.db.db
      .insert(follows)
      .values(creators.map((c) => ({ followerId: fan.user.id, performerId: c.user.id })));
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creators[0]!.user.id,
      expiredAt: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    for (let i = 0; i < 30; i++) {
      const creator = creators[i % creators.length]!;
      const isSale = i % 5 === 0;
      const feed =
        i % 3 === 0
          ? await photoPost(creator, minutesAgo(i + 1), isSale ? { isSale, price: 4 } : {})
          : await buildFeed(t.ctx.db.db, {
              performerId: creator.user.id,
              publishedAt: minutesAgo(i + 1),
              ...(isSale ? { isSale, price: 3 } : {}),
            });
      if (i === 0) {
        await buildPurchase(t.ctx.db.db, {
          fanId: fan.user.id,
          performerId: creator.user.id,
          targetType: 'feed',
          targetId: feed.id,
        });
      }
    }
    await syncTimelines(t);
  });

  it('home timeline: one statement per page on a warm session', async () => {
    const page = () => t.request({ url: '/api/user/feeds?limit=12', token: fan.token });
    await page(); // warms the session and the settings caches
    const res = await page();
    expect(res.json().data).toHaveLength(12);
    expect(res.json().data[0]).toMatchObject({ canView: true, reason: 'purchased' });
    expect(res.json().data[0].files).toHaveLength(2);
    expect(await statementsOf(page)).toBeLessThanOrEqual(2);
    expect(
      await statementsOf(() => t.request({ url: '/api/user/feeds?limit=12&offset=12', token: fan.token })),
    ).toBeLessThanOrEqual(2);
  });

  it('creator feed page: at most two statements', async () => {
    const creator = creators[0]!;
    const page = () =>
      t.request({ url: `/api/user/feeds/search/${creator.user.username}`, token: fan.token });
    await page();
    expect((await page()).json().data.length).toBeGreaterThan(1);
    expect(await statementsOf(page)).toBeLessThanOrEqual(2);
    const visitor = () => t.request({ url: `/api/user/feeds/search/${creator.user.username}` });
    expect(await statementsOf(visitor)).toBeLessThanOrEqual(2);
  });
});

describe('timeline fan-out', () => {
  const home = async (fan: Account) =>
    ((await t.request({ url: '/api/user/feeds', token: fan.token })).json().data as { _id: string }[]).map(
      (p) => p._id,
    );
  const entriesOf = async (fan: Account, creator: Account) =>
    t.ctx.db.db
      .select()
      .from(timelineEntries)
      .where(and(eq(timelineEntries.fanId, fan.user.id), eq(timelineEntries.performerId, creator.user.id)));
  const post = async (creator: Account, payload: object = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: { type: 'text', text: 'News', fileIds: [], isSale: false, price: 0, ...payload },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data._id as string;
  };

  it('writes a published post into its followers’ and subscribers’ timelines when the job runs', async () => {
    const creator = await t.creator();
    const [follower, subscriber, stranger] = [await t.fan(), await t.fan(), await t.fan()];
    await t.request({ method: 'POST', url: `/api/follows/${creator.user.id}`, token: follower.token });
    await buildSubscription(t.ctx.db.db, {
      fanId: subscriber.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const id = await post(creator);
    expect(await fanOutPost(t.ctx, id)).toBe(2);
    expect(await home(follower)).toContain(id);
    expect(await home(subscriber)).toContain(id);
    expect(await home(stranger)).not.toContain(id);
  });

  it('backfills on follow; removes on unfollow, block and delete', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const older = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: minutesAgo(5) });
    await t.request({ method: 'POST', url: `/api/follows/${creator.user.id}`, token: fan.token });
    expect(await home(fan)).toEqual([older.id]);
    await t.request({ method: 'DELETE', url: `/api/follows/${creator.user.id}`, token: fan.token });
    expect(await entriesOf(fan, creator)).toEqual([]);
    expect(await home(fan)).toEqual([]);

    await t.request({ method: 'POST', url: `/api/follows/${creator.user.id}`, token: fan.token });
    const blocked = await t.request({
      method: 'POST',
      url: '/api/block/users',
      token: creator.token,
      payload: { targetId: fan.user.id, reason: 'Spam' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(await entriesOf(fan, creator)).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/block/users/${fan.user.id}`, token: creator.token });
    expect(await home(fan)).toEqual([older.id]);

    // A post made through the API (the factory's post is not in the creator's counters).
    const id = await post(creator);
    await fanOutPost(t.ctx, id);
    expect(await home(fan)).toEqual([id, older.id]);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/performer/feeds/${id}`,
      token: creator.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await entriesOf(fan, creator)).map((e) => e.feedId)).toEqual([older.id]);
  });

  it('shows a scheduled post from its time on', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await t.request({ method: 'POST', url: `/api/follows/${creator.user.id}`, token: fan.token });
    const id = await post(creator, {
      scheduledAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    await fanOutPost(t.ctx, id);
    expect(await home(fan)).toEqual([]);
    clock.advance(3_600_000 + 1000);
    expect(await home(fan)).toEqual([id]);
  });

  it('drops a lapsed subscription’s posts at once, and the sweep removes its entries', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 60_000),
    });
    const id = await post(creator);
    await fanOutPost(t.ctx, id);
    expect(await home(fan)).toEqual([id]);
    clock.advance(120_000);
    expect(await home(fan)).toEqual([]);
    expect(await pruneLapsedTimelines(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(fan, creator)).toEqual([]);
  });
});
