import { earnings, eq, purchases, users } from '@fanstage/db';
import { buildFeed, buildGallery, buildVideo } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { earningsBalance } from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';

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

const balanceOf = async (account: Account) => {
  const me = await t.request({ url: '/api/users/me', token: account.token });
  return me.json().data.balance as number;
};

const tip = (from: Account, performerId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/wallet/charges/tip/${performerId}`,
    token: from.token,
    payload: payload as object,
    headers,
  });

const buy = (from: Account, type: string, id: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, token: from.token, headers });

const earningRows = (performerId: string) =>
  t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, performerId));

describe('tips', () => {
  it('tips 10 twice from 20, refuses the third with the top-up message, and the creator earns 8 each', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20);
    for (const expected of [10, 0]) {
      const res = await tip(fan, creator.user.id, { amount: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'tip',
        amount: 10,
        balance: expected,
        performerId: creator.user.id,
      });
    }
    const third = await tip(fan, creator.user.id, { amount: 10 });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'You have an insufficient wallet balance. Please top up.',
    });
    expect(await balanceOf(fan)).toBe(0);

    const stats = await t.request({ url: '/api/performer/earning/stats', token: creator.token });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toMatchObject({
      grossPrice: 20,
      commission: 4,
      netPrice: 16,
      count: 2,
      balance: 16,
    });
    const rows = await earningRows(creator.user.id);
    expect(rows.map((r) => [r.sourceType, r.grossCents, r.commissionCents, r.netCents])).toEqual([
      ['tip', 1000, 200, 800],
      ['tip', 1000, 200, 800],
    ]);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(1600);
  });

  it("applies an admin-set commission of 0.3 to the creator's next tips (net 7)", async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    await t.fund(fan.user, 20);
    expect((await tip(fan, creator.user.id, { amount: 10 })).statusCode).toBe(200);
    const set = await t.request({
      method: 'PUT',
      url: `/api/admin/performers/${creator.user.id}/commission`,
      token: admin.token,
      payload: { commissionPercentage: 0.3 },
    });
    expect(set.statusCode).toBe(200);
    expect((await tip(fan, creator.user.id, { amount: 10 })).statusCode).toBe(200);
    const rows = await earningRows(creator.user.id);
    expect(rows.map((r) => [r.commissionRate, r.netCents, r.commissionCents])).toEqual([
      [0.2, 800, 200],
      [0.3, 700, 300],
    ]);
  });

  it('refuses tips outside the site limits, naming the limit', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20_000);
    const low = await tip(fan, creator.user.id, { amount: 9.99 });
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('The tip must be at least 10.00.');
    const high = await tip(fan, creator.user.id, { amount: 10_000.01 });
    expect(high.statusCode).toBe(422);
    expect(high.json().message).toBe('The tip cannot be more than 10000.00.');
    expect(await balanceOf(fan)).toBe(20_000);
  });

  it('answers bad input with a readable 4xx, never a 500, and moves no money', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 50);
    const cases: [unknown, RegExp][] = [
      [{ amount: -10 }, /more than 0/],
      [{ amount: 0 }, /more than 0/],
      [{ amount: 10.005 }, /two decimals/],
      [{ amount: '10' }, /must be a number/],
      [{ amount: 1e12 }, /cannot be more than/],
      [{}, /must be a number/],
      [{ amount: 10, extra: true }, /./],
      [{ amount: 10, conversationId: 'nope' }, /valid id/],
    ];
    for (const [payload, message] of cases) {
      const res = await tip(fan, creator.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const malformed = await tip(fan, 'not-an-id', { amount: 10 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/valid id/);
    const huge = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": 1e400}',
    });
    expect(huge.statusCode).toBeLessThan(500);
    expect(await balanceOf(fan)).toBe(50);
  });

  it('answers 404 for a fan, an unlisted creator or an unknown id, and 422 for oneself', async () => {
    const [fan, other, unlisted, creator] = [
      await t.fan(),
      await t.fan(),
      await t.creator({ documentsVerified: false }),
      await t.creator(),
    ];
    await t.fund(fan.user, 50);
    await t.fund(creator.user, 50);
    for (const id of [other.user.id, unlisted.user.id, '0190a0a0-0000-7000-8000-000000000000']) {
      const res = await tip(fan, id, { amount: 10 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That creator was not found.');
    }
    const self = await tip(creator, creator.user.id, { amount: 10 });
    expect(self.statusCode).toBe(422);
    expect(await balanceOf(fan)).toBe(50);
  });

  it('needs a login', async () => {
    const creator = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      payload: { amount: 10 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps conversation and stream ids with the tip, and refuses a conversation of others', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 10);
    const foreign = await tip(fan, creator.user.id, {
      amount: 10,
      conversationId: '0190a0a0-0000-7000-8000-00000000c0c0',
    });
    expect(foreign.statusCode).toBe(404);
    const opened = await t.request({
      method: 'POST',
      url: '/api/conversations',
      token: fan.token,
      payload: { source: 'performer', sourceId: creator.user.id },
    });
    const conversationId = opened.json().data._id;
    const res = await tip(fan, creator.user.id, { amount: 10, conversationId });
    expect(res.statusCode).toBe(200);
    const statement = await t.request({ url: '/api/wallet/transactions', token: fan.token });
    expect(statement.json().data[0]).toMatchObject({
      kind: 'charge',
      amount: -10,
      reference: `tip:${creator.user.id}`,
    });
  });
});

describe('buying posts, videos and galleries', () => {
  it('unlocks a pay-per-view post, video and gallery for the buyer only', async () => {
    const [buyer, other, creator] = [await t.fan(), await t.fan(), await t.creator()];
    await t.fund(buyer.user, 100);
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 5,
    });
    const video = await buildVideo(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      priceCents: 1200,
    });
    const gallery = await buildGallery(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      priceCents: 800,
    });

    const before = await t.request({ url: `/api/performer-assets/videos/${video.id}`, token: buyer.token });
    expect(before.json().data.isLocked).toBe(true);
    expect(before.body).not.toContain('/api/files/private/media');

    for (const [type, id, amount] of [
      ['feed', post.id, 5],
      ['video', video.id, 12],
      ['gallery', gallery.id, 8],
    ] as const) {
      const res = await buy(buyer, type, id);
      expect(res.statusCode, type).toBe(200);
      expect(res.json().data).toMatchObject({ type, targetId: id, amount });
    }
    expect(await balanceOf(buyer)).toBe(75);

    const feedView = await t.request({ url: `/api/user/feeds/${post.id}`, token: buyer.token });
    expect(feedView.json().data).toMatchObject({ canView: true, reason: 'purchased' });
    const videoView = await t.request({
      url: `/api/performer-assets/videos/${video.id}`,
      token: buyer.token,
    });
    expect(videoView.json().data.isLocked).toBe(false);
    expect(videoView.json().data.video.urls.video).toContain('/api/files/private/');
    const galleryView = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: buyer.token,
    });
    expect(galleryView.json().data.isLocked).toBe(false);

    expect(
      (await t.request({ url: `/api/user/feeds/${post.id}`, token: other.token })).json().data.canView,
    ).toBe(false);
    const otherVideo = await t.request({
      url: `/api/performer-assets/videos/${video.id}`,
      token: other.token,
    });
    expect(otherVideo.json().data.isLocked).toBe(true);
    expect(otherVideo.body).not.toContain('/api/files/private/media');
    const otherGallery = await t.request({
      url: `/api/performer-assets/galleries/${gallery.id}`,
      token: other.token,
    });
    expect(otherGallery.json().data.isLocked).toBe(true);

    const charges = await t.request({ url: '/api/wallet/charges/search?type=video', token: buyer.token });
    expect(charges.json()).toMatchObject({
      total: 1,
      data: [{ type: 'video', targetId: video.id, amount: 12 }],
    });
    expect(charges.json().data[0].performer._id).toBe(creator.user.id);
  });

  it('refuses to sell the same item twice (409) and charges nothing the second time', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20);
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 5,
    });
    expect((await buy(fan, 'feed', post.id)).statusCode).toBe(200);
    const again = await buy(fan, 'feed', post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already bought/);
    expect(await balanceOf(fan)).toBe(15);
    const bought = await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, fan.user.id));
    expect(bought).toHaveLength(1);
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });

  it('refuses free, not-for-sale and own items, and hides what the fan may not see', async () => {
    const [fan, creator, unlisted] = [
      await t.fan(),
      await t.creator(),
      await t.creator({ documentsVerified: false }),
    ];
    await t.fund(fan.user, 50);
    await t.fund(creator.user, 50);
    const forSubscribers = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
    });
    const free = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 0,
    });
    const scheduled = await buildFeed(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      price: 5,
      publishedAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const ofUnlisted = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: unlisted.user.id,
      isSale: true,
      price: 5,
    });
    const draft = await buildGallery(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      priceCents: 500,
      status: 'draft',
    });

    expect((await buy(fan, 'feed', forSubscribers.id)).json().message).toBe('This post is not for sale.');
    expect((await buy(fan, 'feed', free.id)).statusCode).toBe(422);
    const own = await buy(
      creator,
      'feed',
      (
        await buildFeed(t.ctx.db.db, {
          publishedAt: clock.now(),
          performerId: creator.user.id,
          isSale: true,
          price: 5,
        })
      ).id,
    );
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe('You cannot buy your own post.');
    for (const [type, id] of [
      ['feed', scheduled.id],
      ['feed', ofUnlisted.id],
      ['gallery', draft.id],
      ['video', '0190a0a0-0000-7000-8000-000000000001'],
    ] as const) {
      expect((await buy(fan, type, id)).statusCode, `${type} ${id}`).toBe(404);
    }
    expect((await buy(fan, 'feed', 'abc')).statusCode).toBe(400);
    expect((await buy(fan, 'message', forSubscribers.id)).statusCode).toBe(404);
    expect(await balanceOf(fan)).toBe(50);
  });

  it('refuses a purchase the wallet cannot pay and records nothing', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 4.99);
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 5,
    });
    const res = await buy(fan, 'feed', post.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You have an insufficient wallet balance. Please top up.');
    expect(await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, fan.user.id))).toHaveLength(
      0,
    );
    expect(
      (await t.request({ url: `/api/user/feeds/${post.id}`, token: fan.token })).json().data.canView,
    ).toBe(false);
  });
});

describe('statements', () => {
  it("lists a fan's wallet and a creator's earnings, and exports CSV with a header row", async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 30);
    await tip(fan, creator.user.id, { amount: 12.5 });
    const wallet = await t.request({ url: '/api/wallet/transactions', token: fan.token });
    expect(wallet.json()).toMatchObject({
      total: 2,
      data: [
        { kind: 'charge', amount: -12.5 },
        { kind: 'admin_credit', amount: 30 },
      ],
    });
    const earned = await t.request({ url: '/api/wallet/transactions', token: creator.token });
    expect(earned.json()).toMatchObject({ total: 1, data: [{ kind: 'charge', amount: 10 }] });
    const fanEarnings = await t.request({
      url: '/api/wallet/transactions?account=earnings',
      token: fan.token,
    });
    expect(fanEarnings.statusCode).toBe(403);

    const csv = await t.request({ url: '/api/wallet/transactions/export.csv', token: fan.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,transaction,kind,reference,amount');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,charge,tip:[0-9a-f-]+,-12\.50$/);
  });
});

describe('admin credit', () => {
  it('credits a wallet through the ledger, once per Idempotency-Key, for admins only', async () => {
    const [admin, fan] = [await t.admin(), await t.fan()];
    const credit = (token: string, payload: object, key?: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/wallet/credit',
        token,
        payload,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const body = { userId: fan.user.id, amount: 25, reason: 'Welcome credit' };
    const first = await credit(admin.token, body, 'credit-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ userId: fan.user.id, amount: 25, balance: 25 });
    const again = await credit(admin.token, body, 'credit-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(fan)).toBe(25);
    expect((await credit(fan.token, body)).statusCode).toBe(403);
    expect(
      (await credit(admin.token, { ...body, userId: '0190a0a0-0000-7000-8000-000000000002' })).statusCode,
    ).toBe(404);
    expect((await credit(admin.token, { ...body, reason: '' })).statusCode).toBe(400);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row!.balanceCents).toBe(2500);
  });
});
