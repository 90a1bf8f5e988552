import { createServer, type Server } from 'node:http';
import { outboxEmails, users } from '@fanstage/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * A local stand-in for Google's siteverify: the token says what it answers. It records every
 * request, so the tests can see the secret and the token went through.
 */
const secret = 'test-recaptcha-secret';
const seen: URLSearchParams[] = [];
let standIn: Server;
let standInUrl = '';

const answers: Record<string, { status: number; body: unknown }> = {
  good: { status: 200, body: { success: true, hostname: 'localhost' } },
  bad: { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
  used: { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } },
  broken: { status: 500, body: { oops: true } },
};

let t: TestApp;
let down: TestApp;
let off: TestApp;

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      seen.push(params);
      const known = params.get('secret') === secret ? answers[params.get('response') ?? ''] : undefined;
      const answer = known ?? {
        status: 200,
        body: {
          success: false,
          'error-codes': [
            params.get('secret') === secret ? 'invalid-input-response' : 'invalid-input-secret',
          ],
        },
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((ok) => standIn.listen(0, '127.0.0.1', ok));
  const address = standIn.address();
  standInUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/recaptcha/api/siteverify`;

  const limits = { EMAIL_RATE_LIMIT: '1000', SIGNUP_RATE_LIMIT: '1000', ADMIN_EMAIL: 'team@example.test' };
  t = await createTestApp({ env: { ...limits, RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: standInUrl } });
  await t.ctx.settings.update({ reCaptchaSiteKey: 'site-key-for-tests' });

  // Nothing listens there: the stand-in's port once it is closed is not ours to guess, so use a server we close.
  const closed = createServer();
  await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
  const closedAddress = closed.address();
  const closedPort = typeof closedAddress === 'object' && closedAddress ? closedAddress.port : 0;
  await new Promise<void>((ok) => closed.close(() => ok()));
  down = await createTestApp({
    env: {
      ...limits,
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${closedPort}/siteverify`,
    },
  });
  await down.ctx.settings.update({ reCaptchaSiteKey: 'site-key-for-tests' });

  // The site key set but no secret: reCAPTCHA stays off.
  off = await createTestApp({ env: { ...limits, RECAPTCHA_VERIFY_URL: standInUrl } });
  await off.ctx.settings.update({ reCaptchaSiteKey: 'site-key-for-tests' });
});

afterAll(async () => {
  await Promise.all([t?.close(), down?.close(), off?.close()]);
  await new Promise<void>((ok) => standIn.close(() => ok()));
});

const verify = (app: TestApp, payload: unknown) =>
  app.request({ method: 'POST', url: '/api/re-captcha/verify', payload: payload as object });

const contact = (app: TestApp, extra: Record<string, unknown>, ip = '10.9.0.1') =>
  app.request({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: { name: 'Visitor', email: 'visitor@example.test', message: 'Hello team.', ...extra },
  });

const register = (app: TestApp, username: string, extra: Record<string, unknown> = {}) =>
  app.request({
    method: 'POST',
    url: '/api/auth/users/register',
    payload: {
      name: 'New Fan',
      username,
      email: `${username}@example.test`,
      password: 'password123',
      ...extra,
    },
  });

const userNamed = async (app: TestApp, username: string) =>
  (await app.ctx.db.db.select().from(users).where(eq(users.username, username)))[0];

const teamMails = (app: TestApp) =>
  app.ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'team@example.test'));

