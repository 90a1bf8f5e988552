import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/performers/:id', () => {
  it('shows a verified creator by username (any case) or id, with public fields only', async () => {
    const { user } = await t.creator({ country: 'FR' });
    const byName = await t.request({ url: `/api/performers/${user.username!.toUpperCase()}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toMatchObject({ _id: user.id, country: 'FR', isPerformer: true });
    expect(byName.json().data.email).toBeUndefined();
    expect((await t.request({ url: `/api/performers/${user.id}` })).statusCode).toBe(200);
  });

  it('hides an unverified or inactive creator from others, not from the creator or an admin', async () => {
    const unverified = await t.creator({ documentsVerified: false });
    const inactive = await t.creator({ status: 'inactive' });
    const fan = await t.fan();
    const admin = await t.admin();
    for (const c of [unverified, inactive]) {
      expect(
        (await t.request({ url: `/api/performers/${c.user.username}`, token: fan.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.request({ url: `/api/performers/${c.user.username}`, token: admin.token })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.request({ url: `/api/performers/${unverified.user.username}`, token: unverified.token }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for a fan, an unknown name and an unknown id', async () => {
    const fan = await t.fan();
    expect((await t.request({ url: `/api/performers/${fan.user.username}` })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/performers/nobody_here' })).statusCode).toBe(404);
    expect(
      (await t.request({ url: '/api/performers/01a2019b-4926-76fd-a59f-71dafbdd39d1' })).statusCode,
    ).toBe(404);
  });

  it('refuses an absurdly long key with 400', async () => {
    expect((await t.request({ url: `/api/performers/${'a'.repeat(200)}` })).statusCode).toBe(400);
  });
});
