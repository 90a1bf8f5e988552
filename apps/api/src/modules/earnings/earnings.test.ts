import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { reconcileLedger } from '../wallet/wallet.reconcile';
import { grantWalletCredit } from '../wallet/wallet.service';

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

const fund = (user: { id: string }, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: user.id,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

const tip = (from: Account, performerId: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/tip/${performerId}`, token: from.token, payload });

const buy = (from: Account, type: string, id: string) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, token: from.token });

describe('GET /api/performer/earning/stats and /search', () => {
  it('filters earnings by date and type, for creators only', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan.user, 100);
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
    await fund(fan.user, 100);
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
});