describe('POST /re-captcha/verify', () => {
  it('accepts a token siteverify calls valid, sending our secret and the token', async () => {
    const before = seen.length;
    const res = await verify(t, { token: 'good' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.success).toBe(true);
    const request = seen[before];
    expect(request?.get('secret')).toBe(secret);
    expect(request?.get('response')).toBe('good');
  });

  it('refuses an invalid, an expired or used, and a missing token with sentences', async () => {
    const bad = await verify(t, { token: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The "I am not a robot" check failed. Please tick it again.');
    const used = await verify(t, { token: 'used' });
    expect(used.statusCode).toBe(422);
    expect(used.json().message).toMatch(/expired or was already used/);
    for (const payload of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(4001) }]) {
      const res = await verify(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[a-z].*\./i);
    }
  });

  it('answers 503 with a sentence when siteverify fails or cannot be reached', async () => {
    const broken = await verify(t, { token: 'broken' });
    expect(broken.statusCode).toBe(503);
    expect(broken.json().message).toMatch(/cannot be reached right now/);
    const unreachable = await verify(down, { token: 'good' });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json().message).toMatch(/cannot be reached right now/);
  });

  it('says reCAPTCHA is not set up when the server has no secret', async () => {
    const res = await verify(off, { token: 'good' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('reCAPTCHA is not set up on this site.');
  });
});

describe('forms that need reCAPTCHA', () => {
  it('contact: refuses without a valid token and mails nothing; sends with one', async () => {
    const before = (await teamMails(t)).length;
    const missing = await contact(t, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Please tick "I am not a robot" before sending.');
    const bad = await contact(t, { reCaptchaToken: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect((await teamMails(t)).length).toBe(before);
    const unreachable = await contact(down, { reCaptchaToken: 'good' });
    expect(unreachable.statusCode).toBe(503);
    const ok = await contact(t, { reCaptchaToken: 'good' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await teamMails(t)).length).toBe(before + 1);
  });

  it('fan sign-up: refuses without a valid token and creates nobody; signs up with one', async () => {
    const missing = await register(t, 'robot.one');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/I am not a robot/);
    const used = await register(t, 'robot.one', { reCaptchaToken: 'used' });
    expect(used.statusCode).toBe(422);
    expect(await userNamed(t, 'robot.one')).toBeUndefined();
    const ok = await register(t, 'robot.one', { reCaptchaToken: 'good' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await userNamed(t, 'robot.one')).toBeDefined();
  });

  it('creator sign-up: refuses without a valid token and creates nobody', async () => {
    const signup = (extra: Record<string, string>) => {
      const fd = new FormData();
      const values = {
        name: 'Luna Rivers',
        username: 'luna.robot',
        email: 'luna.robot@example.test',
        password: 'password123',
        dateOfBirth: '1994-03-02',
        country: 'DE',
        ...extra,
      };
      for (const [k, v] of Object.entries(values)) fd.append(k, v);
      return t.request({ method: 'POST', url: '/api/auth/performers/register', payload: fd });
    };
    const missing = await signup({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/I am not a robot/);
    const bad = await signup({ reCaptchaToken: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/check failed/);
    expect(await userNamed(t, 'luna.robot')).toBeUndefined();
  });

  it('changes nothing when reCAPTCHA is off (site key without secret, or no site key)', async () => {
    const before = seen.length;
    expect((await contact(off, {})).statusCode).toBe(200);
    expect((await register(off, 'free.fan')).statusCode).toBe(200);
    await t.ctx.settings.update({ reCaptchaSiteKey: '' });
    try {
      expect((await contact(t, {}, '10.9.0.2')).statusCode).toBe(200);
      expect((await register(t, 'free.fan.two')).statusCode).toBe(200);
    } finally {
      await t.ctx.settings.update({ reCaptchaSiteKey: 'site-key-for-tests' });
    }
    expect(seen.length).toBe(before);
  });

  it('refuses a malformed site key setting with a sentence', async () => {
    const admin = await t.admin();
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { reCaptchaSiteKey: 'not a key!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/reCAPTCHA site key/);
  });

  it('login: after 3 wrong passwords in a row the account needs a valid token; the right password alone is refused', async () => {
    const { user } = await t.fan({ username: 'tried.fan' });
    const login = (password: string, extra: Record<string, unknown> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.1.1',
        payload: { username: 'tried.fan', password, ...extra },
      });
    expect((await login('password123')).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await login('wrong-password')).statusCode).toBe(422);
    const missing = await login('password123');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/I am not a robot/);
    expect(missing.json().details).toEqual([{ path: 'reCaptchaToken', message: expect.any(String) }]);
    const bad = await login('password123', { reCaptchaToken: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/check failed/);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginCount).toBe(3);
    const ok = await login('password123', { reCaptchaToken: 'good' });
    expect(ok.statusCode, ok.body).toBe(200);
    // The count starts again: the next login needs no token.
    expect((await login('password123')).statusCode).toBe(200);
  });
});
