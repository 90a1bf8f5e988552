import { buildFeed, buildGallery, buildProduct, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/performers/:id', () => {
  it('shows a verified creator by username (any case) or id, with public fields only', async () => {
    const { user } = await t.creator({ country: 'FR' });
    const byName = await t.request({ url: `/api/performers/${user.username!.toUpperCase()}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toMatchObject({ _id: user.id, country: 'FR', isPerformer: true });
    expect(byName.json().data.email).toBeUndefined();
    expect((await t.request({ url: `/api/performers/${user.id}` })).statusCode).toBe(200);
  });

  it('hides an unverified or inactive creator from others, not from the creator or an admin', async () => {
    const unverified = await t.creator({ documentsVerified: false });
    const inactive = await t.creator({ status: 'inactive' });
    const fan = await t.fan();
    const admin = await t.admin();
    for (const c of [unverified, inactive]) {
      expect(
        (await t.request({ url: `/api/performers/${c.user.username}`, token: fan.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.request({ url: `/api/performers/${c.user.username}`, token: admin.token })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.request({ url: `/api/performers/${unverified.user.username}`, token: unverified.token }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for a fan, an unknown name and an unknown id', async () => {
    const fan = await t.fan();
    expect((await t.request({ url: `/api/performers/${fan.user.username}` })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/performers/nobody_here' })).statusCode).toBe(404);
    expect(
      (await t.request({ url: '/api/performers/01a2019b-4926-76fd-a59f-71dafbdd39d1' })).statusCode,
    ).toBe(404);
  });

  it('refuses an absurdly long key with 400', async () => {
    expect((await t.request({ url: `/api/performers/${'a'.repeat(200)}` })).statusCode).toBe(400);
  });
});

describe('GET /api/performers/:id profile fields', () => {
  it('shows prices as decimals, the free subscription, counters, socials, details and no private field', async () => {
    const { user } = await t.creator({
      monthlyPrice: 12.5,
      yearlyPrice: 120,
      freeSubscription: true,
      privateCallPrice: 4,
      gender: 'female',
      profile: {
        followersCount: 7,
        postsCount: 3,
        welcomeMessage: 'secret hello',
        commissionPercentage: 0.1,
        socials: { instagram: 'https://instagram.com/someone' },
        hair: 'red',
      },
    });
    const res = await t.request({ url: `/api/performers/${user.id}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      monthlyPrice: 12.5,
      yearlyPrice: 120,
      freeSubscription: true,
      isFollowed: false,
      stats: { posts: 3, photos: 0, videos: 0, subscribers: 0, followers: 7, likes: 0 },
      socials: { instagram: 'https://instagram.com/someone', twitter: null, tiktok: null, website: null },
      details: { gender: 'female', hair: 'red', eyes: null },
    });
    // The call price is public: fans see what a minute costs before they call (issue 11).
    expect(data).toMatchObject({ privateCallPrice: 4, acceptsCalls: false });
    for (const hidden of ['welcomeMessage', 'commissionPercentage', 'email', 'documents']) {
      expect(data[hidden]).toBeUndefined();
    }
  });

  it('offers no free subscription while the site setting is off', async () => {
    const { user } = await t.creator({ freeSubscription: true });
    await t.ctx.settings.update({ freeSubscriptionEnabled: false });
    try {
      const res = await t.request({ url: `/api/performers/${user.id}` });
      expect(res.json().data.freeSubscription).toBe(false);
    } finally {
      await t.ctx.settings.update({ freeSubscriptionEnabled: true });
    }
  });
});

/** A word no other creator of this file has, so searches see only this test's creators. */
const tag = (() => {
  let n = 0;
  return () => `Qz${Date.now().toString(36)}x${(n++).toString(36)}`;
})();

const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((p) => p._id);

