import { and, eq, follows, performerProfiles, sql } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (token: string | undefined, performerId: string) =>
  t.request({ method: 'POST', url: `/api/follows/${performerId}`, token });
const unfollow = (token: string | undefined, performerId: string) =>
  t.request({ method: 'DELETE', url: `/api/follows/${performerId}`, token });

/** The cached counter and the rows it counts. */
const counts = async (performerId: string) => {
  const [profile] = await t.ctx.db.db
    .select({ n: performerProfiles.followersCount })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  const [rows] = await t.ctx.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.performerId, performerId));
  return { cached: profile!.n, rows: rows!.n };
};

describe('POST /api/follows/:performerId', () => {
  it('follows a creator: the profile shows it to the fan and counts one follower', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const res = await follow(fan.token, creator.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ performerId: creator.user.id, isFollowed: true, followers: 1 });
    const seen = await t.request({ url: `/api/performers/${creator.user.username}`, token: fan.token });
    expect(seen.json().data).toMatchObject({ isFollowed: true, stats: { followers: 1 } });
    const anonymous = await t.request({ url: `/api/performers/${creator.user.username}` });
    expect(anonymous.json().data.isFollowed).toBe(false);
  });

  it('keeps one row and an exact count when following twice', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await follow(fan.token, creator.user.id);
    const again = await follow(fan.token, creator.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.followers).toBe(1);
    expect(await counts(creator.user.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('counts exactly under 50 concurrent follows by different fans, each sent twice', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 50 }, () => t.fan()));
    const results = await Promise.all(
      fans.flatMap((f) => [follow(f.token, creator.user.id), follow(f.token, creator.user.id)]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(creator.user.id)).toEqual({ cached: 50, rows: 50 });
    const undo = await Promise.all(
      fans
        .slice(0, 20)
        .flatMap((f) => [unfollow(f.token, creator.user.id), unfollow(f.token, creator.user.id)]),
    );
    expect(undo.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(creator.user.id)).toEqual({ cached: 30, rows: 30 });
  });

  it('refuses following yourself with 422', async () => {
    const creator = await t.creator();
    const res = await follow(creator.token, creator.user.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot follow yourself.');
    expect(await counts(creator.user.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('answers 404 for an unknown id, a fan, an unverified and an inactive creator; 400 for a malformed id', async () => {
    const fan = await t.fan();
    const other = await t.fan();
    const unverified = await t.creator({ documentsVerified: false });
    const inactive = await t.creator({ status: 'inactive' });
    for (const id of [
      '01a2019b-4926-76fd-a59f-71dafbdd39d1',
      other.user.id,
      unverified.user.id,
      inactive.user.id,
    ]) {
      const res = await follow(fan.token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That creator was not found.');
    }
    expect((await follow(fan.token, 'someone')).statusCode).toBe(400);
    expect(await counts(unverified.user.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('needs a login', async () => {
    const creator = await t.creator();
    expect((await follow(undefined, creator.user.id)).statusCode).toBe(401);
    expect((await unfollow(undefined, creator.user.id)).statusCode).toBe(401);
  });
});

describe('DELETE /api/follows/:performerId', () => {
  it('unfollows, and a second call changes nothing', async () => {
    const creator = await t.creator();
    const a = await t.fan();
    const b = await t.fan();
    await follow(a.token, creator.user.id);
    await follow(b.token, creator.user.id);
    const res = await unfollow(a.token, creator.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ performerId: creator.user.id, isFollowed: false, followers: 1 });
    const again = await unfollow(a.token, creator.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.followers).toBe(1);
    expect(await counts(creator.user.id)).toEqual({ cached: 1, rows: 1 });
  });

  it("removes only the caller's follow", async () => {
    const creator = await t.creator();
    const a = await t.fan();
    const b = await t.fan();
    await follow(a.token, creator.user.id);
    await unfollow(b.token, creator.user.id);
    const [row] = await t.ctx.db.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, a.user.id), eq(follows.performerId, creator.user.id)));
    expect(row).toBeDefined();
  });

  it('lets a fan unfollow a creator who has since been unlisted, and 404s an unknown one', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await follow(fan.token, creator.user.id);
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ documentsVerifiedAt: null })
      .where(eq(performerProfiles.userId, creator.user.id));
    expect((await unfollow(fan.token, creator.user.id)).statusCode).toBe(200);
    expect(await counts(creator.user.id)).toEqual({ cached: 0, rows: 0 });
    expect((await unfollow(fan.token, creator.user.id)).statusCode).toBe(404);
    expect((await unfollow(fan.token, '01a2019b-4926-76fd-a59f-71dafbdd39d1')).statusCode).toBe(404);
  });
});

describe('GET /api/follows/following', () => {
  it("pages the caller's followed creators, latest first, without unlisted ones", async () => {
    const fan = await t.fan();
    const creators = [await t.creator(), await t.creator(), await t.creator()];
    for (const c of creators) {
      expect((await follow(fan.token, c.user.id)).statusCode).toBe(200);
    }
    const ordered = await t.ctx.db.db
      .select({ id: follows.performerId })
      .from(follows)
      .where(eq(follows.followerId, fan.user.id))
      .orderBy(sql`${follows.createdAt} desc, ${follows.performerId} desc`);
    const page = await t.request({ url: '/api/follows/following?limit=2', token: fan.token });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().data.map((p: { _id: string }) => p._id)).toEqual(ordered.slice(0, 2).map((r) => r.id));
    expect(page.json().data[0]).toMatchObject({ isFollowed: true, followedAt: expect.any(String) });
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ documentsVerifiedAt: null })
      .where(eq(performerProfiles.userId, creators[0]!.user.id));
    const after = await t.request({ url: '/api/follows/following', token: fan.token });
    expect(after.json().total).toBe(2);
    const other = await t.fan();
    expect((await t.request({ url: '/api/follows/following', token: other.token })).json().total).toBe(0);
  });

  it('needs a login and sane paging', async () => {
    const fan = await t.fan();
    expect((await t.request({ url: '/api/follows/following' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/follows/following?limit=101', token: fan.token })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/follows/followers', () => {
  it('shows a creator their own followers with public fields only', async () => {
    const creator = await t.creator();
    const fans = [await t.fan(), await t.fan()];
    for (const f of fans) await follow(f.token, creator.user.id);
    const otherCreator = await t.creator();
    await follow((await t.fan()).token, otherCreator.user.id);
    const res = await t.request({ url: '/api/follows/followers', token: creator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(new Set(res.json().data.map((u: { _id: string }) => u._id))).toEqual(
      new Set(fans.map((f) => f.user.id)),
    );
    expect(Object.keys(res.json().data[0]).sort()).toEqual([
      '_id',
      'avatar',
      'createdAt',
      'followedAt',
      'isPerformer',
      'name',
      'username',
    ]);
  });

  it('lets an admin name the creator, and refuses fans', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await follow(fan.token, creator.user.id);
    const admin = await t.admin();
    const res = await t.request({
      url: `/api/follows/followers?performerId=${creator.user.id}`,
      token: admin.token,
    });
    expect(res.json().total).toBe(1);
    expect((await t.request({ url: '/api/follows/followers', token: fan.token })).statusCode).toBe(403);
    const other = await t.creator();
    const named = await t.request({
      url: `/api/follows/followers?performerId=${creator.user.id}`,
      token: other.token,
    });
    expect(named.statusCode).toBe(404);
  });
});
