import { feedFiles, files, newId, photos, sql } from '@fanstage/db';
import {
  buildFeed,
  buildGallery,
  buildProduct,
  buildPurchase,
  buildSubscription,
  buildVideo,
} from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { countStatements } from '../../../test/statements';

/*
 * Statement budgets of likes, bookmarks and the bookmarks page (STYLE habit 14): visibility is
 * answered in bulk by the content modules (feeds.bulk.ts, assets.cards.ts, performers.cards.ts),
 * never by presenting each object. The data is enough for an N+1 to show: a dozen cards with
 * media files, a bought post, a locked one, a subscriber's one and a hidden one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

const counted = <R>(run: () => Promise<R>) => countStatements(t, run);

/** A ready photo file of the creator's, as the media job leaves it. */
async function photoFile(ownerId: string) {
  const id = newId();
  await t.ctx.db.db.insert(files).values({
    id,
    ownerId,
    kind: 'feed-photo',
    visibility: 'private',
    storageKey: `private/originals/${id}.jpg`,
    mimeType: 'image/jpeg',
    size: 1000,
    status: 'ready',
    preview: 'data:image/webp;base64,AAAA',
    variants: { thumbnail: { key: `private/media/${id}/thumb.webp` } },
  });
  return id;
}

const react = (who: Account, objectType: string, objectId: string, action = 'bookmark') =>
  t.request({
    method: 'POST',
    url: '/api/reactions',
    token: who.token,
    payload: { objectType, objectId, action },
  });

/** A warm session: the next request resolves it from the cache. */
const warm = async (who: Account) =>
  expect((await t.request({ url: '/api/users/me', token: who.token })).statusCode).toBe(200);

describe('statement budgets of reactions', () => {
  it('a like and a bookmark are 1–2 statements; an unlike too', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 5 });
    await warm(fan);
    for (const action of ['like', 'bookmark']) {
      const { res, sent } = await counted(() => react(fan, 'feed', feed.id, action));
      expect(res.statusCode, res.body).toBe(200);
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(2);
      // Nothing is presented to decide visibility.
      expect(
        sent.filter((s) => /feed_files|"purchases"/.test(s) && !/"reactions"/.test(s)).length,
      ).toBeLessThanOrEqual(1);
    }
    const video = await buildVideo(t.ctx.db.db, { performerId: creator.user.id });
    for (const [type, id] of [
      ['video', video.id],
      ['performer', creator.user.id],
    ] as const) {
      const { res, sent } = await counted(() => react(fan, type, id, 'like'));
      expect(res.statusCode, res.body).toBe(200);
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(2);
    }
    const unlike = await counted(() =>
      t.request({
        method: 'DELETE',
        url: '/api/reactions',
        token: fan.token,
        payload: { objectType: 'feed', objectId: feed.id, action: 'like' },
      }),
    );
    expect(unlike.res.statusCode).toBe(200);
    expect(unlike.sent.length, unlike.sent.join('\n')).toBeLessThanOrEqual(2);
  });

  it('the bookmarks page of posts is at most 3 statements for 12 cards, with the right cards', async () => {
    const creator = await t.creator();
    const other = await t.creator();
    const fan = await t.fan();
    const db = t.ctx.db.db;
    await buildSubscription(db, { fanId: fan.user.id, performerId: other.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const performerId = i % 3 === 0 ? other.user.id : creator.user.id;
      const feed = await buildFeed(db, {
        performerId,
        type: 'photo',
        text: `Post ${i}`,
        previewText: `Teaser ${i}`,
        // Every third is for subscribers (of `other`: open), the others sold at 5.00.
        ...(i % 3 === 0 ? { isSale: false } : { isSale: true, price: 5 }),
      });
      await db
        .insert(feedFiles)
        .values({ feedId: feed.id, fileId: await photoFile(performerId), position: 0 });
      expect((await react(fan, 'feed', feed.id)).statusCode).toBe(200);
      ids.push(feed.id);
    }
    // Bought: posts 1 and 2. Locked: the other sold ones.
    for (const id of ids.slice(1, 3)) {
      await buildPurchase(db, {
        fanId: fan.user.id,
        performerId: creator.user.id,
        targetType: 'feed',
        targetId: id,
      });
    }
    // A post hidden by moderators after it was bookmarked: an unavailable card.
    await db.execute(sql`update feeds set hidden_at = now() where id = ${ids[4]!}`);
    await warm(fan);
    const { res, sent } = await counted(() =>
      t.request({ url: '/api/reactions/feeds/bookmark?limit=20', token: fan.token }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);
    const byId = new Map(
      (
        res.json().data as {
          objectId: string;
          isLocked: boolean;
          isAvailable: boolean;
          title: string;
          thumbnail: string | null;
        }[]
      ).map((b) => [b.objectId, b]),
    );
    expect(byId.size).toBe(12);
    expect(byId.get(ids[0]!)).toMatchObject({ isAvailable: true, isLocked: false, title: 'Post 0' });
    expect(byId.get(ids[0]!)!.thumbnail).toMatch(/thumb\.webp/);
    expect(byId.get(ids[1]!)).toMatchObject({ isAvailable: true, isLocked: false, title: 'Post 1' });
    expect(byId.get(ids[5]!)).toMatchObject({ isAvailable: true, isLocked: true, title: 'Teaser 5' });
    expect(byId.get(ids[5]!)!.thumbnail).toBe('data:image/webp;base64,AAAA');
    expect(byId.get(ids[4]!)).toMatchObject({ isAvailable: false });
  });

  it('the bookmarks pages of videos, galleries, products and creators keep the same budget', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const db = t.ctx.db.db;
    for (let i = 0; i < 10; i++) {
      const video = await buildVideo(db, {
        performerId: creator.user.id,
        isSale: i % 2 === 0,
        priceCents: i % 2 === 0 ? 300 : 0,
      });
      await react(fan, 'video', video.id);
      const gallery = await buildGallery(db, { performerId: creator.user.id, title: `Set ${i}` });
      const fileId = await photoFile(creator.user.id);
      const [photo] = await db
        .insert(photos)
        .values({ galleryId: gallery.id, performerId: creator.user.id, fileId })
        .returning();
      await db.execute(sql`update galleries set cover_photo_id = ${photo!.id} where id = ${gallery.id}`);
      await react(fan, 'gallery', gallery.id);
      const product = await buildProduct(db, {
        performerId: creator.user.id,
        imageFileIds: [await photoFile(creator.user.id)],
      });
      await react(fan, 'product', product.id);
      const someone = await t.creator();
      await react(fan, 'performer', someone.user.id);
    }
    await warm(fan);
    for (const type of ['videos', 'galleries', 'products', 'performers']) {
      const { res, sent } = await counted(() =>
        t.request({ url: `/api/reactions/${type}/bookmark`, token: fan.token }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toHaveLength(10);
      expect(
        res.json().data.every((b: { isAvailable: boolean }) => b.isAvailable),
        type,
      ).toBe(true);
      expect(sent.length, `${type}\n${sent.join('\n')}`).toBeLessThanOrEqual(3);
    }
    const galleries = (await t.request({ url: '/api/reactions/galleries/bookmark', token: fan.token })).json()
      .data;
    // A subscribers' gallery the fan has no subscription for: locked, its cover only as a preview.
    expect(galleries[0]).toMatchObject({ isLocked: true, thumbnail: 'data:image/webp;base64,AAAA' });
    const products = (await t.request({ url: '/api/reactions/products/bookmark', token: fan.token })).json()
      .data;
    expect(products[0].thumbnail).toMatch(/thumb\.webp/);
  });
});
