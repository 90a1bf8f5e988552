import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp, TestClock } from '../../../test/helpers';

/*
 * Sign-up and the requests that mail a typed address are limited per IP (low limits through config
 * here); logins slow down per account after repeated failures, whatever the IP.
 */

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { LOGIN_RATE_LIMIT: '1000', SIGNUP_RATE_LIMIT: '2', EMAIL_RATE_LIMIT: '2' },
  });
});
afterAll(() => t.close());

let n = 0;
const signUp = (ip: string) => {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/users/register',
    remoteAddress: ip,
    payload: {
      name: 'Fan',
      username: `limited${n}`,
      email: `limited${n}@example.test`,
      password: 'password123',
    },
  });
};

const post = (url: string, ip: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload });

describe('per-IP limits', () => {
  it('refuses a third sign-up from one IP in an hour with a readable 429, and lets another IP in', async () => {
    expect((await signUp('10.0.0.1')).statusCode).toBe(200);
    expect((await signUp('10.0.0.1')).statusCode).toBe(200);
    const res = await signUp('10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes\.$/),
    });
    expect((await signUp('10.0.0.2')).statusCode).toBe(200);
  });

  it.each([
    ['forgot password', '/api/auth/users/forgot'],
    ['resend verification', '/api/auth/email-verification'],
  ])('limits %s per IP', async (_name, url) => {
    const ask = () => post(url, '10.0.1.1', { email: 'someone@example.test' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const res = await ask();
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/too many attempts/i);
    expect((await post(url, '10.0.1.2', { email: 'someone@example.test' })).statusCode).toBe(200);
  });
});

describe('per-account login slowdown', () => {
  const login = (username: string, password: string, ip: string) =>
    post('/api/auth/login', ip, { username, password });

  it('after 5 wrong passwords from different IPs refuses even the right one for a minute, then lets it in', async () => {
    const { user } = await t.fan();
    for (let i = 1; i <= 5; i++) {
      expect((await login(user.username!, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(422);
    }
    const blocked = await login(user.username!, factoryPassword, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed attempts for this account. Try again in 1 minute.');

    clock.advance(61 * 1000);
    expect((await login(user.username!, factoryPassword, '10.1.0.99')).statusCode).toBe(200);
  });

  it('a successful login resets the count', async () => {
    const { user } = await t.fan();
    for (let i = 0; i < 4; i++) await login(user.username!, 'wrong-password', '10.2.0.1');
    expect((await login(user.username!, factoryPassword, '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(user.username!, 'wrong-password', '10.2.0.1');
    expect((await login(user.username!, factoryPassword, '10.2.0.1')).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, never beyond 15 minutes', async () => {
    const { user } = await t.fan();
    const waits: string[] = [];
    for (let i = 0; i < 5; i++) await login(user.username!, 'wrong-password', '10.3.0.1');
    for (let round = 0; round < 6; round++) {
      waits.push((await login(user.username!, 'wrong-password', '10.3.0.1')).json().message);
      clock.advance(16 * 60 * 1000);
      await login(user.username!, 'wrong-password', '10.3.0.1');
    }
    expect(waits.map((m) => m.match(/in (\d+) minute/)?.[1])).toEqual(['1', '2', '4', '8', '15', '15']);
  });

  it('does not slow down another account', async () => {
    const victim = await t.fan();
    const other = await t.fan();
    for (let i = 0; i < 6; i++) await login(victim.user.username!, 'wrong-password', '10.4.0.1');
    expect((await login(other.user.username!, factoryPassword, '10.4.0.1')).statusCode).toBe(200);
  });
});
