import { sessionCookie } from '@fanstage/contract';
import { eq, sessions, socialLogins, users } from '@fanstage/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp, TestClock } from '../../../../test/helpers';
import { type OpenIdStandIn, startOpenIdStandIn } from '../../../../test/stand-ins/openid-provider';

/*
 * Sign in with Google against a real local OpenID provider (oidc-provider) standing in for Google:
 * its JWKS, token endpoint and ID tokens are real; only the login screens are skipped.
 */

let op: OpenIdStandIn;
let t: TestApp;
const clock = new TestClock(new Date());
let sequence = 0;

beforeAll(async () => {
  op = await startOpenIdStandIn();
  t = await createTestApp({
    clock,
    env: {
      LOGIN_RATE_LIMIT: '1000',
      GOOGLE_ISSUER: op.issuer,
      GOOGLE_JWKS_URL: op.jwksUrl,
      GOOGLE_TOKEN_URL: op.tokenUrl,
      GOOGLE_CLIENT_SECRET: op.clientSecret,
    },
  });
  await t.ctx.settings.update({ googleLoginEnabled: true, googleClientId: op.clientId });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const person = (over: { email?: string; email_verified?: boolean } = {}) => {
  sequence += 1;
  return {
    sub: `google-${Date.now()}-${sequence}`,
    email: `person${sequence}.${Date.now()}@gmail.test`,
    email_verified: true,
    name: `Person ${sequence}`,
    ...over,
  };
};

const googleLogin = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/google/login', payload });

const tokenCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === sessionCookie);

async function me(token: string) {
  const res = await t.request({ url: '/api/users/me', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; email: string | null; username: string | null };
}

/** A refusal: a 4xx with a sentence, and no session made. */
async function expectRefused(res: LightMyRequestResponse, status: number, words: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toMatch(words);
  expect(res.json().message).toMatch(/\.$/);
  expect(tokenCookie(res)).toBeUndefined();
}

describe('POST /auth/google/login', () => {
  it('makes a new account with no password and no username, verified email, and logs it in', async () => {
    const account = person();
    const idToken = await op.idTokenFor({ account, nonce: 'nonce-of-this-page' });
    const res = await googleLogin({ idToken, nonce: 'nonce-of-this-page' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isNewAccount).toBe(true);
    const token = res.json().data.token as string;
    expect(tokenCookie(res)?.value).toBe(token);

    const current = await me(token);
    expect(current.email).toBe(account.email);
    expect(current.username).toBeNull();
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, current._id));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.role).toBe('user');
  });

  it('sets the same token cookie as the password login', async () => {
    const fan = await t.fan();
    const password = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: factoryPassword, remember: true },
    });
    const social = await googleLogin({ idToken: await op.idTokenFor({ account: person() }), remember: true });
    const attributes = (res: LightMyRequestResponse) => {
      const { value: _value, ...rest } = tokenCookie(res) ?? {};
      return rest;
    };
    expect(attributes(social)).toEqual(attributes(password));
    expect(attributes(social)).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  });

  it('signs the same person in to the same account the next time', async () => {
    const account = person();
    const first = await googleLogin({ idToken: await op.idTokenFor({ account }) });
    const second = await googleLogin({ idToken: await op.idTokenFor({ account }) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.isNewAccount).toBe(false);
    expect((await me(second.json().data.token))._id).toBe((await me(first.json().data.token))._id);
  });

  it('links an existing account by its verified email, and its password still works', async () => {
    const fan = await t.fan();
    const res = await googleLogin({
      idToken: await op.idTokenFor({ account: person({ email: fan.user.email!.toUpperCase() }) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isNewAccount).toBe(false);
    expect((await me(res.json().data.token))._id).toBe(fan.user.id);
    const links = await t.ctx.db.db.select().from(socialLogins).where(eq(socialLogins.userId, fan.user.id));
    expect(links.map((l) => l.provider)).toEqual(['google']);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: factoryPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not link by an email Google has not verified: a new account without the email', async () => {
    const fan = await t.fan();
    const res = await googleLogin({
      idToken: await op.idTokenFor({ account: person({ email: fan.user.email!, email_verified: false }) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isNewAccount).toBe(true);
    const current = await me(res.json().data.token);
    expect(current._id).not.toBe(fan.user.id);
    expect(current.email).toBeNull();
  });

  it('refuses to link an account whose own email was never verified (409) and links nothing', async () => {
    const fan = await t.fan({ emailVerifiedAt: null });
    const res = await googleLogin({
      idToken: await op.idTokenFor({ account: person({ email: fan.user.email! }) }),
    });
    await expectRefused(res, 409, /not verified yet/);
    expect(await t.ctx.db.db.select().from(socialLogins).where(eq(socialLogins.userId, fan.user.id))).toEqual(
      [],
    );
  });

  it('refuses a deactivated account (403), linked or found by email, and makes no session', async () => {
    const byEmail = await t.fan({ status: 'inactive' });
    await expectRefused(
      await googleLogin({
        idToken: await op.idTokenFor({ account: person({ email: byEmail.user.email! }) }),
      }),
      403,
      /inactive/,
    );
    const account = person();
    const first = await googleLogin({ idToken: await op.idTokenFor({ account }) });
    const userId = (await me(first.json().data.token))._id;
    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, userId));
    const before = await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, userId));
    await expectRefused(await googleLogin({ idToken: await op.idTokenFor({ account }) }), 403, /inactive/);
    expect(await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(
      before.length,
    );
  });

  it('refuses a malformed token: 400 for what is not a JWT, 422 for a JWT that does not decode', async () => {
    await expectRefused(await googleLogin({ idToken: 'not a token at all' }), 400, /not valid/);
    await expectRefused(await googleLogin({}), 400, /missing/);
    await expectRefused(await googleLogin({ idToken: 'aaaaaaaaaa.bbbbbbbbbb.cccccccccc' }), 422, /not valid/);
  });

  it('refuses a token made for another client (wrong audience)', async () => {
    const idToken = await op.idTokenFor({ account: person(), clientId: op.otherClientId });
    await expectRefused(await googleLogin({ idToken }), 422, /not made for this site/);
  });

  it('refuses an expired token', async () => {
    const idToken = await op.idTokenFor({ account: person() });
    clock.advance(2 * 60 * 60 * 1000);
    try {
      await expectRefused(await googleLogin({ idToken }), 422, /expired/);
    } finally {
      clock.set(new Date());
    }
  });

  it('refuses a token whose signature does not match', async () => {
    const idToken = await op.idTokenFor({ account: person() });
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expectRefused(
      await googleLogin({ idToken: `${header}.${payload}.${flipped}` }),
      422,
      /could not be verified/,
    );
    // A payload changed under the original signature is refused the same way.
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    await expectRefused(
      await googleLogin({ idToken: `${header}.${forged}.${signature}` }),
      422,
      /could not be verified/,
    );
  });

  it('refuses a token with another nonce than the page gave', async () => {
    const idToken = await op.idTokenFor({ account: person(), nonce: 'nonce-of-another-page' });
    await expectRefused(await googleLogin({ idToken, nonce: 'nonce-of-this-page' }), 422, /does not match/);
  });

  it('refuses while Google sign-in is off, and says so', async () => {
    await t.ctx.settings.update({ googleLoginEnabled: false });
    try {
      const idToken = await op.idTokenFor({ account: person() });
      await expectRefused(await googleLogin({ idToken }), 422, /not available/);
    } finally {
      await t.ctx.settings.update({ googleLoginEnabled: true });
    }
  });
});

describe('POST /auth/google/token (code flow)', () => {
  const exchange = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/auth/google/token', payload });

  it('exchanges a code at the token endpoint, verifies the ID token and logs the person in', async () => {
    const account = person();
    const code = await op.issueCode({ account, nonce: 'nonce-of-the-popup' });
    const res = await exchange({ code, redirectUri: op.redirectUri, nonce: 'nonce-of-the-popup' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isNewAccount).toBe(true);
    expect(tokenCookie(res)?.value).toBe(res.json().data.token);
    expect((await me(res.json().data.token)).email).toBe(account.email);
  });

  it('refuses a code used twice, and one the provider never issued', async () => {
    const code = await op.issueCode({ account: person() });
    expect((await exchange({ code, redirectUri: op.redirectUri })).statusCode).toBe(200);
    await expectRefused(
      await exchange({ code, redirectUri: op.redirectUri }),
      422,
      /invalid, expired or already used/,
    );
    await expectRefused(
      await exchange({ code: 'made-up-code', redirectUri: op.redirectUri }),
      422,
      /invalid, expired or already used/,
    );
  });

  it('refuses a code whose ID token carries another nonce', async () => {
    const code = await op.issueCode({ account: person(), nonce: 'nonce-of-another-popup' });
    await expectRefused(
      await exchange({ code, redirectUri: op.redirectUri, nonce: 'nonce-of-the-popup' }),
      422,
      /does not match/,
    );
  });

  it('refuses bad input with a sentence', async () => {
    await expectRefused(await exchange({}), 400, /missing/);
    await expectRefused(
      await exchange({ code: 'abcdef', redirectUri: 'javascript:alert(1)' }),
      400,
      /redirect URI/,
    );
  });
});

describe('when Google cannot be reached', () => {
  it('answers 503 with a sentence, never 500', async () => {
    const closed = await startOpenIdStandIn();
    const idToken = await closed.idTokenFor({ account: person() });
    await closed.close();
    const offline = await createTestApp({
      clock,
      env: {
        GOOGLE_ISSUER: closed.issuer,
        GOOGLE_JWKS_URL: closed.jwksUrl,
        GOOGLE_TOKEN_URL: closed.tokenUrl,
        GOOGLE_CLIENT_SECRET: closed.clientSecret,
      },
    });
    try {
      await offline.ctx.settings.update({ googleLoginEnabled: true, googleClientId: closed.clientId });
      for (const [url, payload] of [
        ['/api/auth/google/login', { idToken }],
        ['/api/auth/google/token', { code: 'some-code', redirectUri: closed.redirectUri }],
      ] as const) {
        const res = await offline.request({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(
          'Google could not be reached to check your sign-in. Please try again later.',
        );
      }
    } finally {
      await offline.close();
    }
  });
});
