import { and, eq, feeds, reactions, sql } from '@fanstage/db';
import { buildFeed, buildGallery, buildProduct, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
});
afterAll(() => t.close());

type Body = { objectType: string; objectId: string; action: string };
const react = (token: string | undefined, payload: Body) =>
  t.request({ method: 'POST', url: '/api/reactions', token, payload });
const unreact = (token: string | undefined, payload: Body) =>
  t.request({ method: 'DELETE', url: '/api/reactions', token, payload });

const feedCounts = async (feedId: string) => {
  const [row] = await t.ctx.db.db.select({ n: feeds.likesCount }).from(feeds).where(eq(feeds.id, feedId));
  const [rows] = await t.ctx.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reactions)
    .where(and(eq(reactions.objectId, feedId), eq(reactions.action, 'like')));
  return { cached: row!.n, rows: rows!.n };
};

describe('POST /api/reactions', () => {
  it('likes a post: one row, likes_count 1, and a second like changes nothing', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const body = { objectType: 'feed', objectId: feed.id, action: 'like' };
    const res = await react(fan.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...body, isReacted: true, likesCount: 1 });
    expect((await react(fan.token, body)).json().data.likesCount).toBe(1);
    expect(await feedCounts(feed.id)).toEqual({ cached: 1, rows: 1 });
  });

  it("shows the viewer's own like and bookmark on the post, and not another fan's", async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const other = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 0 });
    await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'like' });
    await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'bookmark' });
    const view = (token: string) => t.request({ url: `/api/user/feeds/${feed.id}`, token });
    expect((await view(fan.token)).json().data).toMatchObject({
      isLiked: true,
      isBookmarked: true,
      likesCount: 1,
    });
    expect((await view(other.token)).json().data).toMatchObject({
      isLiked: false,
      isBookmarked: false,
      likesCount: 1,
    });
  });

  it('lets a fan like a locked post they can see as a card (no subscription)', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 5 });
    const res = await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'like' });
    expect(res.statusCode).toBe(200);
  });

  it('counts exactly under 100 concurrent likes by 100 fans, each sent twice, then unlikes', async () => {
    const creator = await t.creator();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const fans = await Promise.all(Array.from({ length: 100 }, () => t.fan()));
    const body = { objectType: 'feed', objectId: feed.id, action: 'like' };
    const results = await Promise.all(fans.flatMap((f) => [react(f.token, body), react(f.token, body)]));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await feedCounts(feed.id)).toEqual({ cached: 100, rows: 100 });
    const undo = await Promise.all(
      fans.slice(0, 30).flatMap((f) => [unreact(f.token, body), unreact(f.token, body)]),
    );
    expect(undo.every((r) => r.statusCode === 200)).toBe(true);
    expect(await feedCounts(feed.id)).toEqual({ cached: 70, rows: 70 });
  });

  it('keeps likes_count on videos, galleries, products and creators', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const db = t.ctx.db.db;
    const video = await buildVideo(db, { performerId: creator.user.id });
    const gallery = await buildGallery(db, { performerId: creator.user.id });
    const product = await buildProduct(db, { performerId: creator.user.id });
    for (const [objectType, objectId] of [
      ['video', video.id],
      ['gallery', gallery.id],
      ['product', product.id],
      ['performer', creator.user.id],
    ] as const) {
      const res = await react(fan.token, { objectType, objectId, action: 'like' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.likesCount).toBe(1);
      const again = await react(fan.token, { objectType, objectId, action: 'like' });
      expect(again.json().data.likesCount).toBe(1);
    }
  });

  it('answers 404 for an item of a creator invisible to the fan, and for an unknown id', async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: hidden.user.id });
    const video = await buildVideo(t.ctx.db.db, { performerId: hidden.user.id });
    expect(
      (await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'like' })).statusCode,
    ).toBe(404);
    expect(
      (await react(fan.token, { objectType: 'video', objectId: video.id, action: 'like' })).statusCode,
    ).toBe(404);
    expect(
      (await react(fan.token, { objectType: 'performer', objectId: hidden.user.id, action: 'bookmark' }))
        .statusCode,
    ).toBe(404);
    const unknown = await react(fan.token, {
      objectType: 'gallery',
      objectId: '01a2019b-4926-76fd-a59f-71dafbdd39d1',
      action: 'like',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await feedCounts(feed.id)).toEqual({ cached: 0, rows: 0 });
  });

  it('refuses bad input with 400 and readable messages, and needs a login', async () => {
    const fan = await t.fan();
    const bad = await react(fan.token, { objectType: 'planet', objectId: 'x', action: 'love' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/object type|valid id|action/i);
    const creator = await t.creator();
    expect(
      (await react(undefined, { objectType: 'performer', objectId: creator.user.id, action: 'like' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/reactions', () => {
  it('unlikes through the query string too, idempotently', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'like' });
    const url = `/api/reactions?objectType=feed&objectId=${feed.id}&action=like`;
    const res = await t.request({ method: 'DELETE', url, token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isReacted: false, likesCount: 0 });
    const again = await t.request({ method: 'DELETE', url, token: fan.token });
    expect(again.json().data.likesCount).toBe(0);
    expect(await feedCounts(feed.id)).toEqual({ cached: 0, rows: 0 });
  });

  it("removes only the caller's reaction", async () => {
    const creator = await t.creator();
    const a = await t.fan();
    const b = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const body = { objectType: 'feed', objectId: feed.id, action: 'like' };
    await react(a.token, body);
    const res = await unreact(b.token, body);
    expect(res.json().data.likesCount).toBe(1);
    expect(await feedCounts(feed.id)).toEqual({ cached: 1, rows: 1 });
  });

  it('answers 400 when fields are missing', async () => {
    const fan = await t.fan();
    const res = await t.request({ method: 'DELETE', url: '/api/reactions', token: fan.token });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/reactions/:type/bookmark', () => {
  it("lists the caller's bookmarks newest first with a card; locked items show no private URL", async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const other = await t.fan();
    const first = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, text: 'First post' });
    const second = await buildFeed(t.ctx.db.db, {
      performerId: creator.user.id,
      text: 'Second post',
      previewText: 'Second teaser',
    });
    await react(fan.token, { objectType: 'feed', objectId: first.id, action: 'bookmark' });
    await new Promise((r) => setTimeout(r, 5));
    await react(fan.token, { objectType: 'feed', objectId: second.id, action: 'bookmark' });
    await react(other.token, { objectType: 'feed', objectId: first.id, action: 'bookmark' });
    const res = await t.request({ url: '/api/reactions/feeds/bookmark', token: fan.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.data.map((b: { objectId: string }) => b.objectId)).toEqual([second.id, first.id]);
    // Locked: the card is titled by the public line, never by the text that is sold.
    expect(body.data[0]).toMatchObject({
      title: 'Second teaser',
      isAvailable: true,
      isLocked: true,
      performer: { _id: creator.user.id, username: creator.user.username },
    });
    expect(JSON.stringify(body)).not.toContain('/private/');
  });

  it('lists bookmarked creators, videos, galleries and products', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const db = t.ctx.db.db;
    const video = await buildVideo(db, { performerId: creator.user.id, title: 'Clip' });
    const gallery = await buildGallery(db, { performerId: creator.user.id, title: 'Set' });
    const product = await buildProduct(db, { performerId: creator.user.id, name: 'Mug' });
    const cases = [
      ['performers', 'performer', creator.user.id, creator.user.name],
      ['videos', 'video', video.id, 'Clip'],
      ['galleries', 'gallery', gallery.id, 'Set'],
      ['products', 'product', product.id, 'Mug'],
    ] as const;
    for (const [type, objectType, objectId, title] of cases) {
      expect((await react(fan.token, { objectType, objectId, action: 'bookmark' })).statusCode).toBe(200);
      const res = await t.request({ url: `/api/reactions/${type}/bookmark`, token: fan.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 1, data: [{ objectId, title }] });
    }
  });

  it('answers 400 for an unknown type and 401 without a login', async () => {
    const fan = await t.fan();
    expect((await t.request({ url: '/api/reactions/planets/bookmark', token: fan.token })).statusCode).toBe(
      400,
    );
    expect((await t.request({ url: '/api/reactions/feeds/bookmark' })).statusCode).toBe(401);
  });
});

describe('reactions on galleries, videos and products', () => {
  it("shows likesCount and the viewer's own like and bookmark on each asset, for pages and single items", async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const other = await t.fan();
    const gallery = await buildGallery(t.ctx.db.db, { performerId: creator.user.id });
    const video = await buildVideo(t.ctx.db.db, { performerId: creator.user.id });
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id });
    const items = [
      { type: 'gallery', id: gallery.id, one: `/api/performer-assets/galleries/${gallery.id}` },
      { type: 'video', id: video.id, one: `/api/performer-assets/videos/${video.id}` },
      { type: 'product', id: product.id, one: `/api/performer-assets/products/${product.id}` },
    ];
    for (const item of items) {
      expect(
        (await react(fan.token, { objectType: item.type, objectId: item.id, action: 'like' })).statusCode,
      ).toBe(200);
      await react(fan.token, { objectType: item.type, objectId: item.id, action: 'bookmark' });
      const mine = (await t.request({ url: item.one, token: fan.token })).json().data;
      expect(mine, item.type).toMatchObject({ likesCount: 1, isLiked: true, isBookmarked: true });
      const theirs = (await t.request({ url: item.one, token: other.token })).json().data;
      expect(theirs, item.type).toMatchObject({ likesCount: 1, isLiked: false, isBookmarked: false });
      const anonymous = (await t.request({ url: item.one })).json().data;
      expect(anonymous, item.type).toMatchObject({ isLiked: false, isBookmarked: false });
    }
    const page = await t.request({
      url: `/api/performer-assets/videos/search?performerId=${creator.user.id}`,
      token: fan.token,
    });
    expect(page.json().data[0]).toMatchObject({ _id: video.id, isLiked: true, likesCount: 1 });
  });
});

