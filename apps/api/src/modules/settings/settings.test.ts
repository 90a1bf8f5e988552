import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public settings', () => {
  it('answers the defaults of spec section 9 to anyone, without private keys', async () => {
    const res = await t.request({ url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      minimumSubscriptionPrice: 2.95,
      maximumSubscriptionPrice: 300,
      minimumWalletPrice: 2.95,
      maximumWalletPrice: 300,
      minimumTipPrice: 10,
      maximumTipPrice: 10000,
      minimumPayoutAmount: 50,
      trialEnabled: false,
      trialDurationDays: 14,
      freeSubscriptionEnabled: true,
      freeSubscriptionDuration: 1,
      paymentGateway: 'stripe',
      minimumBalance1on1Calls: 20,
      maintenanceMode: false,
      requireEmailVerification: false,
      hashPassword: false,
    });
    expect(res.json().data.performerCommission).toBeUndefined();
  });

  it('answers named public keys and leaves out private or unknown ones', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/settings/keys',
      payload: { keys: ['siteName', 'performerCommission', 'nope'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ siteName: 'Fanstage' });
  });

  it('refuses a keys request without keys', async () => {
    expect((await t.request({ method: 'POST', url: '/api/settings/keys', payload: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await t.request({ method: 'POST', url: '/api/settings/keys', payload: { keys: 'siteName' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('admin settings', () => {
  it('lets an admin read and change every setting, visible publicly at once', async () => {
    const { token } = await t.admin();
    const all = await t.request({ url: '/api/admin/settings', token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.performerCommission).toBe(0.2);
    // Read first, so the public answer is encoded and kept before the change.
    expect((await t.request({ url: '/api/settings/public' })).json().data.siteName).not.toBe('Studio X');
    const put = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      payload: { siteName: 'Studio X', maintenanceMode: true },
    });
    expect(put.statusCode).toBe(200);
    const pub = (await t.request({ url: '/api/settings/public' })).json().data;
    expect(pub).toMatchObject({ siteName: 'Studio X', maintenanceMode: true });
    await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      payload: { maintenanceMode: false },
    });
  });

  it('refuses a minimum above its maximum and saves nothing', async () => {
    const { token } = await t.admin();
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      payload: { minimumTipPrice: 500, maximumTipPrice: 100, siteName: 'Should not save' },
    });
    expect(res.statusCode).toBe(422);
    const sentence = 'The minimum tip ($500.00) cannot be above the maximum tip ($100.00).';
    expect(res.json().message).toBe(sentence);
    expect(res.json().details).toEqual([{ path: 'minimumTipPrice', message: sentence }]);
    expect((await t.request({ url: '/api/settings/public' })).json().data.siteName).not.toBe(
      'Should not save',
    );
  });

  it.each([
    ['a negative price', { minimumWalletPrice: -1 }, 'The minimum top-up cannot be below $0.00.'],
    [
      'a price with three decimals',
      { minimumWalletPrice: 2.955 },
      'The minimum top-up can have at most two decimals.',
    ],
    [
      'a commission above 1',
      { performerCommission: 1.5 },
      'The platform commission cannot be above 1 (100 %).',
    ],
    [
      'a negative commission',
      { performerCommission: -5 },
      'The platform commission cannot be below 0 (0 %).',
    ],
    [
      'a tip limit too high',
      { maximumTipPrice: 2_000_000 },
      'The maximum tip cannot be above $1,000,000.00.',
    ],
    ['a wrong type', { maintenanceMode: 'yes' }, 'The maintenance mode is not valid.'],
    ['an unknown gateway', { paymentGateway: 'paypal' }, 'The payment gateway is not valid.'],
  ])('refuses %s with 400, a sentence and saves nothing', async (_l, payload, message) => {
    const { token } = await t.admin();
    const before = (await t.request({ url: '/api/admin/settings', token })).json().data;
    const res = await t.request({ method: 'PUT', url: '/api/admin/settings', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.request({ url: '/api/admin/settings', token })).json().data).toEqual(before);
  });

  it('is for admins only', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    for (const token of [fan.token, creator.token]) {
      expect((await t.request({ url: '/api/admin/settings', token })).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'PUT', url: '/api/admin/settings', token, payload: { siteName: 'x' } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.request({ url: '/api/admin/settings' })).statusCode).toBe(401);
  });
});
