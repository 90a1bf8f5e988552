import { eq, files, performerProfiles } from '@fanstage/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (name: string, bytes: Buffer | string, filename: string, type = 'application/octet-stream') => {
  const fd = new FormData();
  fd.append(name, new Blob([bytes], { type }), filename);
  return fd;
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();

const profileOf = async (userId: string) =>
  (await t.ctx.db.db.select().from(performerProfiles).where(eq(performerProfiles.userId, userId)))[0]!;

const put = (token: string, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/performers/me', token, payload: payload as object });

describe('GET /api/performers/me', () => {
  it("answers the creator's own full profile, unlisted or not", async () => {
    const { user, token } = await t.creator({
      documentsVerified: false,
      privateCallPrice: 2.5,
      profile: { welcomeMessage: 'Hi there', commissionPercentage: 0.15 },
    });
    const res = await t.request({ url: '/api/performers/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: user.id,
      email: user.email,
      monthlyPrice: 9.99,
      privateCallPrice: 2.5,
      welcomeMessage: 'Hi there',
      commissionPercentage: 0.15,
      verifiedDocument: false,
      documentsVerifiedAt: null,
      documents: [],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/passwordHash|argon2/);
  });

  it('is for creators only: a fan or an admin gets 403, a visitor 401', async () => {
    const fan = await t.fan();
    const admin = await t.admin();
    expect((await t.request({ url: '/api/performers/me', token: fan.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/performers/me', token: admin.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/performers/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/performers/me', () => {
  it('saves bio, prices in cents, free subscription, call price, welcome message, socials and details', async () => {
    const { user, token } = await t.creator();
    const res = await put(token, {
      bio: '  Painter and singer.  ',
      monthlyPrice: 12.5,
      yearlyPrice: 120,
      freeSubscriptionEnabled: true,
      privateCallPrice: 3.25,
      welcomeMessage: 'Welcome aboard!',
      requiresSubscriptionToMessage: true,
      country: 'fr',
      socials: { twitter: 'https://twitter.com/me', website: 'https://example.test/' },
      details: { gender: 'female', sexualOrientation: 'bisexual', hair: 'red', eyes: 'green', height: '170' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      bio: 'Painter and singer.',
      monthlyPrice: 12.5,
      yearlyPrice: 120,
      freeSubscription: true,
      freeSubscriptionEnabled: true,
      privateCallPrice: 3.25,
      welcomeMessage: 'Welcome aboard!',
      requiresSubscriptionToMessage: true,
      country: 'FR',
      socials: { twitter: 'https://twitter.com/me', website: 'https://example.test/', instagram: null },
      details: { gender: 'female', sexualOrientation: 'bisexual', hair: 'red', eyes: 'green', height: '170' },
    });
    const row = await profileOf(user.id);
    expect([row.monthlyPriceCents, row.yearlyPriceCents, row.privateCallPriceCents]).toEqual([
      1250, 12000, 325,
    ]);
    const pub = await t.request({ url: `/api/performers/${user.id}` });
    expect(pub.json().data).toMatchObject({ monthlyPrice: 12.5, details: { hair: 'red' } });
  });

  it('changes only the fields sent; socials merge and null clears one', async () => {
    const { token } = await t.creator({
      profile: { socials: { twitter: 'https://t.test/a', tiktok: 'https://k.test/b' } },
    });
    const res = await put(token, {
      socials: { twitter: null, instagram: 'https://i.test/c' },
      yearlyPrice: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      monthlyPrice: 9.99,
      yearlyPrice: null,
      socials: { twitter: null, tiktok: 'https://k.test/b', instagram: 'https://i.test/c' },
    });
  });

  it('reads an emptied form field as cleared', async () => {
    const { token } = await t.creator({
      gender: 'male',
      profile: { socials: { tiktok: 'https://k.test/b' }, hair: 'red' },
    });
    const res = await put(token, { socials: { tiktok: '' }, details: { hair: '', gender: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.socials.tiktok).toBeNull();
    expect(res.json().data.details).toMatchObject({ hair: null, gender: null });
  });

  it('refuses a monthly price below the minimum with 422 naming the limit, and saves nothing', async () => {
    const { user, token } = await t.creator();
    const res = await put(token, { bio: 'changed', monthlyPrice: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The monthly price must be between 2.95 and 300.');
    const row = await profileOf(user.id);
    expect([row.bio, row.monthlyPriceCents]).toEqual(['', 999]);
  });

  it('refuses a yearly price above the maximum with 422 naming the limit', async () => {
    const { token } = await t.creator();
    const res = await put(token, { yearlyPrice: 300.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The yearly price must be between 2.95 and 300.');
    expect(res.json().details).toEqual([{ path: 'yearlyPrice', message: expect.any(String) }]);
  });

  it('takes the limits from the settings at the time of the request, edges included', async () => {
    const { token } = await t.creator();
    await t.ctx.settings.update({ minimumSubscriptionPrice: 5, maximumSubscriptionPrice: 50 });
    try {
      const low = await put(token, { monthlyPrice: 4.99 });
      expect(low.json().message).toBe('The monthly price must be between 5 and 50.');
      expect((await put(token, { monthlyPrice: 5, yearlyPrice: 50 })).statusCode).toBe(200);
    } finally {
      await t.ctx.settings.update({ minimumSubscriptionPrice: 2.95, maximumSubscriptionPrice: 300 });
    }
  });

  it.each([
    ['a price with three decimals', { monthlyPrice: 9.999 }, /two decimal places/],
    ['a price as a string', { monthlyPrice: '9.99' }, /must be a number/],
    ['a negative call price', { privateCallPrice: -1 }, /cannot be negative/],
    ['a call price above 10000', { privateCallPrice: 10000.01 }, /at most 10000/],
    ['an unknown field', { bio: 'x', isAdmin: true }, /isAdmin/],
    ['an unknown social network', { socials: { myspace: 'https://m.test' } }, /myspace/],
    ['a script link', { socials: { website: 'javascript:alert(1)' } }, /web address/],
    ['a link without scheme', { socials: { twitter: 'twitter.com/me' } }, /web address/],
    ['a hair colour not in the list', { details: { hair: 'purple' } }, /user-additional/],
    ['an unknown orientation', { details: { sexualOrientation: 'other' } }, /Sexual orientation/],
    ['an unknown country', { country: 'XX' }, /country/],
    ['a 10 kB welcome message', { welcomeMessage: 'w'.repeat(10_000) }, /at most 2000/],
  ])('answers %s with 400 and a message', async (_label, payload, message) => {
    const { user, token } = await t.creator();
    const before = await profileOf(user.id);
    const res = await put(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    const after = await profileOf(user.id);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("changes only the caller's profile, whatever id the body carries", async () => {
    const a = await t.creator();
    const b = await t.creator();
    const res = await put(a.token, { _id: b.user.id, bio: 'stolen' });
    expect(res.statusCode).toBe(400);
    expect((await profileOf(b.user.id)).bio).toBe('');
  });

  it('is for creators only', async () => {
    const fan = await t.fan();
    expect((await put(fan.token, { bio: 'x' })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'PUT', url: '/api/performers/me', payload: { bio: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('creator avatar and cover uploads', () => {
  it('stores a square WebP avatar shown on the profile', async () => {
    const { user, token } = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: '/api/performers/avatar/upload',
      token,
      payload: form('file', await png(800, 600), 'me.png', 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(new RegExp(`^/api/files/public/avatars/${user.id}-[a-z0-9]+\\.webp$`));
    const meta = await sharp((await t.request({ url })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect((await t.request({ url: `/api/performers/${user.id}` })).json().data.avatar).toBe(url);
  });

  it('stores a 1500x500 WebP cover, cropped to fill, and replaces the previous one', async () => {
    const { user, token } = await t.creator();
    const upload = async () =>
      t.request({
        method: 'POST',
        url: '/api/performers/cover/upload',
        token,
        payload: form('file', await png(3000, 2000), 'cover.png', 'image/png'),
      });
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const url = first.json().data.url as string;
    expect(url).toMatch(new RegExp(`^/api/files/public/covers/${user.id}-[a-z0-9]+\\.webp$`));
    const img = await t.request({ url });
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1500, 500, undefined]);
    expect((await t.request({ url: `/api/performers/${user.id}` })).json().data.cover).toBe(url);
    const second = await upload();
    expect(second.json().data.url).not.toBe(url);
    expect((await t.request({ url })).statusCode).toBe(404);
  });

  it('refuses a PDF named .jpg with 415', async () => {
    const { token } = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: '/api/performers/cover/upload',
      token,
      payload: form('file', Buffer.from('%PDF-1.4\n%%EOF'), 'c.jpg', 'image/jpeg'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/upload an image/i);
  });

  it('is for creators only', async () => {
    const fan = await t.fan();
    for (const kind of ['avatar', 'cover']) {
      const res = await t.request({
        method: 'POST',
        url: `/api/performers/${kind}/upload`,
        token: fan.token,
        payload: form('file', await png(10, 10), 'x.png', 'image/png'),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /api/performers/documents/upload', () => {
  it('keeps a document private and lists it on the own profile', async () => {
    const { user, token } = await t.creator({ documentsVerified: false });
    const res = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token,
      payload: form('idVerification', await png(1200, 800), 'id.png', 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatch(/listed once we have checked/);
    const [doc] = res.json().data.documents;
    expect(doc.kind).toBe('performer-document:idVerification');
    const [row] = await t.ctx.db.db.select().from(files).where(eq(files.id, doc._id));
    expect(row).toMatchObject({ ownerId: user.id, visibility: 'private', mimeType: 'image/webp' });
    expect(row!.storageKey).toMatch(/^private\/documents\/[0-9a-f-]+\.webp$/);
    expect((await t.request({ url: `/api/files/public/${row!.storageKey}` })).statusCode).toBe(404);
    const me = await t.request({ url: '/api/performers/me', token });
    expect(me.json().data.documents.map((d: { _id: string }) => d._id)).toEqual([doc._id]);
  });

  it('puts a creator whose documents were refused back in the review queue', async () => {
    const { user, token } = await t.creator({
      documentsVerified: false,
      profile: { documentsRejectedAt: new Date() },
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token,
      payload: form('documentVerification', await png(600, 400), 'doc.png', 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(user.id)).documentsRejectedAt).toBeNull();
  });

  it('refuses an unknown field, an empty form, a non-image and a fan', async () => {
    const { token } = await t.creator({ documentsVerified: false });
    const wrongField = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token,
      payload: form('selfie', await png(10, 10), 'x.png', 'image/png'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/selfie/);
    const empty = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    const html = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token,
      payload: form('idVerification', '<html></html>', 'id.png', 'image/png'),
    });
    expect(html.statusCode).toBe(415);
    const fan = await t.fan();
    const byFan = await t.request({
      method: 'POST',
      url: '/api/performers/documents/upload',
      token: fan.token,
      payload: form('idVerification', await png(10, 10), 'x.png', 'image/png'),
    });
    expect(byFan.statusCode).toBe(403);
  });
});
