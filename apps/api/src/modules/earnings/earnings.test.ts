import { buildFeed, buildProduct } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createSession } from '../auth/sessions';
import { reconcileLedger } from '../wallet';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const tip = (from: Account, performerId: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/tip/${performerId}`, token: from.token, payload });

const buy = (from: Account, type: string, id: string) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, token: from.token });

describe('GET /api/performer/earning/stats and /search', () => {
  it('filters earnings by date and type, for creators only', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    await tip(fan, creator.user.id, { amount: 10 });
    // Sessions last a day: 13 hours moves from noon to the next UTC day without logging out.
    clock.advance(13 * 3_600_000);
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 20,
    });
    await buy(fan, 'feed', post.id);
    const stats = await t.request({ url: '/api/performer/earning/stats', token: creator.token });
    expect(stats.json().data).toMatchObject({ grossPrice: 30, netPrice: 24, commission: 6, count: 2 });
    expect(stats.json().data.byType).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tip', grossPrice: 10 }),
        expect.objectContaining({ type: 'feed', grossPrice: 20, netPrice: 16 }),
      ]),
    );
    expect(stats.json().data.byDay).toHaveLength(2);
    const since = new Date(clock.now().getTime() - 6 * 3_600_000).toISOString();
    const recent = await t.request({
      url: `/api/performer/earning/search?fromDate=${encodeURIComponent(since)}`,
      token: creator.token,
    });
    expect(recent.json()).toMatchObject({ total: 1, data: [{ type: 'feed', grossPrice: 20, netPrice: 16 }] });
    expect(recent.json().data[0].fan._id).toBe(fan.user.id);
    const tips = await t.request({ url: '/api/performer/earning/search?type=tip', token: creator.token });
    expect(tips.json().total).toBe(1);
    expect((await t.request({ url: '/api/performer/earning/stats', token: fan.token })).statusCode).toBe(403);
    const bad = await t.request({
      url: '/api/performer/earning/stats?fromDate=yesterday',
      token: creator.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a creator only their own earnings, with the fan's name and the commission", async () => {
    const [fan, mine, theirs] = [await t.fan(), await t.creator(), await t.creator()];
    await t.fund(fan.user, 100);
    await tip(fan, mine.user.id, { amount: 12.34 });
    await tip(fan, theirs.user.id, { amount: 50 });
    const page = await t.request({ url: '/api/performer/earning/search', token: mine.token });
    expect(page.json()).toMatchObject({
      total: 1,
      data: [{ type: 'tip', grossPrice: 12.34, commission: 2.47, netPrice: 9.87, commissionRate: 0.2 }],
    });
    expect(page.json().data[0].fan).toMatchObject({ _id: fan.user.id, name: fan.user.name });
    const stats = await t.request({ url: '/api/performer/earning/stats', token: mine.token });
    expect(stats.json().data).toMatchObject({ grossPrice: 12.34, netPrice: 9.87, balance: 9.87 });
    expect((await t.request({ url: '/api/performer/earning/search' })).statusCode).toBe(401);
  });

  it('subtracts a refunded order on the day of the refund, by type and by day, and marks the row', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    await tip(fan, creator.user.id, { amount: 10 });
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      type: 'digital',
      priceCents: 2500,
      stock: null,
    });
    const order = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/product/${product.id}`,
      token: fan.token,
      payload: { quantity: 1 },
    });
    expect(order.statusCode).toBe(200);
    const chargedDay = clock.now().toISOString().slice(0, 10);
    const before = (await t.request({ url: '/api/performer/earning/stats', token: creator.token })).json()
      .data;
    expect(before).toMatchObject({ grossPrice: 35, commission: 7, netPrice: 28, count: 2, refundCount: 0 });

    clock.advance(24 * 3_600_000);
    const refundDay = clock.now().toISOString().slice(0, 10);
    const admin = await t.admin();
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.json().data.orderId}/refund`,
      token: admin.token,
    });
    expect(refund.statusCode).toBe(200);
    // Sessions last a day: a new one at the moved clock.
    const creatorToken = (await createSession(t.ctx, { userId: creator.user.id, remember: true })).token;

    const stats = (await t.request({ url: '/api/performer/earning/stats', token: creatorToken })).json().data;
    // Everything: the tip stays, the product is charged and given back; the balance agrees.
    expect(stats).toMatchObject({
      grossPrice: 10,
      commission: 2,
      netPrice: 8,
      count: 2,
      refundedGross: 25,
      refundedNet: 20,
      refundCount: 1,
      balance: 8,
    });
    expect(stats.byType).toEqual([
      expect.objectContaining({ type: 'product', grossPrice: 0, netPrice: 0, count: 1, refundCount: 1 }),
      expect.objectContaining({ type: 'tip', grossPrice: 10, netPrice: 8, count: 1, refundCount: 0 }),
    ]);
    expect(stats.byDay).toEqual([
      expect.objectContaining({ date: chargedDay, grossPrice: 35, netPrice: 28, count: 2, refundCount: 0 }),
      expect.objectContaining({ date: refundDay, grossPrice: -25, netPrice: -20, count: 0, refundedNet: 20 }),
    ]);

    // A range holding only the refund day shows the refund alone; one holding only the charge, the charge.
    const since = encodeURIComponent(new Date(clock.now().getTime() - 3_600_000).toISOString());
    const refundOnly = await t.request({
      url: `/api/performer/earning/stats?fromDate=${since}&type=product`,
      token: creatorToken,
    });
    expect(refundOnly.json().data).toMatchObject({
      grossPrice: -25,
      netPrice: -20,
      count: 0,
      refundCount: 1,
    });
    const until = encodeURIComponent(new Date(clock.now().getTime() - 12 * 3_600_000).toISOString());
    const chargeOnly = await t.request({
      url: `/api/performer/earning/stats?toDate=${until}&type=product`,
      token: creatorToken,
    });
    expect(chargeOnly.json().data).toMatchObject({ grossPrice: 25, netPrice: 20, count: 1, refundCount: 0 });

    const rows = await t.request({ url: '/api/performer/earning/search', token: creatorToken });
    expect(rows.json().data).toEqual([
      expect.objectContaining({ type: 'product', grossPrice: 25, refundedAt: clock.now().toISOString() }),
      expect.objectContaining({ type: 'tip', refundedAt: null }),
    ]);
  });
});
