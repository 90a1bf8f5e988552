import {
  auditLog,
  eq,
  outboxEmails,
  sessions,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp, TestClock } from '../../../test/helpers';
import { decryptSecret, totpCodeAt } from './totp';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

const stepMs = 30_000;
/** Moves to the next 30-second step, so the app shows a code not used yet. */
const nextStep = () => clock.advance(stepMs);
const codeOf = (secret: string) => totpCodeAt(secret, clock.now());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.request({ method: 'POST', url, payload, token });

const login = (username: string, password = factoryPassword) =>
  post('/api/auth/login', { username, password });

/** Sets two-factor up for a logged-in account; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const start = await post('/api/users/me/2fa/enrolment', {}, token);
  expect(start.statusCode).toBe(200);
  const { secret } = start.json().data as { secret: string };
  const confirm = await post('/api/users/me/2fa/enrolment/confirm', { code: codeOf(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

/** A fan with two-factor on: the account, its secret and recovery codes. */
async function fanWithTwoFactor() {
  const fan = await t.fan();
  return { ...fan, ...(await enrol(fan.token)) };
}

async function challengeFor(username: string) {
  const res = await login(username);
  expect(res.statusCode).toBe(200);
  return res.json().data as { twoFactor: string; challengeToken: string; expiresAt: string; message: string };
}

