import { eq, performerProfiles, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../../test/helpers';
import { signInWithIdentity } from './social.service';

/*
 * A new Google or Twitter account has no username and no password. Once, it picks fan or creator and a
 * username (a creator also gives a date of birth and a country); then it is set up like any other.
 */

let t: TestApp;
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
let sequence = 0;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function newSocialAccount() {
  sequence += 1;
  const session = await signInWithIdentity(t.ctx, {
    identity: {
      provider: 'google',
      subject: `complete-${sequence}`,
      email: `social${sequence}@gmail.test`,
      emailVerified: true,
      name: `Social ${sequence}`,
    },
    remember: false,
  });
  expect(session.isNewAccount).toBe(true);
  return session.token;
}

const complete = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/social/complete', token, payload });

describe('POST /auth/social/complete', () => {
  it('sets the username of a new fan, once', async () => {
    const token = await newSocialAccount();
    const res = await complete(token, { role: 'user', username: `social_fan_${sequence}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: `social_fan_${sequence}`, isPerformer: false });
    const again = await complete(token, {
      role: 'performer',
      username: 'another_name',
      dateOfBirth: '1990-01-01',
      country: 'FR',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already set up/);
  });

  it('makes a creator with a date of birth and a country', async () => {
    const token = await newSocialAccount();
    const res = await complete(token, {
      role: 'performer',
      username: `social_creator_${sequence}`,
      dateOfBirth: '1995-04-02',
      country: 'DE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isPerformer).toBe(true);
    const [profile] = await t.ctx.db.db
      .select()
      .from(performerProfiles)
      .innerJoin(users, eq(users.id, performerProfiles.userId))
      .where(eq(users.username, `social_creator_${sequence}`));
    expect(profile?.performer_profiles).toMatchObject({ country: 'DE', dateOfBirth: '1995-04-02' });
    expect(profile?.performer_profiles.documentsVerifiedAt).toBeNull();
  });

  it('refuses a creator under 18, and one without date of birth or country, changing nothing', async () => {
    const token = await newSocialAccount();
    const young = await complete(token, {
      role: 'performer',
      username: `young_${sequence}`,
      dateOfBirth: '2010-01-01',
      country: 'DE',
    });
    expect(young.statusCode).toBe(422);
    expect(young.json().message).toBe('Creators must be at least 18 years old.');
    const bare = await complete(token, { role: 'performer', username: `bare_${sequence}` });
    expect(bare.statusCode).toBe(400);
    expect(
      bare
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['country', 'dateOfBirth']);
    const me = await t.request({ url: '/api/users/me', token });
    expect(me.json().data).toMatchObject({ username: null, isPerformer: false });
  });

  it('refuses a username someone has (409) and a role that is not fan or creator (400)', async () => {
    const fan = await t.fan();
    const token = await newSocialAccount();
    const taken = await complete(token, { role: 'user', username: fan.user.username!.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken.');
    const admin = await complete(token, { role: 'admin', username: `admin_${sequence}` });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toMatch(/fan or creator/);
  });

  it('is not for accounts that signed up with a password (409), nor for visitors (401)', async () => {
    const fan = await t.fan();
    const res = await complete(fan.token, {
      role: 'performer',
      username: 'x_fan_to_creator',
      dateOfBirth: '1990-01-01',
      country: 'FR',
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.role).toBe('user');
    expect((await complete(undefined, { role: 'user', username: 'nobody_here' })).statusCode).toBe(401);
  });

  it('leaves a creator alone (409): becoming one again is not a way to reset a profile', async () => {
    const creator = await t.creator();
    const res = await complete(creator.token, { role: 'user', username: 'creator_to_fan' });
    expect(res.statusCode).toBe(409);
  });
});
