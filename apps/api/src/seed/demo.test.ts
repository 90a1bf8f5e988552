import { performerProfiles, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { loadConfig } from '../config';
import { isDemoSeedAllowed, seedDemo, seedDemoIfEmpty } from './demo';

let t: TestApp;
let printed = '';
beforeAll(async () => {
  t = await createTestApp({
    env: { SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'http://demo.test:8080' },
  });
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => {
    printed += `${text}\n`;
  });
  await seedDemoIfEmpty(t.ctx);
  log.mockRestore();
});
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

describe('demo seed in production', () => {
  const production = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', SECRET: 'a-production-secret-of-enough-length-0000', ...env });

  it('is off unless SEED_DEMO=true is written out', () => {
    expect(isDemoSeedAllowed(production({}))).toBe(false);
    expect(isDemoSeedAllowed(production({ SEED_DEMO: 'false' }))).toBe(false);
    expect(isDemoSeedAllowed(production({ SEED_DEMO: 'true' }))).toBe(true);
  });
});
