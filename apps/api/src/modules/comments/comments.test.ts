import { comments, eq, feeds, sql } from '@fanstage/db';
import { buildFeed, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/comments', token, payload });

/** A creator, a subscribed fan and a post for subscribers. */
async function scene() {
  const creator = await t.creator();
  const fan = await t.fan();
  await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
  const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
  return { creator, fan, feed };
}

const counts = async (feedId: string) => {
  const [row] = await t.ctx.db.db.select({ n: feeds.commentsCount }).from(feeds).where(eq(feeds.id, feedId));
  const [rows] = await t.ctx.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.objectId, feedId));
  return { cached: row!.n, rows: rows!.n };
};

describe('POST /api/comments', () => {
  it('comments on a post the fan may view, trimmed, and counts it', async () => {
    const { fan, feed } = await scene();
    const res = await post(fan.token, { objectType: 'feed', objectId: feed.id, content: '  Lovely!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      content: 'Lovely!',
      parentId: null,
      author: { _id: fan.user.id },
      totalReply: 0,
      canDelete: true,
    });
    expect(await counts(feed.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('threads a reply under its comment (a reply to a reply joins the thread) and counts replies', async () => {
    const { fan, feed, creator } = await scene();
    const top = (await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'Hi' })).json().data;
    const reply = await post(creator.token, {
      objectType: 'feed',
      objectId: feed.id,
      content: 'Thanks',
      parentId: top._id,
    });
    expect(reply.json().data.parentId).toBe(top._id);
    const nested = await post(fan.token, {
      objectType: 'feed',
      objectId: feed.id,
      content: 'Welcome',
      parentId: reply.json().data._id,
    });
    expect(nested.json().data.parentId).toBe(top._id);
    const list = await t.request({
      url: `/api/comments?objectType=feed&objectId=${feed.id}`,
      token: fan.token,
    });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: top._id, totalReply: 2 }] });
    const replies = await t.request({
      url: `/api/comments?objectType=feed&objectId=${feed.id}&parentId=${top._id}&sort=asc`,
      token: fan.token,
    });
    expect(replies.json().data.map((c: { content: string }) => c.content)).toEqual(['Thanks', 'Welcome']);
    expect(await counts(feed.id)).toEqual({ cached: 3, rows: 3 });
  });

  it('refuses a locked post with 403 and an invisible creator with 404', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const locked = await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'Hi' });
    expect(locked.statusCode).toBe(403);
    const hidden = await t.creator({ documentsVerified: false });
    const video = await buildVideo(t.ctx.db.db, { performerId: hidden.user.id });
    expect(
      (await post(fan.token, { objectType: 'video', objectId: video.id, content: 'Hi' })).statusCode,
    ).toBe(404);
    expect(await counts(feed.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('answers 400 for empty, too long or malformed input; 404 for a parent of another object', async () => {
    const { fan, feed, creator } = await scene();
    expect(
      (await post(fan.token, { objectType: 'feed', objectId: feed.id, content: '   ' })).statusCode,
    ).toBe(400);
    const long = await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/2000/);
    expect(
      (await post(fan.token, { objectType: 'photo', objectId: feed.id, content: 'Hi' })).statusCode,
    ).toBe(400);
    const otherFeed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const other = (await post(fan.token, { objectType: 'feed', objectId: otherFeed.id, content: 'A' })).json()
      .data;
    const wrong = await post(fan.token, {
      objectType: 'feed',
      objectId: feed.id,
      content: 'B',
      parentId: other._id,
    });
    expect(wrong.statusCode).toBe(404);
    expect((await post(undefined, { objectType: 'feed', objectId: feed.id, content: 'Hi' })).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/comments/:id', () => {
  it('lets the author delete, with its replies, and lowers the count exactly', async () => {
    const { fan, feed, creator } = await scene();
    const top = (await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'Hi' })).json().data;
    await post(creator.token, { objectType: 'feed', objectId: feed.id, content: 'Yo', parentId: top._id });
    const res = await t.request({ method: 'DELETE', url: `/api/comments/${top._id}`, token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: top._id, deleted: 2, commentsCount: 0 });
    expect(await counts(feed.id)).toEqual({ cached: 0, rows: 0 });
    const again = await t.request({ method: 'DELETE', url: `/api/comments/${top._id}`, token: fan.token });
    expect(again.statusCode).toBe(404);
  });

  it("lets the object's creator and an admin delete; another fan gets 404", async () => {
    const { fan, feed, creator } = await scene();
    const other = await t.fan();
    const admin = await t.admin();
    const a = (await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'A' })).json().data;
    const b = (await post(fan.token, { objectType: 'feed', objectId: feed.id, content: 'B' })).json().data;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/comments/${a._id}`, token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/comments/${a._id}`, token: creator.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/comments/${b._id}`, token: admin.token })).statusCode,
    ).toBe(200);
    expect(await counts(feed.id)).toEqual({ cached: 0, rows: 0 });
    expect(
      (await t.request({ method: 'DELETE', url: '/api/comments/nope', token: fan.token })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/comments', () => {
  it('pages newest first by default and shows whether the viewer liked each', async () => {
    const { fan, feed } = await scene();
    for (const content of ['one', 'two', 'three']) {
      await post(fan.token, { objectType: 'feed', objectId: feed.id, content });
      await new Promise((r) => setTimeout(r, 3));
    }
    const page = await t.request({
      url: `/api/comments?objectType=feed&objectId=${feed.id}&limit=2`,
      token: fan.token,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.total).toBe(3);
    expect(body.data.map((c: { content: string }) => c.content)).toEqual(['three', 'two']);
    await t.request({
      method: 'POST',
      url: '/api/reactions',
      token: fan.token,
      payload: { objectType: 'comment', objectId: body.data[0]._id, action: 'like' },
    });
    const again = await t.request({
      url: `/api/comments?objectType=feed&objectId=${feed.id}&limit=1`,
      token: fan.token,
    });
    expect(again.json().data[0]).toMatchObject({ isLiked: true, totalLike: 1 });
  });

  it('lets visitors read what they may see (a product) without a login, and says 403, not 401, on a post', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id });
    await post(fan.token, { objectType: 'product', objectId: product.id, content: 'Does it ship to Spain?' });
    const visitor = await t.request({ url: `/api/comments?objectType=product&objectId=${product.id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data[0]).toMatchObject({
      content: 'Does it ship to Spain?',
      isLiked: false,
      canDelete: false,
    });
    // A post is for logged-in fans at least: a visitor is refused with a 403 (a 401 would log the browser out).
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 0 });
    const locked = await t.request({ url: `/api/comments?objectType=feed&objectId=${feed.id}` });
    expect(locked.statusCode).toBe(403);
  });

  it('answers 400 without an object and 403 on a locked post', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    expect((await t.request({ url: '/api/comments', token: fan.token })).statusCode).toBe(400);
    const locked = await t.request({
      url: `/api/comments?objectType=feed&objectId=${feed.id}`,
      token: fan.token,
    });
    expect(locked.statusCode).toBe(403);
  });
});