describe('deleting content removes its reactions and comments', () => {
  const countFor = async (objectId: string) => {
    const [row] = await t.ctx.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reactions)
      .where(eq(reactions.objectId, objectId));
    return row!.n;
  };

  it('a deleted post leaves no likes, bookmarks, comments or likes on those comments behind', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    // Through the API, so the creator's posts counter counts it and the delete can lower it.
    const created = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: { type: 'text', text: 'Free for all', isSale: true, price: 0 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const feed = { id: created.json().data._id as string };
    await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'like' });
    await react(fan.token, { objectType: 'feed', objectId: feed.id, action: 'bookmark' });
    const comment = await t.request({
      method: 'POST',
      url: '/api/comments',
      token: fan.token,
      payload: { objectType: 'feed', objectId: feed.id, content: 'Lovely' },
    });
    expect(comment.statusCode).toBe(200);
    const commentId = comment.json().data._id as string;
    await react(creator.token, { objectType: 'comment', objectId: commentId, action: 'like' });
    expect(await countFor(feed.id)).toBe(2);
    expect(await countFor(commentId)).toBe(1);

    const del = await t.request({
      method: 'DELETE',
      url: `/api/performer/feeds/${feed.id}`,
      token: creator.token,
    });
    expect(del.statusCode).toBe(200);
    expect(await countFor(feed.id)).toBe(0);
    expect(await countFor(commentId)).toBe(0);
    const bookmarks = await t.request({ url: '/api/reactions/feeds/bookmark', token: fan.token });
    expect(bookmarks.json().data).toEqual([]);
  });

  it('deleting a video, a gallery or a product removes their reactions too', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const gallery = await buildGallery(t.ctx.db.db, { performerId: creator.user.id });
    const video = await buildVideo(t.ctx.db.db, { performerId: creator.user.id });
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id });
    const items = [
      { type: 'gallery', id: gallery.id, url: `/api/performer/performer-assets/galleries/${gallery.id}` },
      { type: 'video', id: video.id, url: `/api/performer/performer-assets/videos/${video.id}` },
      { type: 'product', id: product.id, url: `/api/performer/performer-assets/products/${product.id}` },
    ];
    for (const item of items) {
      await react(fan.token, { objectType: item.type, objectId: item.id, action: 'bookmark' });
      expect(await countFor(item.id)).toBe(1);
      const del = await t.request({ method: 'DELETE', url: item.url, token: creator.token });
      expect(del.statusCode, `${item.type} ${del.body}`).toBe(200);
      expect(await countFor(item.id), item.type).toBe(0);
    }
  });
});
