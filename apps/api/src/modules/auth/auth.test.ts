import { eq, outboxEmails, sessions, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp, TestClock } from '../../../test/helpers';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', SIGNUP_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/users/register', payload });

const login = (username: string, password = 'password123', remember = false) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password, remember } });

const lastMailTo = async (to: string) => {
  const rows = await t.ctx.db.db.select().from(outboxEmails);
  return rows.filter((r) => r.to === to).at(-1);
};

describe('fan registration', () => {
  it('creates an account that can log in by username or by email in any case', async () => {
    const res = await register({
      name: 'Ann Lee',
      username: 'ann.lee',
      email: 'Ann@Example.test',
      password: 'password123',
    });
    expect(res.statusCode).toBe(200);
    expect((await login('ann.lee')).statusCode).toBe(200);
    expect((await login('ANN@example.TEST')).statusCode).toBe(200);
  });

  it('refuses a username that differs only in case, and names the field', async () => {
    const res = await register({
      name: 'X',
      username: 'ANN.LEE',
      email: 'other@example.test',
      password: 'password123',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken.' });
  });

  it('refuses a duplicate email ignoring case', async () => {
    const res = await register({
      name: 'X',
      username: 'someone_else',
      email: 'ANN@EXAMPLE.TEST',
      password: 'password123',
    });
    expect(res.statusCode).toBe(409);
  });

  it.each(['admin', 'Auth', 'home', 'creator', 'API'])(
    'refuses the reserved username %s',
    async (username) => {
      const res = await register({
        name: 'X',
        username,
        email: `${username}@example.test`,
        password: 'password123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('reserved');
    },
  );

  it.each([
    ['missing fields', {}],
    ['a number as name', { name: 5, username: 'okname', email: 'a@example.test', password: 'password123' }],
    [
      'a 10 MB name',
      {
        name: 'x'.repeat(10 * 1024 * 1024),
        username: 'okname',
        email: 'a@example.test',
        password: 'password123',
      },
    ],
    ['a short username', { name: 'A', username: 'ab', email: 'a@example.test', password: 'password123' }],
    [
      'bad characters in username',
      { name: 'A', username: 'a b!', email: 'a@example.test', password: 'password123' },
    ],
    ['a bad email', { name: 'A', username: 'okname', email: 'not-an-email', password: 'password123' }],
    ['a short password', { name: 'A', username: 'okname', email: 'a@example.test', password: 'short' }],
    [
      'an unknown gender',
      { name: 'A', username: 'okname', email: 'a@example.test', password: 'password123', gender: 'robot' },
    ],
  ])('answers %s with a 4xx and a readable message, creating nothing', async (_label, payload) => {
    const before = (await t.ctx.db.db.select().from(users)).length;
    const res = await register(payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().message.length).toBeGreaterThan(5);
    expect((await t.ctx.db.db.select().from(users)).length).toBe(before);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('login and sessions', () => {
  it('gives one message for an unknown account and a wrong password', async () => {
    const unknown = await login('nobody-here', 'password123');
    const wrong = await login('ann.lee', 'wrong-password');
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Incorrect credentials!');
    expect(wrong.json().message).toBe('Incorrect credentials!');
  });

  it('sets an HttpOnly cookie for 365 days with remember, and 1 day without', async () => {
    const long = await login('ann.lee', 'password123', true);
    expect(long.headers['set-cookie']).toMatch(
      /token=[\w-]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const short = await login('ann.lee', 'password123', false);
    expect(short.headers['set-cookie']).toMatch(/Max-Age=86400;.*HttpOnly/);
  });

  it('stores only a hash of the token', async () => {
    const token = (await login('ann.lee')).json().data.token as string;
    const rows = await t.ctx.db.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(token.length).toBeGreaterThanOrEqual(40);
  });

  it('accepts the token as cookie or bearer, and refuses it after logout', async () => {
    const token = (await login('ann.lee')).json().data.token as string;
    expect((await t.request({ url: '/api/users/me', token })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', cookies: { token } })).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toMatch(/token=;/);
    expect((await t.request({ url: '/api/users/me', token })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write without the anti-CSRF header and changes nothing', async () => {
    const token = (await login('ann.lee')).json().data.token as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      cookies: { token },
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      cookies: { token },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { name: 'Ann B' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe('Ann B');
  });

  it('lets a public write (login) through without the header, ignoring the cookie', async () => {
    const token = (await login('ann.lee')).json().data.token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { token },
      payload: { username: 'ann.lee', password: 'password123' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('expires a session after one day without remember', async () => {
    const token = (await login('ann.lee')).json().data.token as string;
    clock.advance(25 * 60 * 60 * 1000);
    expect((await t.request({ url: '/api/users/me', token })).statusCode).toBe(401);
  });

  it('refuses an inactive account with 403', async () => {
    const { user } = await t.fan({ status: 'inactive' });
    const res = await login(user.username!, factoryPassword);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('password change', () => {
  it('revokes the other sessions and keeps the current one', async () => {
    const { user } = await t.fan();
    const a = (await login(user.username!, factoryPassword)).json().data.token;
    const b = (await login(user.username!, factoryPassword)).json().data.token;
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      token: a,
      payload: { currentPassword: factoryPassword, password: 'new-password-1', source: 'user' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ url: '/api/users/me', token: a })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/users/me', token: b })).statusCode).toBe(401);
    expect((await login(user.username!, 'new-password-1')).statusCode).toBe(200);
    expect((await login(user.username!, factoryPassword)).statusCode).toBe(422);
  });

  it.each([
    ['without the current password', {}],
    ['with a wrong current password', { currentPassword: 'not-my-password' }],
  ])('refuses a change %s and changes nothing', async (_label, extra) => {
    const { user, token } = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      token,
      payload: { password: 'taken-over-1', ...extra },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
    expect((await login(user.username!, factoryPassword)).statusCode).toBe(200);
    expect((await login(user.username!, 'taken-over-1')).statusCode).toBe(422);
  });

  it('lets an account without a password (social sign-up) set one without a current password', async () => {
    const { user, token } = await t.fan({ passwordHash: null });
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      token,
      payload: { password: 'first-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(user.username!, 'first-password-1')).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      payload: { password: 'whatever-123' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('email change', () => {
  const changeEmail = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/auth/users/me/email', token, payload });
  const confirm = (token: string) =>
    t.request({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token } });
  const linkTokenIn = async (to: string) =>
    (await lastMailTo(to))?.text.match(/confirm-email\?token=([\w-]+)/)?.[1];
  const emailOf = async (id: string) =>
    (await t.ctx.db.db.select().from(users).where(eq(users.id, id)))[0]!.email;

  it('mails a link to the new address, keeps the old email until it is opened, then tells the old address', async () => {
    const { user, token } = await t.fan();
    const res = await changeEmail(token, { email: 'New.Home@Example.test', password: factoryPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(
      'We sent a confirmation link to the new address. Your email changes when you open it.',
    );
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await login(user.email!)).statusCode).toBe(200);

    const link = await linkTokenIn('new.home@example.test');
    expect(link).toBeDefined();
    const confirmed = await confirm(link!);
    expect(confirmed.statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe('new.home@example.test');
    expect((await login('new.home@example.test')).statusCode).toBe(200);
    const notice = await lastMailTo(user.email!);
    expect(notice?.subject).toMatch(/email was changed/);
    expect(notice?.text).toContain('ne***@example.test');
  });

  it('works once', async () => {
    const { token } = await t.fan();
    await changeEmail(token, { email: 'once@example.test', password: factoryPassword });
    const link = (await linkTokenIn('once@example.test'))!;
    expect((await confirm(link)).statusCode).toBe(200);
    const again = await confirm(link);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('expires after 24 hours', async () => {
    const { user, token } = await t.fan();
    await changeEmail(token, { email: 'late@example.test', password: factoryPassword });
    const link = (await linkTokenIn('late@example.test'))!;
    clock.advance(25 * 60 * 60 * 1000);
    expect((await confirm(link)).statusCode).toBe(422);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it.each([
    ['without the password', { email: 'thief@example.test' }, 400],
    ['with a wrong password', { email: 'thief@example.test', password: 'guess-1234' }, 422],
  ])('refuses a change %s and mails nothing', async (_label, payload, status) => {
    const { user, token } = await t.fan();
    const res = await changeEmail(token, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().details?.[0]?.path).toBe('password');
    expect(await linkTokenIn('thief@example.test')).toBeUndefined();
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses an address another account uses, when asked and when confirmed', async () => {
    const other = await t.fan();
    const { token } = await t.fan();
    const res = await changeEmail(token, {
      email: other.user.email!.toUpperCase(),
      password: factoryPassword,
    });
    expect(res.statusCode).toBe(409);

    await changeEmail(token, { email: 'race@example.test', password: factoryPassword });
    const link = (await linkTokenIn('race@example.test'))!;
    const rival = await t.fan();
    await t.ctx.db.db.update(users).set({ email: 'race@example.test' }).where(eq(users.id, rival.user.id));
    const late = await confirm(link);
    expect(late.statusCode).toBe(409);
  });

  it('needs a login', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/users/me/email',
      payload: { email: 'x@example.test', password: 'whatever' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a link that works once, within an hour', async () => {
    const { user } = await t.fan();
    const forgot = await t.request({
      method: 'POST',
      url: '/api/auth/users/forgot',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await lastMailTo(user.email!);
    const token = mail!.text.match(/reset-password\?token=([\w-]+)/)![1]!;
    const reset = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/users/reset-password',
        payload: { token, password: 'brand-new-pass' },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await login(user.username!, 'brand-new-pass')).statusCode).toBe(200);
    const again = await reset();
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link', async () => {
    const { user } = await t.fan();
    await t.request({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: user.email } });
    const token = (await lastMailTo(user.email!))!.text.match(/token=([\w-]+)/)![1]!;
    clock.advance(61 * 60 * 1000);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/users/reset-password',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const before = (await t.ctx.db.db.select().from(outboxEmails)).length;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/users/forgot',
      payload: { email: 'nobody@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.ctx.db.db.select().from(outboxEmails)).length).toBe(before);
  });
});

describe('email verification', () => {
  it('blocks login until the emailed link is opened when verification is required', async () => {
    await t.ctx.settings.update({ requireEmailVerification: true });
    try {
      await register({ name: 'Vera', username: 'vera', email: 'vera@example.test', password: 'password123' });
      const refused = await login('vera');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/verify your email/i);
      const resend = await t.request({
        method: 'POST',
        url: '/api/auth/email-verification',
        payload: { email: 'vera@example.test' },
      });
      expect(resend.statusCode).toBe(200);
      const token = (await lastMailTo('vera@example.test'))!.text.match(/verify-email\?token=([\w-]+)/)![1]!;
      const verified = await t.request({
        method: 'POST',
        url: '/api/auth/email-verification/verify',
        payload: { token },
      });
      expect(verified.statusCode).toBe(200);
      expect((await login('vera')).statusCode).toBe(200);
    } finally {
      await t.ctx.settings.update({ requireEmailVerification: false });
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 with a readable message after too many attempts from one address', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        limited.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'x', password: 'y' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(422);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many attempts/i);
    } finally {
      await limited.close();
    }
  });
});
