import { and, auditLog, eq } from '@fanstage/db';
import { buildFeed, buildGallery, buildProduct, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipv4In, ipv6In } from '../../../test/geo';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetGeoState } from '../access/geo';

/*
 * Geo-blocking through the HTTP layer. The test app trusts the loopback as its proxy (inject's
 * requests come from 127.0.0.1), so X-Forwarded-For names the visitor, as a real proxy would.
 */

let t: TestApp;
const DE = ipv4In('DE');
const FR = ipv4In('FR');
const DE6 = ipv6In('DE');

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

type Account = { token: string; user: { id: string; username: string | null } };

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const get = (url: string, ip: string, who?: Account) =>
  t.request({ url, token: who?.token, headers: from(ip) });
const blockCountries = (who: Account | undefined, countryCodes: unknown) =>
  t.request({ method: 'POST', url: '/api/block/countries', token: who?.token, payload: { countryCodes } });
const blockSite = (who: Account | undefined, countryCodes: unknown) =>
  t.request({
    method: 'PUT',
    url: '/api/admin/block/countries',
    token: who?.token,
    payload: { countryCodes },
  });
const ids = (body: { data: { _id?: string; performerId?: string; performer?: { _id: string } }[] }) =>
  body.data.map((row) => row.performer?._id ?? row.performerId ?? row._id);

describe('POST /api/block/countries and GET /api/block/countries', () => {
  it("replaces the creator's list, upper-cased, each code once, sorted; GET reads it back", async () => {
    const creator = await t.creator();
    const first = await blockCountries(creator, ['fr', 'DE', 'de']);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { countryCodes: ['DE', 'FR'] } });
    expect((await blockCountries(creator, ['IT'])).json().data.countryCodes).toEqual(['IT']);
    const read = await t.request({ url: '/api/block/countries', token: creator.token });
    expect(read.json()).toEqual({ data: { countryCodes: ['IT'] } });
    expect((await blockCountries(creator, [])).json().data.countryCodes).toEqual([]);
  });

  it('refuses an unknown code with a 400 naming it, and keeps the list as it was', async () => {
    const creator = await t.creator();
    await blockCountries(creator, ['DE']);
    const res = await blockCountries(creator, ['FR', 'XX', 'QQ']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There is no country with the code QQ (and 1 more unknown codes).');
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual([
      'countryCodes.2',
      'countryCodes.1',
    ]);
    const read = await t.request({ url: '/api/block/countries', token: creator.token });
    expect(read.json().data.countryCodes).toEqual(['DE']);
  });

  it('refuses codes that are not two letters, a missing list and more than 250 codes', async () => {
    const creator = await t.creator();
    for (const countryCodes of [['DEU'], [1], 'DE', undefined, new Array(251).fill('DE')]) {
      const res = await blockCountries(creator, countryCodes);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[A-Z].*\.$/);
    }
  });

  it('is for creators only: visitors 401, fans and admins 403', async () => {
    expect((await blockCountries(undefined, ['DE'])).statusCode).toBe(401);
    expect((await blockCountries(await t.fan(), ['DE'])).statusCode).toBe(403);
    expect((await blockCountries(await t.admin(), ['DE'])).statusCode).toBe(403);
    expect((await t.request({ url: '/api/block/countries', token: (await t.fan()).token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ url: '/api/block/countries' })).statusCode).toBe(401);
  });
});

