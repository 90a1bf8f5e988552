import { payoutRequests } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';
import { earningsBalance, grantWalletCredit, reconcileLedger } from '../wallet';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const bank = {
  holderName: 'Luna Rivers',
  bankName: 'Example Bank',
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  swiftCode: 'DEUTDEFF',
  country: 'de',
};

/** A creator who earned `net` (fans tip net / 0.8 each; commission 0.2). */
async function creatorEarning(net: number, options: { withBank?: boolean } = {}) {
  const creator = await t.creator();
  const fan = await t.fan();
  const gross = net / 0.8;
  await grantWalletCredit(t.ctx, {
    userId: fan.user.id,
    amountCents: Math.round(gross * 100),
    reason: 'test',
    initiatorId: null,
  });
  const tip = await t.request({
    method: 'POST',
    url: `/api/wallet/charges/tip/${creator.user.id}`,
    token: fan.token,
    payload: { amount: gross },
  });
  expect(tip.statusCode).toBe(200);
  if (options.withBank !== false) {
    const set = await t.request({
      method: 'PUT',
      url: '/api/performers/banking-settings',
      token: creator.token,
      payload: bank,
    });
    expect(set.statusCode).toBe(200);
  }
  return creator;
}

const requestPayout = (creator: Account, payload: object, key?: string) =>
  t.request({
    method: 'POST',
    url: '/api/payout-requests',
    token: creator.token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

const calculate = async (creator: Account) =>
  (await t.request({ method: 'POST', url: '/api/payout-requests/calculate', token: creator.token })).json()
    .data;

const adminAction = (admin: Account, id: string, action: string, payload?: object) =>
  t.request({
    method: 'POST',
    url: `/api/admin/payout-requests/${id}/${action}`,
    token: admin.token,
    ...(payload ? { payload } : {}),
  });

describe('payout settings', () => {
  it('stores bank details masked and refuses an invalid IBAN or SWIFT with field messages', async () => {
    const creator = await t.creator();
    const res = await t.request({
      method: 'PUT',
      url: '/api/performers/banking-settings',
      token: creator.token,
      payload: bank,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      banking: {
        holderName: 'Luna Rivers',
        accountNumberMasked: '•••• 3000',
        swiftCode: 'DEUTDEFF',
        country: 'DE',
      },
      methods: ['bank'],
      stripeAccountId: null,
    });
    const bad = await t.request({
      method: 'PUT',
      url: '/api/performers/banking-settings',
      token: creator.token,
      payload: { ...bank, accountNumber: 'DE89 3704 0044 0532 0130 01', swiftCode: 'NOPE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('This IBAN is not valid');
    expect(JSON.stringify(bad.json())).toContain('SWIFT/BIC');
  });

  it('stores a PayPal email as a payout method; fans cannot have payout settings', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    const res = await t.request({
      method: 'PUT',
      url: '/api/performers/payment-gateway-settings',
      token: creator.token,
      payload: { paypalEmail: 'luna@example.com' },
    });
    expect(res.json().data).toMatchObject({ paypalEmail: 'luna@example.com', methods: ['paypal'] });
    const asFan = await t.request({
      method: 'PUT',
      url: '/api/performers/banking-settings',
      token: fan.token,
      payload: bank,
    });
    expect(asFan.statusCode).toBe(403);
  });
});

describe('payout requests', () => {
  it('refuses below the minimum, above the balance, without a method, and while another is pending', async () => {
    const noMethod = await creatorEarning(100, { withBank: false });
    const res = await requestPayout(noMethod, { amount: 60 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Add your bank details or another payout method before requesting a payout.',
    );

    const creator = await creatorEarning(100);
    const low = await requestPayout(creator, { amount: 49.99 });
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('The payout must be at least 50.00.');

    const high = await requestPayout(creator, { amount: 100.01 });
    expect(high.statusCode).toBe(422);
    expect(high.json().message).toBe('The payout cannot be more than your available balance of 100.00.');

    const first = await requestPayout(creator, { amount: 50, note: 'first' });
    expect(first.statusCode).toBe(200);
    const second = await requestPayout(creator, { amount: 50 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('already have a payout request pending review');

    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(5000);
    expect(await calculate(creator)).toEqual({
      totalEarned: 100,
      paidOut: 0,
      pending: 50,
      available: 50,
      minimumPayoutAmount: 50,
    });
    const check = await t.request({ url: '/api/payout-requests/check/pending-review', token: creator.token });
    expect(check.json().data).toMatchObject({ pending: true, request: { amount: 50, status: 'pending' } });
  });

  it('holds the money on request; approve then mark paid leaves the balance right and tells the creator', async () => {
    const [creator, admin] = [await creatorEarning(80), await t.admin()];
    const made = await requestPayout(creator, { amount: 60 }, 'payout-1');
    expect(made.statusCode).toBe(200);
    const replay = await requestPayout(creator, { amount: 60 }, 'payout-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data._id).toBe(made.json().data._id);
    const id = made.json().data._id as string;
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(2000);

    const paidTooSoon = await adminAction(admin, id, 'mark-paid');
    expect(paidTooSoon.statusCode).toBe(409);
    expect((await adminAction(admin, id, 'approve')).json().data.status).toBe('approved');
    const paid = await adminAction(admin, id, 'mark-paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', amount: 60 });
    expect((await adminAction(admin, id, 'mark-paid')).statusCode).toBe(409);

    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(2000);
    expect(await calculate(creator)).toMatchObject({
      totalEarned: 80,
      paidOut: 60,
      pending: 0,
      available: 20,
    });
    const mine = (await toldTo(t.ctx, creator.user.email)).map((m) => m.subject);
    expect(mine).toEqual(
      expect.arrayContaining([
        'Your payout request of 60.00 was approved',
        'Your payout request of 60.00 is paid',
      ]),
    );
  });

  it('a rejected request gives the held amount back, with the reason', async () => {
    const [creator, admin] = [await creatorEarning(70), await t.admin()];
    const id = (await requestPayout(creator, { amount: 55 })).json().data._id as string;
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(1500);
    const noReason = await adminAction(admin, id, 'reject', {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await adminAction(admin, id, 'reject', { reason: 'Bank details do not match.' });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      adminNote: 'Bank details do not match.',
    });
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(7000);
    expect((await adminAction(admin, id, 'reject', { reason: 'again' })).statusCode).toBe(409);
    // A new request is possible again.
    expect((await requestPayout(creator, { amount: 70 })).statusCode).toBe(200);
  });

  it('lets the creator change a pending request within the rules; the hold follows', async () => {
    const creator = await creatorEarning(100);
    const id = (await requestPayout(creator, { amount: 50 })).json().data._id as string;
    const edit = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/payout-requests/${id}`, token: creator.token, payload });
    const up = await edit({ amount: 90, note: 'more please' });
    expect(up.json().data).toMatchObject({ amount: 90, note: 'more please' });
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(1000);
    expect((await edit({ amount: 100.01 })).json().message).toBe(
      'The payout cannot be more than your available balance of 10.00.',
    );
    expect((await edit({ amount: 20 })).json().message).toBe('The payout must be at least 50.00.');
    expect((await edit({ amount: 60 })).statusCode).toBe(200);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(4000);
  });

  it("answers 404 for another creator's request, and 403 to non-admins on admin routes", async () => {
    const [owner, other, fan] = [await creatorEarning(60), await t.creator(), await t.fan()];
    const id = (await requestPayout(owner, { amount: 50 })).json().data._id as string;
    for (const res of [
      await t.request({ url: `/api/payout-requests/${id}/view`, token: other.token }),
      await t.request({
        method: 'PUT',
        url: `/api/payout-requests/${id}`,
        token: other.token,
        payload: { note: 'x' },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await t.request({ url: `/api/payout-requests/${id}/view`, token: owner.token })).statusCode).toBe(
      200,
    );
    expect((await adminAction(fan, id, 'approve')).statusCode).toBe(403);
    expect((await adminAction(other, id, 'approve')).statusCode).toBe(403);
    const list = await t.request({ url: '/api/payout-requests/search', token: other.token });
    expect(list.json()).toEqual({ data: [], total: 0 });
  });

  it('answers bad input with 4xx, never 500', async () => {
    const creator = await creatorEarning(60);
    const admin = await t.admin();
    for (const payload of [
      {},
      { amount: -1 },
      { amount: 'x' },
      { amount: 50.001 },
      { amount: 50, method: 'cash' },
    ]) {
      const res = await requestPayout(creator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.request({ url: '/api/payout-requests/not-an-id/view', token: creator.token })).statusCode,
    ).toBe(400);
    expect((await adminAction(admin, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(
      404,
    );
    const missingKey = await requestPayout(creator, { amount: 50 }, ' bad key ');
    expect(missingKey.statusCode).toBe(400);
  });

  it('two concurrent requests of one creator: exactly one is held', async () => {
    const creator = await creatorEarning(100);
    const results = await Promise.all([1, 2, 3, 4].map(() => requestPayout(creator, { amount: 60 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(4000);
    const rows = await t.ctx.db.db.select().from(payoutRequests);
    expect(rows.filter((r) => r.performerId === creator.user.id)).toHaveLength(1);
  });
});
