import { eq, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ensureAdmin } from './admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the admin of ADMIN_EMAIL at start', () => {
  it('is made once when several nodes start together, and each gets its id', async () => {
    const email = 'Boss@Example.test';
    const ids = await Promise.all(
      [1, 2, 3].map(() => ensureAdmin(t.ctx, { email, password: 'a-long-pass-1' })),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await t.ctx.db.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'admin', status: 'active' });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: rows[0]!.username, password: 'a-long-pass-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('makes an existing account of that address an admin with the new password', async () => {
    const fan = await t.fan();
    const id = await ensureAdmin(t.ctx, { email: fan.user.email!, password: 'another-pass-2' });
    expect(id).toBe(fan.user.id);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row!.role).toBe('admin');
  });
});
