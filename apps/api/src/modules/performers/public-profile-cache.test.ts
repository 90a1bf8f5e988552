import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createPublicProfileCache, publicProfileTtlMs } from './public-profile-cache';

/*
 * Signed-out views of a creator's profile come from this node's copy for a few seconds, and every
 * change the creator makes to it is seen at once, on this node and (through Redis) on the others.
 */

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const visit = async (app: TestApp, username: string) => {
  const res = await app.request({ url: `/api/performers/${username}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { name: string; bio: string | null; stats: { subscribers: number } };
};

const edit = (token: string, payload: object) =>
  t.request({ method: 'PUT', url: '/api/performers/me', token, payload });

describe('signed-out views of a creator profile', () => {
  it('are served by the node without SQL, and show the creator’s edit at once', async () => {
    const creator = await t.creator();
    const username = creator.user.username!;
    await visit(t, username);
    const before = t.ctx.db.statements();
    await visit(t, username);
    // A username in another case is the same entry.
    await visit(t, username.toUpperCase());
    expect(t.ctx.db.statements() - before).toBe(0);

    const res = await edit(creator.token, { bio: 'New bio for visitors' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await visit(t, username)).bio).toBe('New bio for visitors');
    expect((await visit(t, username.toUpperCase())).bio).toBe('New bio for visitors');
  });

  it('are never used for a signed-in viewer', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await visit(t, creator.user.username!);
    await t.request({ url: '/api/users/me', token: fan.token }); // warms the fan's session
    const before = t.ctx.db.statements();
    const res = await t.request({ url: `/api/performers/${creator.user.username}`, token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(t.ctx.db.statements() - before).toBe(1);
  });

  it('age by the clock: a count that changed without a write is read again after the TTL', async () => {
    const creator = await t.creator();
    await visit(t, creator.user.id);
    clock.advance(publicProfileTtlMs);
    const before = t.ctx.db.statements();
    await visit(t, creator.user.id);
    expect(t.ctx.db.statements() - before).toBe(1);
  });

  it('asked by ten visitors at once when no copy is kept, cost one statement', async () => {
    const creator = await t.creator();
    const username = creator.user.username!;
    const before = t.ctx.db.statements();
    const views = await Promise.all(Array.from({ length: 10 }, () => visit(t, username)));
    expect(t.ctx.db.statements() - before).toBe(1);
    expect(new Set(views.map((v) => JSON.stringify(v))).size).toBe(1);
  });
});

describe('a fan’s view of a kept profile', () => {
  it('adds the fan’s own follow and block at once, and shows another fan nothing of them', async () => {
    const [fan, other, creator] = [await t.fan(), await t.fan(), await t.creator()];
    const username = creator.user.username!;
    await visit(t, username); // the public part is now this node's copy
    const view = (token: string) => t.request({ url: `/api/performers/${username}`, token });
    expect((await view(fan.token)).json().data).toMatchObject({ isFollowed: false, stats: { followers: 0 } });
    const followed = await t.request({
      method: 'POST',
      url: `/api/follows/${creator.user.id}`,
      token: fan.token,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    // The fan sees their own follow in the count at once (they just changed something: the whole
    // profile is read, and its public part kept anew for everyone).
    expect((await view(fan.token)).json().data).toMatchObject({ isFollowed: true, stats: { followers: 1 } });
    expect((await view(other.token)).json().data).toMatchObject({
      isFollowed: false,
      stats: { followers: 1 },
    });
    const blocked = await t.request({
      method: 'POST',
      url: '/api/block/users',
      token: creator.token,
      payload: { targetId: fan.user.id, reason: 'Rude messages' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const refused = await view(fan.token);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'You have been blocked by this creator.',
    ]);
    expect((await view(other.token)).statusCode).toBe(200);
    expect((await visit(t, username)).name).toBe(creator.user.name);
  });
});

describe('the cache itself', () => {
  const profile = (id: string) =>
    ({ _id: id }) as Parameters<ReturnType<typeof createPublicProfileCache>['set']>[2];

  it('keeps no read that began before the creator was forgotten', () => {
    let monotonic = 0;
    const cache = createPublicProfileCache({ monotonicNow: () => monotonic });
    const readSince = cache.begin();
    monotonic = 1;
    cache.forget('c1');
    cache.set('luna', null, profile('c1'), { now: 0, readSince });
    expect(cache.get('luna', null, 0)).toBeUndefined();
    monotonic = 2;
    cache.set('luna', null, profile('c1'), { now: 0, readSince: cache.begin() });
    expect(cache.get('LUNA', null, 0)?._id).toBe('c1');
    expect(cache.get('luna', 'DE', 0)).toBeUndefined();
  });

  it('forgets every key of a creator, and keeps at most its size', () => {
    const cache = createPublicProfileCache({ maxEntries: 3 });
    const since = cache.begin();
    cache.set('luna', null, profile('c1'), { now: 0, readSince: since });
    cache.set('luna', 'DE', profile('c1'), { now: 0, readSince: since });
    cache.set('c1', null, profile('c1'), { now: 0, readSince: since });
    cache.set('mia', null, profile('c2'), { now: 0, readSince: since });
    expect(cache.size).toBe(3);
    expect(cache.get('luna', null, 0)).toBeUndefined();
    cache.forget('c1');
    expect(cache.size).toBe(1);
    expect(cache.get('mia', null, 0)?._id).toBe('c2');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two nodes on one database and Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ sharedDb: t.ctx.db, clock });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('an edit on node A shows in the view node B serves to visitors', async () => {
    const creator = await t.creator();
    const username = creator.user.username!;
    await visit(second, username);
    const before = second.ctx.db.statements();
    await visit(second, username);
    expect(second.ctx.db.statements() - before).toBe(0);
    expect((await edit(creator.token, { bio: 'Seen on every node' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await visit(second, username)).bio, { timeout: 1000, interval: 20 })
      .toBe('Seen on every node');
  });
});