const sessionCount = async (userId: string) =>
  (await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

const auditRows = (action: string) => t.ctx.db.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('enrolment', () => {
  it('answers an otpauth URI for SHA-1, 6 digits and 30 seconds, a QR code and the key, and stores the key encrypted', async () => {
    const { user, token } = await t.fan();
    const res = await post('/api/users/me/2fa/enrolment', {}, token);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = res.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Fanstage');
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');

    const [row] = await t.ctx.db.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row?.secretEncrypted).not.toContain(secret);
    expect(decryptSecret(t.ctx.config.SECRET, row!.secretEncrypted)).toBe(secret);
    expect(row?.enabledAt).toBeNull();

    // Not on until a first code confirms it.
    expect((await t.request({ url: '/api/users/me/2fa', token })).json().data).toMatchObject({
      enabled: false,
    });
    expect((await login(user.username!)).json().data.token).toBeTypeOf('string');
  });

  it('turns on with a first code and shows 10 different recovery codes once, keeping only their hashes', async () => {
    const { user, token } = await t.fan();
    const { secret } = (await post('/api/users/me/2fa/enrolment', {}, token)).json().data;
    const wrong = await post('/api/users/me/2fa/enrolment/confirm', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/^That code is not correct\./);

    const res = await post('/api/users/me/2fa/enrolment/confirm', { code: codeOf(secret) }, token);
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const stored = await t.ctx.db.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.codeHash).join(' ');
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));

    const status = (await t.request({ url: '/api/users/me/2fa', token })).json().data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    // The owner is told, in case it was not them.
    const mails = await t.ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email!));
    expect(mails.at(-1)?.text).toContain('Two-factor authentication was turned on for your account.');
    for (const code of codes) expect(mails.at(-1)?.text).not.toContain(code);
    expect(status.enabledAt).toBe(clock.now().toISOString());
  });

  it('refuses a second enrolment while two-factor is on, and a confirmation before any start', async () => {
    const { token } = await fanWithTwoFactor();
    const again = await post('/api/users/me/2fa/enrolment', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on/);

    const other = await t.fan();
    const early = await post('/api/users/me/2fa/enrolment/confirm', { code: '123456' }, other.token);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/^Start setting up two-factor authentication first/);
  });

  it('needs a login for every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me/2fa'],
      ['POST', '/api/users/me/2fa/enrolment'],
      ['POST', '/api/users/me/2fa/enrolment/confirm'],
      ['POST', '/api/users/me/2fa/disable'],
      ['POST', '/api/users/me/2fa/recovery-codes'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        payload: method === 'POST' ? { code: '123456' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('login with two-factor on', () => {
  it('answers a challenge and makes no session; the code then makes the session with cookie and token', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const before = await sessionCount(user.id);
    const res = await login(user.username!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const challenge = res.json().data;
    expect(challenge).toMatchObject({
      twoFactor: 'verify',
      message: 'Type the 6-digit code from your authenticator app to finish logging in.',
      expiresAt: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    expect(challenge.token).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(before);
    // Only the challenge's hash is kept.
    const rows = await t.ctx.db.db.select().from(twoFactorChallenges);
    expect(rows.some((r) => r.tokenHash === challenge.challengeToken)).toBe(false);

    const verify = await post('/api/auth/2fa/verify', {
      challengeToken: challenge.challengeToken,
      code: codeOf(secret),
    });
    expect(verify.statusCode).toBe(200);
    const token = verify.json().data.token;
    expect(String(verify.headers['set-cookie'])).toContain(`token=${token}`);
    expect(await sessionCount(user.id)).toBe(before + 1);
    const me = await t.request({ url: '/api/users/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(user.id);
  });

  it('refuses a wrong code with a sentence and makes no session', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    const right = codeOf(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringMatching(/^That code is not correct\./),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The same challenge still takes the right code.
    expect((await post('/api/auth/2fa/verify', { challengeToken, code: right })).statusCode).toBe(200);
  });

  it('accepts the code of the step before or after (a phone clock a little off), not two steps away', async () => {
    const { user, secret } = await fanWithTwoFactor();
    nextStep();
    const at = (steps: number) => totpCodeAt(secret, new Date(clock.now().getTime() + steps * stepMs));
    const late = await challengeFor(user.username!);
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: late.challengeToken, code: at(-1) })).statusCode,
    ).toBe(200);
    const early = await challengeFor(user.username!);
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: early.challengeToken, code: at(1) })).statusCode,
    ).toBe(200);

    clock.advance(3 * stepMs);
    const far = await challengeFor(user.username!);
    for (const steps of [-2, 2]) {
      const res = await post('/api/auth/2fa/verify', { challengeToken: far.challengeToken, code: at(steps) });
      expect(res.json().message, `${steps} steps`).toMatch(/^That code is not correct\./);
    }
  });

  it('refuses a code already used in the same time step (replay), even with a new challenge', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const code = codeOf(secret);
    const first = await challengeFor(user.username!);
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: first.challengeToken, code })).statusCode,
    ).toBe(200);

    const second = await challengeFor(user.username!);
    const replay = await post('/api/auth/2fa/verify', { challengeToken: second.challengeToken, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(
      'This code was already used. Wait for the next code in your app and type that one.',
    );

    nextStep();
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: second.challengeToken, code: codeOf(secret) }))
        .statusCode,
    ).toBe(200);
  });

  it('lets only one of two simultaneous logins with the same code through', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const [a, b] = [await challengeFor(user.username!), await challengeFor(user.username!)];
    const code = codeOf(secret);
    const answers = await Promise.all(
      [a, b].map((c) => post('/api/auth/2fa/verify', { challengeToken: c.challengeToken, code })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('takes a recovery code once, typed in any case and without the dash', async () => {
    const { user, token, recoveryCodes } = await fanWithTwoFactor();
    const code = recoveryCodes[3]!;
    const first = await challengeFor(user.username!);
    const res = await post('/api/auth/2fa/verify', {
      challengeToken: first.challengeToken,
      recoveryCode: ` ${code.replace('-', '').toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ url: '/api/users/me/2fa', token })).json().data.recoveryCodesLeft).toBe(9);

    const second = await challengeFor(user.username!);
    const again = await post('/api/auth/2fa/verify', {
      challengeToken: second.challengeToken,
      recoveryCode: code,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('That recovery code is not correct or was already used.');
  });

  it('refuses a challenge after its 5 minutes', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    clock.advance(5 * 60_000 + 1000);
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This sign-in step has expired or was already used. Please log in again.',
    });
  });

  it('uses a challenge once', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    expect((await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) })).statusCode).toBe(
      200,
    );
    nextStep();
    const again = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('spends a challenge after 5 wrong codes: even the right code then needs a new login', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    const wrong = codeOf(secret) === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/2fa/verify', { challengeToken, code: wrong })).statusCode).toBe(422);
    }
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('slows the account down after 5 wrong codes over several logins, whatever the IP', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const wrong = () => (codeOf(secret) === '111111' ? '222222' : '111111');
    for (let i = 0; i < 5; i++) {
      // A new login (and challenge) each time: the cap per challenge alone would not stop this.
      const { challengeToken } = await challengeFor(user.username!);
      const res = await post('/api/auth/2fa/verify', { challengeToken, code: wrong() });
      expect(res.statusCode).toBe(422);
    }
    const { challengeToken } = await challengeFor(user.username!);
    const blocked = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong codes for this account. Try again in 1 minute.');

    clock.advance(61_000);
    const { challengeToken: later } = await challengeFor(user.username!);
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: later, code: codeOf(secret) })).statusCode,
    ).toBe(200);
    const [row] = await t.ctx.db.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row).toMatchObject({ failedCodeCount: 0, codesBlockedUntil: null });
  });

  it('answers a key that no longer decrypts (SECRET changed) with a sentence, not a 500', async () => {
    const { user, secret } = await fanWithTwoFactor();
    await t.ctx.db.db
      .update(userTwoFactor)
      .set({ secretEncrypted: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(userTwoFactor.userId, user.id));
    const { challengeToken } = await challengeFor(user.username!);
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/ask support to reset your two-factor authentication/);
  });

  it("does not let one person's code finish another person's challenge", async () => {
    const ann = await fanWithTwoFactor();
    const bob = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(ann.user.username!);
    const annSessions = await sessionCount(ann.user.id);
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(bob.secret) });
    expect(res.statusCode).toBe(422);
    const withBobsRecovery = await post('/api/auth/2fa/verify', {
      challengeToken,
      recoveryCode: bob.recoveryCodes[0],
    });
    expect(withBobsRecovery.statusCode).toBe(422);
    expect(await sessionCount(ann.user.id)).toBe(annSessions);
    expect(
      (await t.request({ url: '/api/users/me/2fa', token: bob.token })).json().data.recoveryCodesLeft,
    ).toBe(10);
  });

  it('refuses a verify challenge on the enrolment routes', async () => {
    const { user } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    const res = await post('/api/auth/2fa/enrolment', { challengeToken });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses the second step of an account deactivated after the password step', async () => {
    const { user, secret } = await fanWithTwoFactor();
    const { challengeToken } = await challengeFor(user.username!);
    const admin = await t.admin();
    await post(`/api/admin/users/${user.id}/deactivate`, { reason: 'Test' }, admin.token);
    const res = await post('/api/auth/2fa/verify', { challengeToken, code: codeOf(secret) });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [
      'no code at all',
      { challengeToken: 'x'.repeat(43) },
      /either the code from your app or a recovery code/,
    ],
    [
      'both kinds of code',
      { challengeToken: 'x'.repeat(43), code: '123456', recoveryCode: 'abcde-23456' },
      /either/,
    ],
    ['letters in the code', { challengeToken: 'x'.repeat(43), code: '12ab56' }, /6 digits/],
    ['a 7-digit code', { challengeToken: 'x'.repeat(43), code: '1234567' }, /6 digits/],
    ['a number as code', { challengeToken: 'x'.repeat(43), code: 123456 }, /6-digit code/],
    ['no challenge', { code: '123456' }, /log in again/],
    ['a short challenge', { challengeToken: 'abc', code: '123456' }, /log in again/],
  ])('refuses %s with a 400 sentence', async (_name, payload, message) => {
    const res = await post('/api/auth/2fa/verify', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers an unknown challenge with a 422 sentence', async () => {
    const res = await post('/api/auth/2fa/verify', { challengeToken: 'y'.repeat(43), code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('turns off with the password and a current code; login then needs the password alone', async () => {
    const { user, token, secret } = await fanWithTwoFactor();
    const wrongPassword = await post(
      '/api/users/me/2fa/disable',
      { password: 'not-the-password', code: codeOf(secret) },
      token,
    );
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toBe('Your current password is not correct.');

    const noPassword = await post('/api/users/me/2fa/disable', { code: codeOf(secret) }, token);
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().message).toBe('Please type your current password to confirm.');

    const wrongCode = await post(
      '/api/users/me/2fa/disable',
      { password: factoryPassword, code: '000000' },
      token,
    );
    expect(wrongCode.statusCode).toBe(422);

    const res = await post(
      '/api/users/me/2fa/disable',
      { password: factoryPassword, code: codeOf(secret) },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect((await t.request({ url: '/api/users/me/2fa', token })).json().data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await login(user.username!)).json().data.token).toBeTypeOf('string');
    const mails = await t.ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email!));
    expect(mails.at(-1)?.text).toContain('Two-factor authentication was turned off for your account.');
  });

  it('turns off with a recovery code instead of the app (a lost phone)', async () => {
    const { token, recoveryCodes } = await fanWithTwoFactor();
    const res = await post(
      '/api/users/me/2fa/disable',
      { password: factoryPassword, recoveryCode: recoveryCodes[0] },
      token,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses to turn off what is not on', async () => {
    const { token } = await t.fan();
    const res = await post('/api/users/me/2fa/disable', { password: factoryPassword, code: '123456' }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Two-factor authentication is not on for your account.');
  });

  it('makes new recovery codes after a current code; the old ones stop working', async () => {
    const { user, token, secret, recoveryCodes } = await fanWithTwoFactor();
    expect((await post('/api/users/me/2fa/recovery-codes', { code: '000000' }, token)).statusCode).toBe(422);
    expect((await post('/api/users/me/2fa/recovery-codes', {}, token)).statusCode).toBe(400);
    const res = await post('/api/users/me/2fa/recovery-codes', { code: codeOf(secret) }, token);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const first = await challengeFor(user.username!);
    expect(
      (
        await post('/api/auth/2fa/verify', {
          challengeToken: first.challengeToken,
          recoveryCode: recoveryCodes[0],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await post('/api/auth/2fa/verify', { challengeToken: first.challengeToken, recoveryCode: fresh[0] }))
        .statusCode,
    ).toBe(200);
  });
});

describe('two-factor required for admins', () => {
  const setRequired = (token: string, value: boolean) =>
    t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      payload: { requireAdminTwoFactor: value },
    });

  it('sends an admin without two-factor to enrolment first; the enrolment ends in the session', async () => {
    const boss = await t.admin();
    expect((await setRequired(boss.token, true)).statusCode).toBe(200);
    const [on] = await auditRows('two-factor.require-admins');
    expect(on).toMatchObject({
      actorId: boss.user.id,
      before: { requireAdminTwoFactor: false },
      after: { requireAdminTwoFactor: true },
    });

    const admin = await t.admin();
    const before = await sessionCount(admin.user.id);
    const res = await login(admin.user.username!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const challenge = res.json().data;
    expect(challenge).toMatchObject({
      twoFactor: 'enrol',
      message: 'This site requires two-factor authentication for admins. Set it up now to finish logging in.',
    });
    expect(await sessionCount(admin.user.id)).toBe(before);

    // The enrol challenge is good for nothing but enrolment.
    const verify = await post('/api/auth/2fa/verify', {
      challengeToken: challenge.challengeToken,
      code: '123456',
    });
    expect(verify.json().code).toBe('INVALID_TOKEN');

    const start = await post('/api/auth/2fa/enrolment', { challengeToken: challenge.challengeToken });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json().data;
    const wrong = await post('/api/auth/2fa/enrolment/confirm', {
      challengeToken: challenge.challengeToken,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const done = await post('/api/auth/2fa/enrolment/confirm', {
      challengeToken: challenge.challengeToken,
      code: codeOf(secret),
    });
    expect(done.statusCode).toBe(200);
    const { token, recoveryCodes } = done.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(String(done.headers['set-cookie'])).toContain(`token=${token}`);
    expect((await t.request({ url: '/api/admin/settings', token })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/users/me/2fa', token })).json().data).toMatchObject({
      enabled: true,
      required: true,
    });

    // The challenge is spent; the next login asks for a code.
    nextStep();
    expect(
      (await post('/api/auth/2fa/enrolment', { challengeToken: challenge.challengeToken })).statusCode,
    ).toBe(422);
    expect((await challengeFor(admin.user.username!)).twoFactor).toBe('verify');

    // While required, an admin cannot turn it off.
    const off = await post(
      '/api/users/me/2fa/disable',
      { password: factoryPassword, code: codeOf(secret) },
      token,
    );
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe(
      'This site requires two-factor authentication for admins, so it cannot be turned off.',
    );

    // Fans and creators are not concerned.
    const fan = await t.fan();
    expect((await login(fan.user.username!)).json().data.token).toBeTypeOf('string');

    expect((await setRequired(boss.token, false)).statusCode).toBe(200);
    expect(await auditRows('two-factor.stop-requiring-admins')).toHaveLength(1);
    const other = await t.admin();
    expect((await login(other.user.username!)).json().data.token).toBeTypeOf('string');
  });

  it('is an admin setting: fans and creators may not change it, visitors do not see it', async () => {
    const fan = await t.fan();
    expect((await setRequired(fan.token, true)).statusCode).toBe(403);
    const creator = await t.creator();
    expect((await setRequired(creator.token, true)).statusCode).toBe(403);
    const pub = (await t.request({ url: '/api/settings/public' })).json().data;
    expect(pub.requireAdminTwoFactor).toBeUndefined();
  });

  it('refuses a bad value with a 400', async () => {
    const boss = await t.admin();
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token: boss.token,
      payload: { requireAdminTwoFactor: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('admin reset', () => {
  it("turns someone's two-factor off and writes the audit log", async () => {
    const { user } = await fanWithTwoFactor();
    const admin = await t.admin();
    const seen = await t.request({ url: `/api/admin/users/${user.id}/2fa`, token: admin.token });
    expect(seen.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const res = await post(
      `/api/admin/users/${user.id}/2fa/reset`,
      { reason: 'Lost phone, identity checked' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    const [row] = (await auditRows('two-factor.reset')).filter((r) => r.targetId === user.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      targetType: 'user',
      before: { twoFactor: true },
      after: { twoFactor: false },
      reason: 'Lost phone, identity checked',
    });
    expect((await login(user.username!)).json().data.token).toBeTypeOf('string');

    const again = await post(`/api/admin/users/${user.id}/2fa/reset`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    const after = await t.request({ url: `/api/admin/users/${user.id}/2fa`, token: admin.token });
    expect(after.json().data).toMatchObject({ enabled: false });
  });

  it('is for admins only, and answers 404 for an unknown account', async () => {
    const { user } = await fanWithTwoFactor();
    const fan = await t.fan();
    expect((await post(`/api/admin/users/${user.id}/2fa/reset`, {}, fan.token)).statusCode).toBe(403);
    const creator = await t.creator();
    expect((await post(`/api/admin/users/${user.id}/2fa/reset`, {}, creator.token)).statusCode).toBe(403);
    expect((await post(`/api/admin/users/${user.id}/2fa/reset`, {})).statusCode).toBe(401);
    expect((await t.request({ url: `/api/admin/users/${user.id}/2fa`, token: fan.token })).statusCode).toBe(
      403,
    );
    const admin = await t.admin();
    const unknownStatus = await t.request({
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/2fa',
      token: admin.token,
    });
    expect(unknownStatus.statusCode).toBe(404);
    const longReason = await post(
      `/api/admin/users/${user.id}/2fa/reset`,
      { reason: 'x'.repeat(501) },
      admin.token,
    );
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().message).toMatch(/500 characters/);
    const unknown = await post(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/2fa/reset',
      {},
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/admin/users/not-an-id/2fa/reset', {}, admin.token)).statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits the second step per IP like the login', async () => {
    const limited = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const ask = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/2fa/verify',
          remoteAddress: ip,
          payload: { challengeToken: 'z'.repeat(43), code: '123456' },
        });
      for (let i = 0; i < 3; i++) expect((await ask('10.9.0.1')).statusCode).toBe(422);
      const res = await ask('10.9.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many attempts/i);
      expect((await ask('10.9.0.2')).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });
});
