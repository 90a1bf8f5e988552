import { earnings, eq, files, galleries, performerProfiles, products, purchases, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { loadConfig } from '../config';
import { transcodeJobName } from '../modules/media/media.service';
import { reconcileLedger } from '../modules/wallet/wallet.reconcile';
import { isDemoSeedAllowed, seedDemo, seedDemoIfEmpty } from './demo';
import { demoCreators } from './demo-accounts';
import { seedDemoVideos } from './demo-content';

let t: TestApp;
let printed = '';
beforeAll(async () => {
  t = await createTestApp({
    env: { SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'http://demo.test:8080' },
  });
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => {
    printed += `${text}\n`;
  });
  // Pictures are made for real; the videos have their own test below (they take ffmpeg time).
  await seedDemoIfEmpty(t.ctx, { videos: false });
  log.mockRestore();
}, 120_000);
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password, remember: false } });

/** The password printed in the logins table on the row of `username`. */
const printedPasswordOf = (username: string) => {
  const row = printed.split('\n').find((l) => l.trim().split(/\s+/)[1] === username);
  return row?.trim().split(/\s+/)[3];
};

const snapshot = async () => ({
  users: (await t.ctx.db.db.select().from(users))
    .map((u) => [u.id, u.username, u.avatarPath, u.coverPath, u.updatedAt.getTime()])
    .sort(),
  profiles: (await t.ctx.db.db.select().from(performerProfiles)).map((p) => [p.userId, p.bio]).sort(),
});

