import { sessionCookie, twitterCookies } from '@fanstage/contract';
import { eq, socialLogins } from '@fanstage/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../../test/helpers';
import {
  startTwitterStandIn,
  type TwitterStandIn,
  type TwitterStandInAccount,
} from '../../../../test/stand-ins/twitter-oauth1';

/*
 * Sign in with Twitter (OAuth 1.0a) against a local stand-in that checks every HMAC-SHA1 signature,
 * spends request tokens once and answers verify_credentials like Twitter does.
 */

let tw: TwitterStandIn;
let t: TestApp;
let sequence = 0;

const envFor = (stand: TwitterStandIn, secret = stand.consumerSecret) => ({
  LOGIN_RATE_LIMIT: '1000',
  TWITTER_API_URL: stand.url,
  TWITTER_CONSUMER_KEY: stand.consumerKey,
  TWITTER_CONSUMER_SECRET: secret,
});

beforeAll(async () => {
  tw = await startTwitterStandIn();
  t = await createTestApp({ clock: new TestClock(new Date()), env: envFor(tw) });
  await t.ctx.settings.update({ twitterLoginEnabled: true });
});
afterAll(async () => {
  await t?.close();
  await tw?.close();
});

const account = (over: Partial<TwitterStandInAccount> = {}): TwitterStandInAccount => {
  sequence += 1;
  return {
    id_str: `${Date.now()}${sequence}`,
    name: `Tweeter ${sequence}`,
    screen_name: `tweeter${sequence}`,
    email: `tweeter${sequence}.${Date.now()}@twitter.test`,
    ...over,
  };
};

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** Starts a sign-in; answers the request token and the oauth cookies the browser now holds. */
async function start(payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload });
  expect(res.statusCode).toBe(200);
  const token = new URL(res.json().data.authUrl).searchParams.get('oauth_token')!;
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { res, token, cookies };
}

const callback = (payload: Record<string, unknown>, cookies: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/twitter/callback', payload, cookies });

async function signIn(person: TwitterStandInAccount, startPayload: Record<string, unknown> = {}) {
  const { token, cookies } = await start(startPayload);
  const verifier = tw.approve(token, person);
  return callback({ oauthToken: token, oauthVerifier: verifier }, cookies);
}

async function me(token: string) {
  const res = await t.request({ url: '/api/users/me', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    _id: string;
    email: string | null;
    username: string | null;
    verifiedEmail: boolean;
  };
}

async function expectRefused(res: LightMyRequestResponse, status: number, words: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toMatch(words);
  expect(cookieOf(res, sessionCookie)).toBeUndefined();
}

describe('POST /auth/twitter/login', () => {
  it("answers Twitter's authorize page and sets the oauth cookies the spec names, HttpOnly for 1 day", async () => {
    const { res, token } = await start({ role: 'performer', returnTo: '/creator/posts' });
    expect(res.json().data.authUrl).toBe(`${tw.url}/oauth/authenticate?oauth_token=${token}`);
    for (const name of Object.values(twitterCookies)) {
      expect(cookieOf(res, name)).toMatchObject({ httpOnly: true, maxAge: 24 * 60 * 60, sameSite: 'Lax' });
    }
    expect(cookieOf(res, twitterCookies.oauthToken)?.value).toBe(token);
    expect(cookieOf(res, twitterCookies.role)?.value).toBe('performer');
    expect(cookieOf(res, twitterCookies.callbackUrl)?.value).toBe('/creator/posts');
  });

  it('refuses a return path that leaves the site, and a role that is not fan or creator', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/login',
      payload: { returnTo: '//evil.test/x' },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/path on this site/);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/login',
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(400);
  });

  it('is refused by Twitter when our signature is wrong (the stand-in checks HMAC-SHA1), as a 4xx', async () => {
    const wrong = await createTestApp({ env: envFor(tw, 'not-the-consumer-secret') });
    try {
      await wrong.ctx.settings.update({ twitterLoginEnabled: true });
      const res = await wrong.app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: {} });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/Twitter refused/);
      expect(tw.refusals.at(-1)).toBe('bad signature');
    } finally {
      await wrong.close();
    }
  });

  it('refuses while Twitter sign-in is off', async () => {
    await t.ctx.settings.update({ twitterLoginEnabled: false });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: {} });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Sign-in with Twitter is not available on this site.');
    } finally {
      await t.ctx.settings.update({ twitterLoginEnabled: true });
    }
  });
});