describe('a creator who blocks a country', () => {
  let creator: Account;
  let other: Account;
  let fan: Account;
  let admin: Account;
  let post: { id: string };
  let video: { id: string };
  let gallery: { id: string };
  let product: { id: string };

  beforeAll(async () => {
    creator = await t.creator();
    other = await t.creator();
    fan = await t.fan();
    admin = await t.admin();
    const db = t.ctx.db.db;
    post = await buildFeed(db, { performerId: creator.user.id, text: 'Hello' });
    await buildFeed(db, { performerId: other.user.id, text: 'Other' });
    video = await buildVideo(db, { performerId: creator.user.id });
    gallery = await buildGallery(db, { performerId: creator.user.id });
    product = await buildProduct(db, { performerId: creator.user.id });
    for (const followed of [creator, other]) {
      await t.request({ method: 'POST', url: `/api/follows/${followed.user.id}`, token: fan.token });
    }
    await t.request({
      method: 'POST',
      url: '/api/reactions',
      token: fan.token,
      payload: { objectType: 'performer', objectId: creator.user.id, action: 'bookmark' },
    });
    expect((await blockCountries(creator, ['DE'])).statusCode).toBe(200);
  });

  it('is missing from their profile for a visitor or fan in that country, like an unknown creator', async () => {
    for (const who of [undefined, fan]) {
      const res = await get(`/api/performers/${creator.user.username}`, DE, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That creator was not found.');
      expect((await get(`/api/performers/${creator.user.id}`, DE6, who)).statusCode).toBe(404);
      expect((await get(`/api/performers/${creator.user.username}`, FR, who)).statusCode).toBe(200);
    }
  });

  it('still shows the creator their own profile and everything to admins, from that country', async () => {
    expect((await get(`/api/performers/${creator.user.username}`, DE, creator)).statusCode).toBe(200);
    expect((await get(`/api/performers/${creator.user.username}`, DE, admin)).statusCode).toBe(200);
    expect((await get(`/api/user/feeds/${post.id}`, DE, creator)).statusCode).toBe(200);
  });

  it('leaves them out of search, top, random and live lists there, with exact totals', async () => {
    for (const url of [
      '/api/performers/user/search?limit=100',
      '/api/performers/top?limit=100',
      '/api/performers/search/random?limit=24',
    ]) {
      const de = (await get(url, DE, fan)).json();
      const fr = (await get(url, FR, fan)).json();
      expect(ids(de)).not.toContain(creator.user.id);
      expect(ids(de)).toContain(other.user.id);
      expect(ids(fr)).toContain(creator.user.id);
      // Totals count the same rows as the page (other creators here block DE too).
      const hiddenInDe = ids(fr).filter((id) => !ids(de).includes(id));
      expect(de.total).toBe(fr.total - hiddenInDe.length);
    }
  });

  it("leaves their posts out of a fan's home timeline there, and their items out of explore lists", async () => {
    const home = (await get('/api/user/feeds?limit=50', DE, fan)).json();
    expect(ids(home)).not.toContain(creator.user.id);
    expect(ids(home)).toContain(other.user.id);
    expect(ids((await get('/api/user/feeds?limit=50', FR, fan)).json())).toContain(creator.user.id);
    for (const url of [
      '/api/performer-assets/videos/search?limit=50',
      '/api/performer-assets/galleries/search?limit=50',
      '/api/performer-assets/products/search?limit=50',
    ]) {
      expect(ids((await get(url, DE, fan)).json())).not.toContain(creator.user.id);
      expect(ids((await get(url, FR, fan)).json())).toContain(creator.user.id);
    }
  });

  it('answers direct links to their content and their feed with 404 there', async () => {
    for (const url of [
      `/api/user/feeds/${post.id}`,
      `/api/user/feeds/search/${creator.user.username}`,
      `/api/performer-assets/videos/${video.id}`,
      `/api/performer-assets/galleries/${gallery.id}`,
      `/api/performer-assets/products/${product.id}`,
      `/api/performer-assets/videos/search?performerId=${creator.user.id}`,
    ]) {
      expect((await get(url, DE, fan)).statusCode, url).toBe(404);
      expect((await get(url, FR, fan)).statusCode, url).toBe(200);
    }
  });

  it('leaves them out of people search and their public user card there', async () => {
    const search = `/api/users/search?q=${creator.user.username}`;
    expect((await get(search, DE, fan)).json().total).toBe(0);
    expect((await get(search, FR, fan)).json().total).toBe(1);
    expect((await get(`/api/users/view/${creator.user.id}`, DE, fan)).statusCode).toBe(404);
    expect((await get(`/api/users/view/${creator.user.id}`, FR, fan)).statusCode).toBe(200);
  });

  it('shows their bookmark as unavailable and their follow as gone there', async () => {
    const bookmarks = (await get('/api/reactions/performers/bookmark', DE, fan)).json();
    expect(bookmarks.data).toEqual([
      expect.objectContaining({ objectId: creator.user.id, isAvailable: false }),
    ]);
    const fr = (await get('/api/reactions/performers/bookmark', FR, fan)).json();
    expect(fr.data[0]).toMatchObject({ isAvailable: true, performer: { _id: creator.user.id } });
    const following = (await get('/api/follows/following?limit=50', DE, fan)).json();
    expect(ids(following)).toEqual([other.user.id]);
  });

  it('hides their live show there: not in "Live now", its page 404, no media grant', async () => {
    const live = await t.request({
      method: 'POST',
      url: '/api/streaming/live',
      token: creator.token,
      payload: { title: 'Hello Berlin' },
    });
    expect(live.statusCode).toBe(200);
    const id = live.json().data._id;
    expect(ids((await get('/api/streaming/user/search?limit=50', DE, fan)).json())).not.toContain(
      creator.user.id,
    );
    expect(ids((await get('/api/streaming/user/search?limit=50', FR, fan)).json())).toContain(
      creator.user.id,
    );
    expect((await get(`/api/streaming/${id}`, DE, fan)).statusCode).toBe(404);
    expect((await get(`/api/streaming/join/${id}`, DE, fan)).statusCode).toBe(404);
    expect((await get(`/api/streaming/${id}`, FR, fan)).statusCode).toBe(200);
    await t.request({ method: 'POST', url: `/api/streaming/live/${id}/end`, token: creator.token });
  });

  it('refuses a tip or a subscription to them from there with the same 404', async () => {
    const tip = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      headers: { ...from(DE), 'idempotency-key': 'geo-tip-1' },
      payload: { amount: 5 },
    });
    expect(tip.statusCode).toBe(404);
  });
});

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For without a trusted proxy: the socket address decides', async () => {
    const plain = await createTestApp({ sharedDb: t.ctx.db });
    try {
      const creator = await t.creator();
      await blockCountries(creator, ['DE']);
      forgetGeoState(plain.ctx);
      const res = await plain.request({ url: `/api/performers/${creator.user.id}`, headers: from(DE) });
      expect(res.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('refuses a bad value at start with a sentence naming it', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: '10.0.0.1,not-an-address' } })).rejects.toThrow(
      /TRUST_PROXY: "not-an-address" is not an address or CIDR/,
    );
  });
});

