import { eq, performerProfiles } from '@fanstage/db';
import { buildGallery, buildPurchase, buildSubscription } from '@fanstage/db/factories';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let creator: Awaited<ReturnType<TestApp['creator']>>;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  creator = await t.creator();
  jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e91e63' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => t.close());

const mine = '/api/performer/performer-assets';

const uploadPhotos = (
  galleryId: string,
  count = 1,
  token = creator.token,
  extra: Record<string, string> = {},
) => {
  const fd = new FormData();
  fd.append('galleryId', galleryId);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  for (let i = 0; i < count; i++)
    fd.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), `shot-${i}.jpg`);
  return t.request({ method: 'POST', url: `${mine}/photos/upload`, token, payload: fd });
};

const photosCount = async (performerId: string) =>
  (
    await t.ctx.db.db
      .select({ n: performerProfiles.photosCount })
      .from(performerProfiles)
      .where(eq(performerProfiles.userId, performerId))
  )[0]!.n;

const unzipNames = (buffer: Buffer) =>
  new Promise<{ name: string; size: number }[]>((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: { name: string; size: number }[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push({ name: e.fileName, size: e.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });

describe('creator galleries', () => {
  it('creates, reads, lists, updates and deletes a gallery with decimal prices', async () => {
    const created = await t.request({
      method: 'POST',
      url: `${mine}/galleries`,
      token: creator.token,
      payload: { title: 'Beach day', description: 'Sun', isSale: true, price: 12.5, status: 'draft' },
    });
    expect(created.statusCode).toBe(200);
    const gallery = created.json().data;
    expect(gallery).toMatchObject({
      title: 'Beach day',
      isSale: true,
      price: 12.5,
      status: 'draft',
      numPhotos: 0,
    });

    const view = await t.request({ url: `${mine}/galleries/${gallery._id}`, token: creator.token });
    expect(view.json().data.title).toBe('Beach day');

    const updated = await t.request({
      method: 'PUT',
      url: `${mine}/galleries/${gallery._id}`,
      token: creator.token,
      payload: { title: 'Beach night', price: 3.99, status: 'active' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Beach night', price: 3.99, status: 'active' });

    const list = await t.request({ url: `${mine}/galleries/search?q=beach`, token: creator.token });
    expect(list.json().data.map((g: { _id: string }) => g._id)).toContain(gallery._id);

    const removed = await t.request({
      method: 'DELETE',
      url: `${mine}/galleries/${gallery._id}`,
      token: creator.token,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.request({ url: `${mine}/galleries/${gallery._id}`, token: creator.token });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with readable messages', async () => {
    const cases = [
      { title: '', price: 1 },
      { title: 'x', isSale: true, price: -1 },
      { title: 'x', isSale: true, price: 10000.01 },
      { title: 'x', isSale: true, price: 1.234 },
      { title: 'x', status: 'secret' },
    ];
    for (const payload of cases) {
      const res = await t.request({
        method: 'POST',
        url: `${mine}/galleries`,
        token: creator.token,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/title|price|status/i);
    }
  });

  it("answers 404 for another creator's gallery and 403 for fans and admins", async () => {
    const other = await t.creator();
    const theirs = await buildGallery(t.ctx.db.db, { performerId: other.user.id });
    for (const [method, url] of [
      ['GET', `${mine}/galleries/${theirs.id}`],
      ['PUT', `${mine}/galleries/${theirs.id}`],
      ['DELETE', `${mine}/galleries/${theirs.id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: creator.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
    }
    const upload = await uploadPhotos(theirs.id);
    expect(upload.statusCode).toBe(404);
    const fan = await t.fan();
    const admin = await t.admin();
    for (const token of [fan.token, admin.token]) {
      const res = await t.request({
        method: 'POST',
        url: `${mine}/galleries`,
        token,
        payload: { title: 'x' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.request({ url: `${mine}/galleries/search` })).statusCode).toBe(401);
  });
});

describe('photos', () => {
  it('uploads several photos at once, sets the first as cover and keeps photos_count exact', async () => {
    const me = await t.creator();
    const gallery = await buildGallery(t.ctx.db.db, { performerId: me.user.id });
    const res = await uploadPhotos(gallery.id, 3, me.token, { title: 'Set' });
    expect(res.statusCode).toBe(200);
    const uploaded = res.json().data;
    expect(uploaded).toHaveLength(3);
    expect(uploaded[0].isCover).toBe(true);
    expect(uploaded[0].media.urls.full).toContain('/api/files/private/');
    expect(await photosCount(me.user.id)).toBe(3);

    const second = await uploadPhotos(gallery.id, 1, me.token);
    expect(second.statusCode).toBe(200);
    expect(await photosCount(me.user.id)).toBe(4);

    const list = await t.request({ url: `${mine}/photos/search?galleryId=${gallery.id}`, token: me.token });
    expect(list.json().total).toBe(4);

    const cover = await t.request({
      method: 'POST',
      url: `${mine}/photos/set-cover/${uploaded[2]._id}`,
      token: me.token,
    });
    expect(cover.json().data.isCover).toBe(true);
    const view = await t.request({ url: `${mine}/galleries/${gallery.id}`, token: me.token });
    expect(view.json().data).toMatchObject({ coverPhotoId: uploaded[2]._id, numPhotos: 4 });

    const del = await t.request({
      method: 'DELETE',
      url: `${mine}/photos/${uploaded[2]._id}`,
      token: me.token,
    });
    expect(del.statusCode).toBe(200);
    expect(await photosCount(me.user.id)).toBe(3);
    const after = await t.request({ url: `${mine}/galleries/${gallery.id}`, token: me.token });
    expect(after.json().data).toMatchObject({ coverPhotoId: null, numPhotos: 3 });

    const delGallery = await t.request({
      method: 'DELETE',
      url: `${mine}/galleries/${gallery.id}`,
      token: me.token,
    });
    expect(delGallery.statusCode).toBe(200);
    expect(await photosCount(me.user.id)).toBe(0);
  });

  it('edits a photo and moves it to another of my galleries, but not to someone else’s', async () => {
    const me = await t.creator();
    const a = await buildGallery(t.ctx.db.db, { performerId: me.user.id });
    const b = await buildGallery(t.ctx.db.db, { performerId: me.user.id });
    const photo = (await uploadPhotos(a.id, 1, me.token)).json().data[0];
    const moved = await t.request({
      method: 'PUT',
      url: `${mine}/photos/${photo._id}`,
      token: me.token,
      payload: { title: 'Renamed', galleryId: b.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ title: 'Renamed', galleryId: b.id, isCover: true });

    const other = await t.creator();
    const theirs = await buildGallery(t.ctx.db.db, { performerId: other.user.id });
    const refused = await t.request({
      method: 'PUT',
      url: `${mine}/photos/${photo._id}`,
      token: me.token,
      payload: { galleryId: theirs.id },
    });
    expect(refused.statusCode).toBe(404);
    const notMine = await t.request({
      method: 'DELETE',
      url: `${mine}/photos/${photo._id}`,
      token: other.token,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('refuses uploads without a photo, with a wrong field or with something that is no image, leaving no count', async () => {
    const me = await t.creator();
    const gallery = await buildGallery(t.ctx.db.db, { performerId: me.user.id });
    const none = new FormData();
    none.append('galleryId', gallery.id);
    const noPhoto = await t.request({
      method: 'POST',
      url: `${mine}/photos/upload`,
      token: me.token,
      payload: none,
    });
    expect(noPhoto.statusCode).toBe(400);

    const wrongField = new FormData();
    wrongField.append('galleryId', gallery.id);
    wrongField.append('file', new Blob([jpeg]), 'a.jpg');
    const wrong = await t.request({
      method: 'POST',
      url: `${mine}/photos/upload`,
      token: me.token,
      payload: wrongField,
    });
    expect(wrong.statusCode).toBe(400);

    const text = new FormData();
    text.append('galleryId', gallery.id);
    text.append('photo', new Blob([jpeg]), 'a.jpg');
    text.append('photo', new Blob(['not an image at all']), 'b.jpg');
    const bad = await t.request({
      method: 'POST',
      url: `${mine}/photos/upload`,
      token: me.token,
      payload: text,
    });
    expect(bad.statusCode).toBe(415);
    expect(await photosCount(me.user.id)).toBe(0);

    const badGallery = new FormData();
    badGallery.append('galleryId', 'nope');
    badGallery.append('photo', new Blob([jpeg]), 'a.jpg');
    const res = await t.request({
      method: 'POST',
      url: `${mine}/photos/upload`,
      token: me.token,
      payload: badGallery,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The gallery id must be a valid id.');
  });
});

describe('fans and galleries', () => {
  it('shows a sale gallery locked, unlocks it for the fan who bought it only, and zips it for that fan', async () => {
    const me = await t.creator();
    const gallery = await buildGallery(t.ctx.db.db, {
      performerId: me.user.id,
      isSale: true,
      priceCents: 500,
    });
    const draft = await buildGallery(t.ctx.db.db, { performerId: me.user.id, status: 'draft' });
    expect((await uploadPhotos(gallery.id, 2, me.token)).statusCode).toBe(200);
    const buyer = await t.fan();
    const stranger = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: stranger.user.id, performerId: me.user.id });
    await buildPurchase(t.ctx.db.db, {
      fanId: buyer.user.id,
      performerId: me.user.id,
      targetType: 'gallery',
      targetId: gallery.id,
    });

    const search = await t.request({
      url: `/api/performer-assets/galleries/search?performerId=${me.user.id}`,
      token: stranger.token,
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.map((g: { _id: string }) => g._id)).toEqual([gallery.id]);
    expect(search.json().data[0]).toMatchObject({ isLocked: true, numPhotos: 2 });
    expect(search.json().data[0].cover.preview).toMatch(/^data:image/);
    expect(search.body).not.toContain('/api/files/private/');
    expect(draft.id).toBeTruthy();

    const locked = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: stranger.token,
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data.photos).toHaveLength(2);
    expect(locked.json().data.photos.every((p: { isLocked: boolean }) => p.isLocked)).toBe(true);
    expect(locked.body).not.toContain('/api/files/private/');

    const lockedPhotos = await t.request({
      url: `/api/performer-assets/photos?galleryId=${gallery.id}`,
      token: stranger.token,
    });
    expect(lockedPhotos.json().total).toBe(2);
    expect(lockedPhotos.body).not.toContain('/api/files/private/');

    const unlocked = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: buyer.token,
    });
    expect(unlocked.json().data.isLocked).toBe(false);
    expect(unlocked.json().data.photos[0].media.urls.full).toContain('/api/files/private/');
    const buyerPhotos = await t.request({
      url: `/api/performer-assets/photos/${me.user.id}`,
      token: buyer.token,
    });
    expect(buyerPhotos.json().data.every((p: { isLocked: boolean }) => !p.isLocked)).toBe(true);

    const zip = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}/download`,
      token: buyer.token,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzipNames(zip.rawPayload);
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.name.endsWith('.webp') && e.size > 0)).toBe(true);

    const refused = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}/download`,
      token: stranger.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Buy this gallery/);
    const visitor = await t.request({ url: `/api/performer-assets/galleries/${gallery.id}/download` });
    expect(visitor.statusCode).toBe(403);
    const draftView = await t.request({
      url: `/api/performer-assets/galleries/${draft.id}`,
      token: buyer.token,
    });
    expect(draftView.statusCode).toBe(404);
    const draftZip = await t.request({
      url: `/api/performer-assets/galleries/${draft.id}/download`,
      token: buyer.token,
    });
    expect(draftZip.statusCode).toBe(404);
  });

  it('opens a subscribers-only gallery to subscribers and keeps it locked for others', async () => {
    const me = await t.creator();
    const gallery = await buildGallery(t.ctx.db.db, { performerId: me.user.id });
    expect((await uploadPhotos(gallery.id, 1, me.token)).statusCode).toBe(200);
    const subscriber = await t.fan();
    const fan = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: subscriber.user.id, performerId: me.user.id });
    const open = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: subscriber.token,
    });
    expect(open.json().data.isLocked).toBe(false);
    const closed = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: fan.token,
    });
    expect(closed.json().data.isLocked).toBe(true);
    expect(closed.body).not.toContain('/api/files/private/');
    const refused = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}/download`,
      token: fan.token,
    });
    expect(refused.statusCode).toBe(403);
    const zip = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}/download`,
      token: subscriber.token,
    });
    expect(zip.statusCode).toBe(200);
  });

  it('hides the galleries of creators nobody may see yet', async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const gallery = await buildGallery(t.ctx.db.db, { performerId: hidden.user.id });
    const fan = await t.fan();
    expect(
      (await t.request({ url: `/api/performer-assets/galleries/${gallery.id}`, token: fan.token }))
        .statusCode,
    ).toBe(404);
    const search = await t.request({ url: '/api/performer-assets/galleries/search', token: fan.token });
    expect(search.json().data.map((g: { _id: string }) => g._id)).not.toContain(gallery.id);
    expect(
      (
        await t.request({
          url: `/api/performer-assets/galleries/search?performerId=${hidden.user.id}`,
          token: fan.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