describe('POST /auth/twitter/callback', () => {
  it('makes a new account from verify_credentials, logs it in and clears the oauth cookies', async () => {
    const person = account();
    const { token, cookies } = await start({ role: 'performer', returnTo: '/creator/posts' });
    const res = await callback({ oauthToken: token, oauthVerifier: tw.approve(token, person) }, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      isNewAccount: true,
      role: 'performer',
      returnTo: '/creator/posts',
    });
    expect(cookieOf(res, sessionCookie)?.value).toBe(res.json().data.token);
    for (const name of Object.values(twitterCookies)) {
      const cleared = cookieOf(res, name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    }
    const current = await me(res.json().data.token);
    expect(current).toMatchObject({ email: person.email, username: null, verifiedEmail: true });
  });

  it('makes an account without email when Twitter gives none', async () => {
    const res = await signIn(account({ email: undefined }));
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token)).email).toBeNull();
  });

  it("links an existing account by Twitter's email, then signs in to it by the Twitter id", async () => {
    const fan = await t.fan();
    const person = account({ email: fan.user.email! });
    const first = await signIn(person);
    expect(first.json().data.isNewAccount).toBe(false);
    expect((await me(first.json().data.token))._id).toBe(fan.user.id);
    const again = await signIn({ ...person, email: undefined });
    expect((await me(again.json().data.token))._id).toBe(fan.user.id);
    const links = await t.ctx.db.db.select().from(socialLogins).where(eq(socialLogins.userId, fan.user.id));
    expect(links).toMatchObject([{ provider: 'twitter', subject: person.id_str }]);
  });

  it('refuses a deactivated account with 403', async () => {
    const fan = await t.fan({ status: 'inactive' });
    await expectRefused(await signIn(account({ email: fan.user.email! })), 403, /inactive/);
  });

  it('refuses a callback without the oauth cookies (not started in this browser)', async () => {
    const { token } = await start();
    const verifier = tw.approve(token, account());
    await expectRefused(
      await callback({ oauthToken: token, oauthVerifier: verifier }, {}),
      422,
      /not started in this browser/,
    );
  });

  it("refuses a callback whose token is not this browser's", async () => {
    const mine = await start();
    const theirs = await start();
    const verifier = tw.approve(theirs.token, account());
    await expectRefused(
      await callback({ oauthToken: theirs.token, oauthVerifier: verifier }, mine.cookies),
      422,
      /does not match/,
    );
  });

  it('refuses a replayed callback: the request token is spent once', async () => {
    const { token, cookies } = await start();
    const verifier = tw.approve(token, account());
    expect((await callback({ oauthToken: token, oauthVerifier: verifier }, cookies)).statusCode).toBe(200);
    await expectRefused(
      await callback({ oauthToken: token, oauthVerifier: verifier }, cookies),
      422,
      /expired or was already used/,
    );
  });

  it('refuses a wrong verifier, and bad input with a sentence', async () => {
    const { token, cookies } = await start();
    tw.approve(token, account());
    await expectRefused(
      await callback({ oauthToken: token, oauthVerifier: 'guessed' }, cookies),
      422,
      /expired or was already used/,
    );
    const missing = await callback({ oauthToken: token }, cookies);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/missing its verifier/);
  });
});

describe('when Twitter cannot be reached', () => {
  it('answers 503 with a sentence, never 500', async () => {
    const gone = await startTwitterStandIn();
    await gone.close();
    const offline = await createTestApp({ env: envFor(gone) });
    try {
      await offline.ctx.settings.update({ twitterLoginEnabled: true });
      const res = await offline.app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: {} });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'Twitter could not be reached to finish your sign-in. Please try again later.',
      );
    } finally {
      await offline.close();
    }
  });
});