describe('site-wide blocked countries', () => {
  it('are read and replaced by admins only (visitors 401, fans and creators 403)', async () => {
    const admin = await t.admin();
    expect((await t.request({ url: '/api/admin/block/countries', token: admin.token })).json()).toEqual({
      data: { countryCodes: [] },
    });
    for (const who of [await t.fan(), await t.creator()]) {
      expect((await blockSite(who, ['FR'])).statusCode).toBe(403);
      expect((await t.request({ url: '/api/admin/block/countries', token: who.token })).statusCode).toBe(403);
    }
    expect((await blockSite(undefined, ['FR'])).statusCode).toBe(401);
    expect((await blockSite(admin, ['ZZ'])).statusCode).toBe(400);
    expect((await t.request({ url: '/api/admin/block/countries', token: admin.token })).json().data).toEqual({
      countryCodes: [],
    });
  });

  it('writes an audit row naming the codes added and removed; saving the same list writes none', async () => {
    const admin = await t.admin();
    const rows = () =>
      t.ctx.db.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'geo-block.update')))
        .orderBy(auditLog.createdAt);
    expect((await blockSite(admin, ['KP', 'FR'])).statusCode).toBe(200);
    expect((await blockSite(admin, ['KP', 'DE'])).statusCode).toBe(200);
    expect((await blockSite(admin, ['DE', 'KP'])).statusCode).toBe(200);
    expect((await blockSite(admin, [])).statusCode).toBe(200);
    expect((await rows()).map((r) => [r.targetId, r.before, r.after])).toEqual([
      [
        'blocked-countries',
        { countryCodes: [] },
        { countryCodes: ['FR', 'KP'], added: ['FR', 'KP'], removed: [] },
      ],
      [
        'blocked-countries',
        { countryCodes: ['FR', 'KP'] },
        { countryCodes: ['DE', 'KP'], added: ['DE'], removed: ['FR'] },
      ],
      [
        'blocked-countries',
        { countryCodes: ['DE', 'KP'] },
        { countryCodes: [], added: [], removed: ['DE', 'KP'] },
      ],
    ]);
  });

  it('close the API to that country (403 with a sentence) but keep the check, settings and health open', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const creator = await t.creator();
    expect((await get('/api/block/countries/check', FR)).json()).toEqual({ data: { blocked: false } });
    expect((await blockSite(admin, ['FR'])).json().data.countryCodes).toEqual(['FR']);
    try {
      expect((await get('/api/block/countries/check', FR)).json()).toEqual({ data: { blocked: true } });
      expect((await get('/api/block/countries/check', DE)).json()).toEqual({ data: { blocked: false } });
      expect((await get('/api/block/countries/check', '127.0.0.1')).json()).toEqual({
        data: { blocked: false },
      });
      const refused = await get(`/api/performers/${creator.user.id}`, FR, fan);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'GEO_BLOCKED',
        message: 'This site is not available in your country.',
      });
      expect((await get('/api/performers/user/search', FR)).statusCode).toBe(403);
      expect((await get(`/api/performers/${creator.user.id}`, DE, fan)).statusCode).toBe(200);
      for (const url of ['/api/settings/public', '/api/health', '/api/users/me']) {
        expect((await get(url, FR, fan)).statusCode, url).toBe(200);
      }
      // An admin abroad is let through, so the list can be changed from anywhere.
      expect((await get('/api/block/countries/check', FR, admin)).json().data.blocked).toBe(false);
      expect((await get('/api/admin/block/countries', FR, admin)).statusCode).toBe(200);
    } finally {
      await blockSite(admin, []);
    }
    expect((await get('/api/block/countries/check', FR)).json().data.blocked).toBe(false);
  });
});
