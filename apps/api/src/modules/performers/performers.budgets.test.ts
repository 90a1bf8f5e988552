import { feeds, follows, performerProfiles, sql } from '@fanstage/db';
import { buildFeed, buildSubscription } from '@fanstage/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { publicProfileTtlMs } from './public-profile-cache';

/* The creator profile's statement budget (STYLE.md habit 14) and its live subscriber count. */

const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/performers/{username}', () => {
  it('is one statement, and counts the subscribers whose subscription runs', async () => {
    const creator = await t.creator();
    const fans = [await t.fan(), await t.fan(), await t.fan()];
    const day = 86_400_000;
    await buildSubscription(t.ctx.db.db, {
      fanId: fans[0]!.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + day),
    });
    await buildSubscription(t.ctx.db.db, {
      fanId: fans[1]!.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 3 * day),
    });
    await buildSubscription(t.ctx.db.db, {
      fanId: fans[2]!.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() - day),
    });
    await t.ctx.db.db.insert(follows).values({ followerId: fans[0]!.user.id, performerId: creator.user.id });
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    await t.ctx.db.db.update(feeds).set({ likesCount: 4 }).where(eq(feeds.id, post.id));
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ likesCount: sql`${performerProfiles.likesCount} + 1` })
      .where(eq(performerProfiles.userId, creator.user.id));
    const profile = () =>
      t.request({ url: `/api/performers/${creator.user.username}`, token: fans[0]!.token });
    await profile(); // warms the session and the settings caches
    const before = t.ctx.db.statements();
    const res = await profile();
    expect(t.ctx.db.statements() - before).toBe(1);
    // A profile view reads no secret of the creator's account.
    expect(t.ctx.db.lastStatements(1)[0]).not.toContain('password_hash');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ stats: { subscribers: 2, likes: 5 }, isFollowed: true });
    // That statement is the fan's own state, read fresh while the public part is this node's copy.
    await t.ctx.db.db.delete(follows).where(eq(follows.followerId, fans[0]!.user.id));
    const unfollowedBefore = t.ctx.db.statements();
    expect((await profile()).json().data).toMatchObject({ stats: { subscribers: 2 }, isFollowed: false });
    expect(t.ctx.db.statements() - unfollowedBefore).toBe(1);

    // The fan's first view kept the profile's public part on this node for a few seconds: a
    // signed-out visitor's view reads nothing, and after the TTL one statement.
    const visitor = () => t.request({ url: `/api/performers/${creator.user.username}` });
    const visitorBefore = t.ctx.db.statements();
    expect((await visitor()).json().data).toMatchObject({ stats: { subscribers: 2 }, isFollowed: false });
    expect(t.ctx.db.statements() - visitorBefore).toBe(0);
    clock.advance(publicProfileTtlMs);
    const againBefore = t.ctx.db.statements();
    expect((await visitor()).statusCode).toBe(200);
    expect(t.ctx.db.statements() - againBefore).toBe(1);

    // A subscription ends by time alone: the next view counts one fewer.
    clock.advance(2 * day);
    expect((await visitor()).json().data.stats.subscribers).toBe(1);
  });
});