describe('profile likes', () => {
  it("counts the likes of the creator's posts, galleries, videos and products, in the profile and in lists", async () => {
    const { user } = await t.creator({ name: 'Liked Marigold' });
    const other = await t.creator();
    const db = t.ctx.db.db;
    const objects = [
      {
        objectType: 'feed',
        objectId: (await buildFeed(db, { performerId: user.id, isSale: true, price: 0 })).id,
      },
      { objectType: 'gallery', objectId: (await buildGallery(db, { performerId: user.id })).id },
      { objectType: 'video', objectId: (await buildVideo(db, { performerId: user.id })).id },
      { objectType: 'product', objectId: (await buildProduct(db, { performerId: user.id })).id },
    ];
    const otherFeed = await buildFeed(db, { performerId: other.user.id, isSale: true, price: 0 });
    for (const fan of [await t.fan(), await t.fan()]) {
      for (const object of [...objects, { objectType: 'feed', objectId: otherFeed.id }]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/reactions',
          token: fan.token,
          payload: { ...object, action: 'like' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const profile = await t.request({ url: `/api/performers/${user.id}` });
    expect(profile.json().data.stats.likes).toBe(8);
    const list = await t.request({ url: '/api/performers/user/search?q=Liked%20Marigold' });
    expect(list.json().data[0].stats.likes).toBe(8);
    expect((await t.request({ url: `/api/performers/${other.user.id}` })).json().data.stats.likes).toBe(2);
  });
});

describe('GET /api/performers/user/search', () => {
  it('finds listed creators by part of the name or username, in any case', async () => {
    const word = tag();
    const byName = await t.creator({ name: `Marigold ${word}ana` });
    const byUsername = await t.creator({ username: `${word.toLowerCase()}_u` });
    const res = await t.request({ url: `/api/performers/user/search?q=${word.slice(1).toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(new Set(ids(res))).toEqual(new Set([byName.user.id, byUsername.user.id]));
    expect(res.json().total).toBe(2);
  });

  it('never lists unverified, rejected or inactive creators, nor fans', async () => {
    const word = tag();
    const listed = await t.creator({ name: `Listed ${word}` });
    await t.creator({ name: `Unverified ${word}`, documentsVerified: false });
    await t.creator({ name: `Inactive ${word}`, status: 'inactive' });
    await t.creator({
      name: `Rejected ${word}`,
      documentsVerified: false,
      profile: { documentsRejectedAt: new Date() },
    });
    await t.fan({ name: `Fan ${word}` });
    const admin = await t.admin();
    const res = await t.request({ url: `/api/performers/user/search?q=${word}`, token: admin.token });
    expect(ids(res)).toEqual([listed.user.id]);
    expect(res.json().total).toBe(1);
  });

  it('filters by country (any case) and gender', async () => {
    const word = tag();
    const fr = await t.creator({ name: `A ${word}`, country: 'FR', gender: 'female' });
    const frMale = await t.creator({ name: `B ${word}`, country: 'FR', gender: 'male' });
    await t.creator({ name: `C ${word}`, country: 'DE', gender: 'female' });
    const byCountry = await t.request({ url: `/api/performers/user/search?q=${word}&country=fr` });
    expect(new Set(ids(byCountry))).toEqual(new Set([fr.user.id, frMale.user.id]));
    const both = await t.request({ url: `/api/performers/user/search?q=${word}&country=FR&gender=female` });
    expect(ids(both)).toEqual([fr.user.id]);
    const any = await t.request({ url: `/api/performers/user/search?q=${word}&country=&gender=` });
    expect(any.json().total).toBe(3);
  });

  it('sorts by followers, by newest and by last seen online', async () => {
    const word = tag();
    const now = Date.now();
    const a = await t.creator({
      name: `A ${word}`,
      createdAt: new Date(now - 3000),
      profile: { followersCount: 5, lastSeenAt: new Date(now - 60_000) },
    });
    const b = await t.creator({
      name: `B ${word}`,
      createdAt: new Date(now - 1000),
      profile: { followersCount: 50 },
    });
    const c = await t.creator({
      name: `C ${word}`,
      createdAt: new Date(now - 2000),
      profile: { followersCount: 0, lastSeenAt: new Date(now) },
    });
    const order = async (sortBy?: string) =>
      ids(
        await t.request({ url: `/api/performers/user/search?q=${word}${sortBy ? `&sortBy=${sortBy}` : ''}` }),
      );
    expect(await order()).toEqual([b.user.id, a.user.id, c.user.id]);
    expect(await order('popular')).toEqual([b.user.id, a.user.id, c.user.id]);
    expect(await order('newest')).toEqual([b.user.id, c.user.id, a.user.id]);
    expect(await order('online')).toEqual([c.user.id, a.user.id, b.user.id]);
  });

  it('pages with offset and limit and gives the total', async () => {
    const word = tag();
    for (let i = 0; i < 5; i++)
      await t.creator({ name: `P${i} ${word}`, profile: { followersCount: 10 - i } });
    const page = await t.request({ url: `/api/performers/user/search?q=${word}&offset=2&limit=2` });
    expect(page.json().total).toBe(5);
    expect(page.json().data.map((p: { name: string }) => p.name)).toEqual([`P2 ${word}`, `P3 ${word}`]);
  });

  it('takes the wildcards of q literally', async () => {
    const word = tag();
    await t.creator({ name: `Plain ${word}` });
    const res = await t.request({ url: `/api/performers/user/search?q=${word}%25_` });
    expect(res.json().total).toBe(0);
  });

  it.each([
    ['a limit above 100', 'limit=101'],
    ['an unknown sort', 'sortBy=cheapest'],
    ['a bad country', 'country=France'],
    ['a bad gender', 'gender=robot'],
    ['a negative offset', 'offset=-1'],
  ])('answers %s with 400 and a message', async (_label, query) => {
    const res = await t.request({ url: `/api/performers/user/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('runs as one page query and one count, using the trigram index for names', async () => {
    const { searchListedQuery } = await import('./performers.repo');
    const { sql } = await import('@fanstage/db');
    const fan = await t.fan();
    const plan = await t.ctx.db.db.transaction(async (tx) => {
      // A test table is tiny, so the planner would rather scan it; forbid that to see the index is usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const query = searchListedQuery(tx, {
        q: 'marigold',
        sortBy: 'popular',
        offset: 0,
        limit: 20,
        viewerId: fan.user.id,
        // With a country, so the geo-block condition is in the plan too (an anti-join, no sub-plan).
        geo: {
          actor: { id: fan.user.id, sessionId: 'explain', role: 'user', status: 'active' },
          country: 'DE',
        },
      }).getSQL();
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // No correlated sub-plan runs per row; the name filter can use the trigram index.
    expect(plan).not.toMatch(/SubPlan/);
    expect(plan).toMatch(/users_(name|username)_trgm_idx/);
  });
});

describe('GET /api/performers/top and /api/performers/search/random', () => {
  it('lists listed creators by followers, never an unlisted one however popular', async () => {
    const star = await t.creator({ profile: { followersCount: 1_000_000 } });
    const hidden = await t.creator({ documentsVerified: false, profile: { followersCount: 2_000_000 } });
    const inactive = await t.creator({ status: 'inactive', profile: { followersCount: 3_000_000 } });
    const res = await t.request({ url: '/api/performers/top?limit=100' });
    expect(res.statusCode).toBe(200);
    const list = ids(res);
    expect(list[0]).toBe(star.user.id);
    expect(list).not.toContain(hidden.user.id);
    expect(list).not.toContain(inactive.user.id);
    const followers = res.json().data.map((p: { stats: { followers: number } }) => p.stats.followers);
    expect(followers).toEqual([...followers].sort((x: number, y: number) => y - x));
  });

  it('gives a few random listed creators and never an unlisted one', async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const inactive = await t.creator({ status: 'inactive' });
    await t.creator();
    for (let i = 0; i < 5; i++) {
      const res = await t.request({ url: '/api/performers/search/random?limit=24' });
      expect(res.statusCode).toBe(200);
      const list = res.json().data as { _id: string; verifiedDocument: boolean }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(24);
      expect(list.map((p) => p._id)).not.toContain(hidden.user.id);
      expect(list.map((p) => p._id)).not.toContain(inactive.user.id);
      expect(list.every((p) => p.verifiedDocument)).toBe(true);
    }
    const few = await t.request({ url: '/api/performers/search/random' });
    expect(few.json().data.length).toBeLessThanOrEqual(6);
    expect((await t.request({ url: '/api/performers/search/random?limit=500' })).statusCode).toBe(400);
  });
});
