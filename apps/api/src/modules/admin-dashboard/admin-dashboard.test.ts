import { buildFeed, buildProduct, buildSubscription } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createSession } from '../auth/sessions';
import { grantWalletCredit, reconcileLedger } from '../wallet';

// Far from the real date, so accounts the factories stamp with the real time fall outside every period.
const clock = new TestClock(new Date('2030-03-06T00:00:00.000Z'));
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const hourMs = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.update({
    performerCommission: 0.25,
    siteSubscriptionEnabled: true,
    siteSubscriptionPrice: 4,
    minimumPayoutAmount: 1,
  });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

/** Requests with a session minted at the test clock's now (the clock moves between days). */
const as = async (account: Account, options: Parameters<TestApp['request']>[0]) =>
  t.request({
    ...options,
    token: (await createSession(t.ctx, { userId: account.user.id, remember: true })).token,
  });

const fund = (user: { id: string }, cents: number) =>
  grantWalletCredit(t.ctx, { userId: user.id, amountCents: cents, reason: 'test', initiatorId: null });

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>): Promise<R> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r;
};

const dashboard = async (admin: Account, days = 7) =>
  (await ok(as(admin, { url: `/api/admin/dashboard?days=${days}` }))).json().data;

/** The SQL statements `run` sends through the app's database handle. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = t.ctx.db.statements();
  await run();
  return t.ctx.db.statements() - before;
}

describe('the admin dashboard', () => {
  it('shows sign-ups and gross, commission and net by day exactly as the ledger moved them', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const [own, usual] = [
      // 20% for this creator, the site's 25% for the other.
      await t.creator({ monthlyPrice: 9.99, profile: { commissionPercentage: 0.2 } }),
      await t.creator(),
    ];
    await fund(fan.user, 100_00);

    // The day before the 7-day period (2030-03-06 … 03-12): a tip that must not count.
    clock.set(new Date('2030-03-05T23:59:59.000Z'));
    await ok(
      as(fan, { method: 'POST', url: `/api/wallet/charges/tip/${own.user.id}`, payload: { amount: 10 } }),
    );

    // Day 1 (03-06, from its first second): a tip of 10.00 (20%) and a post for 5.55 (25%).
    clock.set(new Date('2030-03-06T00:00:00.000Z'));
    await ok(
      as(fan, { method: 'POST', url: `/api/wallet/charges/tip/${own.user.id}`, payload: { amount: 10 } }),
    );
    const post = await buildFeed(t.ctx.db.db, { performerId: usual.user.id, price: 5.55, isSale: true });
    await ok(as(fan, { method: 'POST', url: `/api/wallet/charges/feed/${post.id}`, payload: {} }));

    // Day 3: a monthly subscription of 9.99 (20%), a site month of 4.00 (all platform), a product
    // of 12.50 (25%); an admin credit and a payout hold, which are not sales.
    clock.set(new Date('2030-03-08T10:00:00.000Z'));
    await ok(
      as(fan, {
        method: 'POST',
        url: '/api/payment/subscribe/performers',
        payload: { performerId: own.user.id, type: 'monthly' },
      }),
    );
    await ok(as(fan, { method: 'POST', url: '/api/payment/subscribe/site', payload: {} }));
    const product = await buildProduct(t.ctx.db.db, {
      performerId: usual.user.id,
      type: 'digital',
      priceCents: 1250,
    });
    const order = await ok(
      as(fan, { method: 'POST', url: `/api/wallet/charges/product/${product.id}`, payload: { quantity: 1 } }),
    );
    await ok(
      as(admin, {
        method: 'POST',
        url: '/api/admin/wallet/credit',
        payload: { userId: fan.user.id, amount: 3, reason: 'goodwill' },
      }),
    );
    await ok(
      as(own, {
        method: 'PUT',
        url: '/api/performers/banking-settings',
        payload: {
          holderName: 'Luna Rivers',
          bankName: 'Example Bank',
          accountNumber: 'DE89 3704 0044 0532 0130 00',
          swiftCode: 'DEUTDEFF',
          country: 'de',
        },
      }),
    );
    await ok(as(own, { method: 'POST', url: '/api/payout-requests', payload: { amount: 5 } }));

    // Day 5: the product is refunded; it counts negative on this day.
    clock.set(new Date('2030-03-10T08:00:00.000Z'));
    await ok(
      as(admin, {
        method: 'POST',
        url: `/api/admin/orders/${order.json().data.orderId}/refund`,
        payload: {},
      }),
    );

    // Sign-ups: two on day 2, one on day 7; an admin does not count.
    await t.fan({ createdAt: new Date('2030-03-07T01:00:00.000Z') });
    await t.creator({ createdAt: new Date('2030-03-07T23:00:00.000Z') });
    await t.fan({ createdAt: new Date('2030-03-12T12:00:00.000Z') });

    clock.set(new Date('2030-03-12T18:00:00.000Z'));
    const data = await dashboard(admin);

    const zero = { signUps: 0, grossCents: 0, commissionCents: 0, netCents: 0, sales: 0, refunds: 0 };
    expect(data.from).toBe('2030-03-06');
    expect(data.to).toBe('2030-03-12');
    expect(data.byDay).toEqual([
      // 1000 → 200 + 800; 555 → 139 + 416.
      { ...zero, date: '2030-03-06', grossCents: 1555, commissionCents: 339, netCents: 1216, sales: 2 },
      { ...zero, date: '2030-03-07', signUps: 2 },
      // 999 → 200 + 799; 400 → 400 + 0; 1250 → 313 + 937.
      { ...zero, date: '2030-03-08', grossCents: 2649, commissionCents: 913, netCents: 1736, sales: 3 },
      { ...zero, date: '2030-03-09' },
      { ...zero, date: '2030-03-10', grossCents: -1250, commissionCents: -313, netCents: -937, refunds: 1 },
      { ...zero, date: '2030-03-11' },
      { ...zero, date: '2030-03-12', signUps: 1 },
    ]);
    expect(data.totals).toEqual({
      signUps: 3,
      grossCents: 2954,
      commissionCents: 939,
      netCents: 2015,
      sales: 5,
      refunds: 1,
    });

    // The same money, read back from the ledger's own balances: every sale and credit was in the
    // period except the 10.00 tip before it (2.00 + 8.00); the 100.00 funding the fan and the 3.00
    // credit came out of platform revenue.
    const report = await reconcileLedger(t.ctx.db.db);
    expect(report.totalsByKind.platform_revenue).toBe(data.totals.commissionCents + 200 - 100_00 - 300);
    expect(report.totalsByKind.creator_earnings).toBe(data.totals.netCents + 800 - 500);
    expect(report.totalsByKind.payouts).toBe(500);
    expect(data.heldForPayoutsCents).toBe(500);

    // What waits now.
    expect(data).toMatchObject({
      days: 7,
      activeSubscriptions: 1,
      activeSiteMemberships: 1,
      pendingPayouts: 1,
      approvedPayouts: 0,
      pendingVerifications: 0,
      openReports: 0,
      liveShows: 0,
    });
  });

  it('counts pending creator verifications, open reports, live shows and running subscriptions', async () => {
    const admin = await t.admin();
    const before = await dashboard(admin);
    const fan = await t.fan();
    await t.creator({ documentsVerified: false });
    const live = await t.creator();
    const other = await t.creator();
    await ok(as(live, { method: 'POST', url: '/api/streaming/live', payload: { title: 'Evening show' } }));
    await ok(
      as(fan, {
        method: 'POST',
        url: '/api/reports',
        payload: { target: 'performer', targetId: other.user.id, category: 'spam' },
      }),
    );
    const now = clock.now().getTime();
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: other.user.id,
      expiredAt: new Date(now + hourMs),
    });
    // One that ran out an hour ago does not count.
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: live.user.id,
      expiredAt: new Date(now - hourMs),
    });

    const after = await dashboard(admin);
    expect(after.pendingVerifications - before.pendingVerifications).toBe(1);
    expect(after.openReports - before.openReports).toBe(1);
    expect(after.liveShows - before.liveShows).toBe(1);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);
  });

  it('offers 7, 30 and 90 days, each day listed once, today last', async () => {
    const admin = await t.admin();
    for (const days of [7, 30, 90]) {
      const data = await dashboard(admin, days);
      expect(data.byDay).toHaveLength(days);
      expect(data.byDay.at(-1).date).toBe(clock.now().toISOString().slice(0, 10));
      expect(new Set(data.byDay.map((d: { date: string }) => d.date)).size).toBe(days);
    }
    // Without a period it shows 30 days.
    expect((await as(admin, { url: '/api/admin/dashboard' })).json().data.days).toBe(30);
  });

  it('answers in the same few statements whatever the number of sales and sign-ups', async () => {
    const admin = await t.admin();
    const url = '/api/admin/dashboard?days=90';
    // A session's first request reads it (and may record its use); count the next one.
    const count = async () => {
      const token = (await createSession(t.ctx, { userId: admin.user.id, remember: true })).token;
      expect((await t.request({ url, token })).statusCode).toBe(200);
      return statementsOf(() => t.request({ url, token }));
    };
    const small = await count();

    const fan = await t.fan();
    const creator = await t.creator();
    await fund(fan.user, 200_00);
    for (let i = 0; i < 12; i++) {
      clock.advance(hourMs);
      await ok(
        as(fan, {
          method: 'POST',
          url: `/api/wallet/charges/tip/${creator.user.id}`,
          payload: { amount: 10 },
        }),
      );
      await t.fan({ createdAt: clock.now() });
    }
    const large = await count();
    expect(large).toBe(small);
    // Sales by day, the payouts hold and the site counts; the node has the session cached since the
    // first request.
    expect(small).toBe(3);
  });

  it('is for admins only: 401 for visitors, 403 for fans and creators, even with a bad query', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    for (const url of ['/api/admin/dashboard?days=7', '/api/admin/dashboard?days=nope']) {
      expect((await t.request({ url })).statusCode).toBe(401);
      expect((await as(fan, { url })).statusCode).toBe(403);
      expect((await as(creator, { url })).statusCode).toBe(403);
    }
  });

  it('refuses a period other than 7, 30 or 90 days with a sentence', async () => {
    const admin = await t.admin();
    for (const days of ['14', 'abc', '-7', '']) {
      const res = await as(admin, { url: `/api/admin/dashboard?days=${days}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The period must be 7, 30 or 90 days.');
    }
  });
});
