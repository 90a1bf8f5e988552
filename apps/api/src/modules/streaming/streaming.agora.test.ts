import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agoraPrivileges, decodeAgoraToken } from '../../../test/agora-token';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { grantWalletCredit } from '../wallet';
import { agoraUid } from './media/agora-media';

const appId = '0123456789abcdef0123456789abcdef';
const certificate = 'fedcba9876543210fedcba9876543210';
const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { AGORA_APP_CERTIFICATE: certificate } });
});
beforeEach(async () => {
  await t.ctx.settings.update({ agoraEnable: true, agoraAppId: appId });
});
afterAll(async () => {
  await t.close();
});

const tokenFor = (who: Account | null, payload: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/streaming/agora/token',
    ...(who ? { token: who.token } : {}),
    payload: payload as object,
  });

const subscribe = (fan: Account, creator: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
  });

async function startShow(creator: Account, price = 0): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/streaming/live',
    token: creator.token,
    payload: { title: 'Agora show', price },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Agora tokens (POST /streaming/agora/token)', () => {
  it("gives the creator a token that publishes in the show's channel, signed with the certificate", async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const res = await tokenFor(creator, { streamId: id });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ appId, channel: id, uid: agoraUid(creator.user.id), role: 'publish' });
    expect(new Date(answer.expiresAt).getTime() - clock.now().getTime()).toBe(120_000);

    const decoded = decodeAgoraToken(answer.token, certificate);
    expect(decoded.isSignatureValid).toBe(true);
    expect(decoded.appId).toBe(appId);
    expect(Math.abs(decoded.issueTs - nowSeconds())).toBeLessThan(5);
    expect(decoded.expire).toBe(120);
    expect(decoded.rtc).toEqual({
      channel: id,
      uid: String(agoraUid(creator.user.id)),
      privileges: {
        [agoraPrivileges.join]: 120,
        [agoraPrivileges.publishAudio]: 120,
        [agoraPrivileges.publishVideo]: 120,
        [agoraPrivileges.publishData]: 120,
      },
    });
    // Another certificate does not verify it: the check above is not vacuous.
    expect(decodeAgoraToken(answer.token, '00000000000000000000000000000000').isSignatureValid).toBe(false);
  });

  it('gives a subscriber of a free show a token that may only join, and a new one on each call', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const id = await startShow(creator);
    const first = (await tokenFor(fan, { streamId: id })).json().data;
    expect(first).toMatchObject({ channel: id, uid: agoraUid(fan.user.id), role: 'watch' });
    const decoded = decodeAgoraToken(first.token, certificate);
    expect(decoded.isSignatureValid).toBe(true);
    expect(decoded.rtc?.privileges).toEqual({ [agoraPrivileges.join]: 120 });
    expect(decoded.rtc?.uid).toBe(String(agoraUid(fan.user.id)));
    expect(agoraUid(fan.user.id)).not.toBe(agoraUid(creator.user.id));

    clock.advance(60_000);
    const renewed = (await tokenFor(fan, { streamId: id })).json().data;
    expect(renewed.token).not.toBe(first.token);
    expect(new Date(renewed.expiresAt).getTime()).toBe(clock.now().getTime() + 120_000);
  });

  it('gives the join grant as Agora while it is enabled, so the page uses the Agora SDK', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const id = await startShow(creator);
    const res = await t.request({ url: `/api/streaming/join/${id}`, token: fan.token });
    expect(res.statusCode).toBe(200);
    const grant = res.json().data;
    expect(grant).toMatchObject({
      provider: 'agora',
      appId,
      channel: id,
      uid: agoraUid(fan.user.id),
      feedUid: agoraUid(creator.user.id),
      role: 'watch',
    });
    expect(decodeAgoraToken(grant.token, certificate).isSignatureValid).toBe(true);
  });

  it('refuses a fan who is not subscribed (403) and a subscriber who has not bought a priced show', async () => {
    const creator = await t.creator();
    const stranger = await t.fan();
    const subscriber = await t.fan();
    await subscribe(subscriber, creator);
    const id = await startShow(creator, 5);
    const refused = await tokenFor(stranger, { streamId: id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Subscribe to .* and buy this show/);
    expect(refused.json()).not.toHaveProperty('data');
    const unpaid = await tokenFor(subscriber, { streamId: id });
    expect(unpaid.statusCode).toBe(403);

    await grantWalletCredit(t.ctx, {
      userId: subscriber.user.id,
      amountCents: 1000,
      reason: 'test',
      initiatorId: null,
    });
    const bought = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/stream/${id}`,
      token: subscriber.token,
    });
    expect(bought.statusCode).toBe(200);
    expect((await tokenFor(subscriber, { streamId: id })).statusCode).toBe(200);
  });

  it('answers 404 for a show that does not exist, 409 for an ended one, and 401 without a session', async () => {
    const creator = await t.creator();
    const missing = await tokenFor(creator, { streamId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/live show/i);

    const id = await startShow(creator);
    await t.request({ method: 'POST', url: `/api/streaming/live/${id}/end`, token: creator.token });
    const ended = await tokenFor(creator, { streamId: id });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This live show has ended.');

    expect((await tokenFor(null, { streamId: id })).statusCode).toBe(401);
  });

  it("does not let another creator take a token for someone else's show", async () => {
    const creator = await t.creator();
    const other = await t.creator();
    const id = await startShow(creator);
    const res = await tokenFor(other, { streamId: id });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad bodies with a sentence (400)', async () => {
    const fan = await t.fan();
    const both = {
      streamId: '00000000-0000-4000-8000-000000000001',
      callId: '00000000-0000-4000-8000-000000000002',
    };
    for (const payload of [
      {},
      { streamId: 'nope' },
      { streamId: 5 },
      { streamId: null },
      { channel: 'x' },
      { callId: 'nope' },
      both,
    ]) {
      const res = await tokenFor(fan, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const nul = await tokenFor(fan, { streamId: '00000000-0000-4000-8000-00000000000\u0000' });
    expect(nul.statusCode).toBe(400);
  });

  it('refuses with a sentence while Agora is off, or enabled without a valid app id', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    await t.ctx.settings.update({ agoraEnable: false });
    const off = await tokenFor(creator, { streamId: id });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe('Agora video is not enabled on this server.');

    await t.ctx.settings.update({ agoraEnable: true, agoraAppId: 'not-an-app-id' });
    expect((await tokenFor(creator, { streamId: id })).statusCode).toBe(422);

    // The certificate never reaches browsers through the settings.
    const publicSettings = await t.request({ url: '/api/settings/public' });
    expect(publicSettings.body).not.toContain(certificate);
  });
});

describe('Agora without the certificate on the server', () => {
  it('refuses tokens even with the setting on, and joins fall back to the other media', async () => {
    const plain = await createTestApp();
    try {
      await plain.ctx.settings.update({ agoraEnable: true, agoraAppId: appId });
      const creator = await plain.creator();
      const live = await plain.request({
        method: 'POST',
        url: '/api/streaming/live',
        token: creator.token,
        payload: { title: 'No Agora here' },
      });
      const id = live.json().data._id as string;
      const res = await plain.request({
        method: 'POST',
        url: '/api/streaming/agora/token',
        token: creator.token,
        payload: { streamId: id },
      });
      expect(res.statusCode).toBe(422);
      const join = await plain.request({ url: `/api/streaming/join/${id}`, token: creator.token });
      expect(join.statusCode).toBe(422);
      expect(join.json().message).toBe('Live video is not available on this server right now.');
    } finally {
      await plain.close();
    }
  });
});

describe('Agora tokens for calls and private shows (POST /streaming/agora/token with callId)', () => {
  const fund = (who: Account, amount: number) =>
    grantWalletCredit(t.ctx, {
      userId: who.user.id,
      amountCents: amount * 100,
      reason: 'test',
      initiatorId: null,
    });
  const api = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url: `/api${url}`, token: who.token, ...(payload ? { payload } : {}) });

  it('gives each of the two people of a live call a token that publishes in its channel, and no one else', async () => {
    await t.ctx.settings.update({ minimumBalance1on1Calls: 0 });
    const fan = await t.fan();
    const creator = await t.creator({ privateCallPrice: 2, profile: { acceptsCalls: true } });
    const stranger = await t.fan();
    const otherCreator = await t.creator();
    await fund(fan, 20);
    const rung = await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id });
    expect(rung.statusCode, rung.body).toBe(200);
    const id = rung.json().data._id as string;
    // Ringing: not yet.
    const early = await tokenFor(fan, { callId: id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/only while it is live/);

    expect((await api(creator, 'POST', `/streaming/calls/${id}/accept`)).statusCode).toBe(200);
    for (const who of [fan, creator]) {
      const res = await tokenFor(who, { callId: id });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data;
      expect(answer).toMatchObject({ appId, channel: id, uid: agoraUid(who.user.id), role: 'publish' });
      const decoded = decodeAgoraToken(answer.token, certificate);
      expect(decoded.isSignatureValid).toBe(true);
      expect(decoded.rtc?.channel).toBe(id);
      expect(decoded.rtc?.uid).toBe(String(agoraUid(who.user.id)));
      expect(
        Object.keys(decoded.rtc?.privileges ?? {})
          .map(Number)
          .sort(),
      ).toEqual([
        agoraPrivileges.join,
        agoraPrivileges.publishAudio,
        agoraPrivileges.publishVideo,
        agoraPrivileges.publishData,
      ]);
    }
    // The join grant names Agora, and the other person's uid: the one video the call screen shows.
    for (const [who, other] of [
      [fan, creator],
      [creator, fan],
    ] as const) {
      const grant = (await api(who, 'GET', `/streaming/calls/${id}/join`)).json().data;
      expect(grant).toMatchObject({ provider: 'agora', channel: id, peer: other.user.id });
      expect(grant.peerUid).toBe(agoraUid(other.user.id));
    }
    for (const who of [stranger, otherCreator]) {
      const res = await tokenFor(who, { callId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // A show's id is not a call, and a call's id is not a show.
    expect((await tokenFor(fan, { callId: '00000000-0000-4000-8000-000000000009' })).statusCode).toBe(404);
    expect((await tokenFor(fan, { streamId: id })).statusCode).toBe(404);

    // Ended: no more tokens, for either side.
    expect((await api(fan, 'POST', `/streaming/calls/${id}/end`)).statusCode).toBe(200);
    expect((await tokenFor(creator, { callId: id })).statusCode).toBe(409);
  });
});