describe('demo seed', () => {
  it('creates one admin, six listed creators and ten fans, all with verified emails and avatars', async () => {
    const rows = await t.ctx.db.db.select().from(users);
    const countOf = (role: string) => rows.filter((u) => u.role === role).length;
    expect([countOf('admin'), countOf('performer'), countOf('user')]).toEqual([1, 6, 10]);
    expect(rows.every((u) => u.emailVerifiedAt !== null && u.avatarPath?.endsWith('-seed.webp'))).toBe(true);
    const admin = rows.find((u) => u.role === 'admin')!;
    expect([admin.username, admin.email]).toEqual(['siteadmin', 'admin@fanstage.local']);
    const profiles = await t.ctx.db.db.select().from(performerProfiles);
    expect(profiles).toHaveLength(6);
    expect(profiles.every((p) => p.documentsVerifiedAt !== null && p.bio.length > 20)).toBe(true);
  });

  it('prints the logins with the site URL', () => {
    expect(printed).toContain('http://demo.test:8080');
    expect(printed).toMatch(/admin\s+siteadmin\s+admin@fanstage\.local\s+adminpass123/);
    expect(printed).toMatch(/fan\s+ava\.thompson\s+ava\.thompson@fanstage\.local\s+fanpass123/);
  });

  it('lets a seeded creator log in with the printed password and shows the bio on the public profile', async () => {
    const password = printedPasswordOf('luna.rivers');
    expect(password).toBe('creatorpass123');
    const res = await login('luna.rivers', password!);
    expect(res.statusCode).toBe(200);
    const profile = await t.request({ url: '/api/performers/luna.rivers' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.bio).toContain('Singer-songwriter');
    expect(profile.json().data.cover).toMatch(/^\/api\/files\/public\/covers\/.+-seed\.webp$/);
  });

  it('serves the avatar from /api/users/me as WebP', async () => {
    const token = (await login('luna.rivers', 'creatorpass123')).json().data.token as string;
    const me = await t.request({ url: '/api/users/me', token });
    expect(me.statusCode).toBe(200);
    const avatar = await t.request({ url: me.json().data.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    expect(avatar.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    expect(await seedDemoIfEmpty(t.ctx)).toBeNull();
    expect((await seedDemo(t.ctx)).created).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('demo content', () => {
  const tokenOf = async (username: string, password = 'fanpass123') =>
    (await login(username, password)).json().data.token as string;
  type Feed = { _id: string; type: string; isSale: boolean; price: number; isLocked: boolean; text: string };
  const creatorFeed = async (username: string, token?: string) =>
    (await t.request({ url: `/api/user/feeds/search/${username}?limit=50`, token })).json().data as Feed[];

  it('gives every creator prices and posts; Luna has text, photo, poll, audio and PPV posts', async () => {
    const profiles = await t.ctx.db.db.select().from(performerProfiles);
    expect(
      profiles.every((p) => (p.monthlyPriceCents ?? 0) >= 499 && (p.monthlyPriceCents ?? 0) <= 1499),
    ).toBe(true);
    expect(profiles.filter((p) => p.freeSubscriptionEnabled)).toHaveLength(1);
    const token = await tokenOf('luna.rivers', 'creatorpass123');
    const own = (await t.request({ url: '/api/performer/feeds?limit=50', token })).json().data as Feed[];
    expect(new Set(own.map((f) => f.type))).toEqual(new Set(['text', 'photo', 'poll', 'audio']));
    expect(own.some((f) => f.isSale && f.price >= 3.99)).toBe(true);
    for (const creator of ['mateo.alves', 'priya.nair', 'kenji.morita', 'sofia.marin', 'rowan.blake']) {
      expect((await creatorFeed(creator)).length).toBeGreaterThanOrEqual(4);
    }
  });

  it('shows a fan the posts of the creators they follow and subscribe to', async () => {
    const token = await tokenOf('ava.thompson');
    const res = await t.request({ url: '/api/user/feeds?limit=50', token });
    expect(res.statusCode).toBe(200);
    const authors = new Set(
      (res.json().data as { performer?: { username: string } }[]).map((f) => f.performer?.username),
    );
    expect(authors.has('luna.rivers')).toBe(true);
    expect(authors.has('mateo.alves')).toBe(true);
  });

  it('locks PPV posts for a fan without access: no private file URL in them', async () => {
    const token = await tokenOf('zoe.martins');
    const feed = (await t.request({ url: '/api/user/feeds/search/luna.rivers?limit=50', token })).json()
      .data as Feed[];
    const ppv = feed.filter((f) => f.isSale && f.price > 0);
    expect(ppv.length).toBeGreaterThan(0);
    expect(ppv.every((f) => f.isLocked)).toBe(true);
    expect(JSON.stringify(ppv)).not.toContain('/api/files/private/');
    expect(feed.filter((f) => !f.isSale).every((f) => f.isLocked)).toBe(true);
  });

  it("unlocks subscriber posts and the bought PPV post for Ava, and keeps Luna's other PPV locked", async () => {
    const token = await tokenOf('ava.thompson');
    const feed = await creatorFeed('luna.rivers', token);
    const forSubscribers = feed.filter((f) => !f.isSale);
    expect(forSubscribers.length).toBeGreaterThan(0);
    expect(forSubscribers.every((f) => !f.isLocked)).toBe(true);
    const photos = feed.find((f) => f.type === 'photo' && !f.isSale)!;
    expect(JSON.stringify(photos)).toContain('/api/files/private/');
    const ppv = feed.filter((f) => f.isSale && f.price > 0);
    expect(ppv.filter((f) => !f.isLocked)).toHaveLength(1);
    expect(ppv.filter((f) => f.isLocked).length).toBeGreaterThan(0);
    expect(printed).toMatch(/ava\.thompson → luna\.rivers, mateo\.alves/);
  });

  it('hides the scheduled post from fans and keeps the expired poll closed', async () => {
    const fanFeed = await creatorFeed('luna.rivers', await tokenOf('ava.thompson'));
    expect(fanFeed.some((f) => f.text.startsWith('Tomorrow:'))).toBe(false);
    const own = (
      await t.request({
        url: '/api/performer/feeds?limit=50',
        token: await tokenOf('luna.rivers', 'creatorpass123'),
      })
    ).json().data as Feed[];
    expect(own.some((f) => f.text.startsWith('Tomorrow:'))).toBe(true);
    const mateo = await creatorFeed('mateo.alves');
    expect(mateo.some((f) => f.type === 'poll')).toBe(true);
  });

  it('makes galleries (one for sale per creator) and two products per creator, with WebP sizes', async () => {
    const creators = await t.ctx.db.db.select().from(users).where(eq(users.role, 'performer'));
    const allGalleries = await t.ctx.db.db.select().from(galleries);
    const allProducts = await t.ctx.db.db.select().from(products);
    for (const c of creators) {
      const own = allGalleries.filter((g) => g.performerId === c.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.filter((g) => g.isSale)).toHaveLength(1);
      expect(
        allProducts
          .filter((p) => p.performerId === c.id)
          .map((p) => p.type)
          .sort(),
      ).toEqual(['digital', 'physical']);
    }
    const photos = await t.ctx.db.db.select().from(files).where(eq(files.kind, 'gallery-photo'));
    expect(photos.length).toBeGreaterThanOrEqual(24);
    expect(photos.every((f) => f.status === 'ready' && f.variants?.thumbnail && f.preview)).toBe(true);
  });
});

describe('demo seed with videos', () => {
  it('uploads the video clips and leaves them to the transcode queue', async () => {
    const sent: string[] = [];
    const send = vi.spyOn(t.ctx.queue, 'send').mockImplementation(async (name) => {
      sent.push(name);
      return null;
    });
    try {
      const rows = await t.ctx.db.db.select().from(users).where(eq(users.role, 'performer'));
      const creators = demoCreators.map((account) => ({
        id: rows.find((r) => r.username === account.username)!.id,
        account,
      }));
      const queued = await seedDemoVideos(t.ctx, { creators, allCreators: creators });
      const videos = await t.ctx.db.db.select().from(files).where(eq(files.kind, 'feed-video'));
      expect(videos.length).toBeGreaterThanOrEqual(3);
      expect(videos.every((f) => f.status === 'uploaded' && f.width === 640 && f.height === 360)).toBe(true);
      expect(videos.every((f) => (f.durationSeconds ?? 0) >= 4 && (f.durationSeconds ?? 0) <= 6.1)).toBe(
        true,
      );
      expect(sent.filter((n) => n === transcodeJobName)).toHaveLength(queued);
      expect(queued).toBeGreaterThanOrEqual(videos.length + 1);
      const luna = (await t.request({ url: '/api/user/feeds/search/luna.rivers?limit=50' })).json().data as {
        type: string;
      }[];
      expect(luna.some((f) => f.type === 'video')).toBe(true);
    } finally {
      send.mockRestore();
    }
  }, 120_000);
});

describe('demo seed in production', () => {
  const production = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', SECRET: 'a-production-secret-of-enough-length-0000', ...env });

  it('gives each demo fan 100.00 through the ledger, once, and Ava pays for her PPV post like a real buyer', async () => {
    const fans = (await t.ctx.db.db.select().from(users)).filter((u) => u.role === 'user');
    const ava = fans.find((f) => f.username === 'ava.thompson')!;
    const [bought] = await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, ava.id));
    expect(bought?.priceCents).toBeGreaterThan(0);
    const others = fans.filter((f) => f.id !== ava.id);
    expect(others.map((f) => f.balanceCents)).toEqual(Array(9).fill(100_00));
    expect(ava.balanceCents).toBe(100_00 - bought!.priceCents);
    const [earning] = await t.ctx.db.db.select().from(earnings).where(eq(earnings.fanId, ava.id));
    expect(earning).toMatchObject({
      grossCents: bought!.priceCents,
      sourceType: 'feed',
      sourceId: bought!.targetId,
    });
    // Run again: no second credit, no second charge.
    await seedDemo(t.ctx, { videos: false });
    const report = await reconcileLedger(t.ctx.db.db);
    expect(report.problems).toEqual([]);
    expect(report.totalsByKind.fan_wallet).toBe(10 * 100_00 - bought!.priceCents);
  });

  it('is off unless SEED_DEMO=true is written out', () => {
    expect(isDemoSeedAllowed(production({}))).toBe(false);
    expect(isDemoSeedAllowed(production({ SEED_DEMO: 'false' }))).toBe(false);
    expect(isDemoSeedAllowed(production({ SEED_DEMO: 'true' }))).toBe(true);
  });
});
