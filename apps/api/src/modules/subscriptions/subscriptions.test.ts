import { cardSubscriptions, earnings, eq, siteSubscriptions, subscriptions } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';
import { createSession } from '../auth/sessions';
import { reconcileLedger } from '../wallet';
import { renewalJobName } from './subscriptions.jobs';
import { renewDueSiteSubscriptions, renewDueSubscriptions } from './subscriptions.service';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Requests as this account with a session minted at the test clock's now, so time travel past a
 * session's lifetime does not log the account out.
 */
const as = async (account: Account, options: Parameters<TestApp['request']>[0]) =>
  t.request({
    ...options,
    token: (await createSession(t.ctx, { userId: account.user.id, remember: true })).token,
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
  await t.ctx.settings.update({
    freeSubscriptionEnabled: true,
    freeSubscriptionDuration: 1,
    siteSubscriptionEnabled: false,
    trialEnabled: false,
  });
});
afterAll(async () => {
  await t.close();
});

const balanceOf = async (account: Account) =>
  (await as(account, { url: '/api/users/me' })).json().data.balance as number;

const subscribe = (from: Account, payload: object, headers: Record<string, string> = {}) =>
  as(from, { method: 'POST', url: '/api/payment/subscribe/performers', payload, headers });

const cancel = (from: Account, id: string) =>
  as(from, { method: 'POST', url: `/api/payment/wallet/cancel-subscription/${id}` });

const earningRows = (performerId: string) =>
  t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, performerId));

const rowOf = async (id: string) =>
  (await t.ctx.db.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

const canSee = async (fan: Account, postId: string) =>
  (await as(fan, { url: `/api/user/feeds/${postId}` })).json().data.canView as boolean;

const inDays = (days: number) => new Date(clock.now().getTime() + days * dayMs).toISOString();

describe('subscribing to a creator', () => {
  it('charges the monthly price once, with commission, and unlocks subscriber posts at once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 25);
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    expect(await canSee(fan, post.id)).toBe(false);

    const res = await subscribe(fan, { performerId: creator.user.id, type: 'monthly' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'monthly',
      status: 'active',
      isActive: true,
      autoRenew: true,
      amount: 10,
      balance: 15,
      expiredAt: inDays(30),
    });
    expect(await canSee(fan, post.id)).toBe(true);
    const rows = await earningRows(creator.user.id);
    expect(rows).toMatchObject([
      { sourceType: 'subscription', grossCents: 1000, commissionCents: 200, netCents: 800 },
    ]);
  });

  it('extends a running subscription from its expiry, and an ended one from now', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 5, yearlyPrice: 50 })];
    await t.fund(fan.user, 100);
    const first = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;
    clock.advance(10 * dayMs);
    const yearly = await subscribe(fan, { performerId: creator.user.id, type: 'yearly' });
    expect(yearly.json().data).toMatchObject({
      _id: first._id,
      type: 'yearly',
      expiredAt: new Date(Date.parse(first.expiredAt) + 365 * dayMs).toISOString(),
      balance: 45,
    });
    clock.set(new Date(Date.parse(yearly.json().data.expiredAt) + 5 * dayMs));
    const again = await subscribe(fan, { performerId: creator.user.id, type: 'monthly' });
    expect(again.json().data).toMatchObject({ expiredAt: inDays(30), startedAt: clock.now().toISOString() });
    expect(await balanceOf(fan)).toBe(40);
  });

  it('answers a replayed Idempotency-Key with the first result and charges once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 50);
    const headers = { 'idempotency-key': 'sub-replay-1' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => subscribe(fan, { performerId: creator.user.id, type: 'monthly' }, headers)),
    );
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const replay = await subscribe(fan, { performerId: creator.user.id, type: 'monthly' }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(fan)).toBe(40);
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });

  it('grants the free subscription for the set days, once per creator', async () => {
    await t.ctx.settings.update({ freeSubscriptionDuration: 7 });
    const [fan, creator] = [await t.fan(), await t.creator({ freeSubscription: true })];
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    const res = await subscribe(fan, { performerId: creator.user.id, type: 'free' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'free',
      amount: 0,
      autoRenew: false,
      expiredAt: inDays(7),
    });
    expect(await canSee(fan, post.id)).toBe(true);
    expect(await earningRows(creator.user.id)).toHaveLength(0);

    clock.advance(8 * dayMs);
    expect(await canSee(fan, post.id)).toBe(false);
    const second = await subscribe(fan, { performerId: creator.user.id, type: 'free' });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('You have already used the free subscription of this creator.');
  });

  it('refuses a free subscription the creator or the site does not offer', async () => {
    const [fan, without, withFree] = [
      await t.fan(),
      await t.creator(),
      await t.creator({ freeSubscription: true }),
    ];
    expect((await subscribe(fan, { performerId: without.user.id, type: 'free' })).statusCode).toBe(422);
    await t.ctx.settings.update({ freeSubscriptionEnabled: false });
    const res = await subscribe(fan, { performerId: withFree.user.id, type: 'free' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This creator does not offer a free subscription.');
  });

  it('refuses a plan without a price (by wallet or card) and a short wallet, and changes nothing', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 20, yearlyPrice: null })];
    await t.fund(fan.user, 10);
    const yearly = await subscribe(fan, { performerId: creator.user.id, type: 'yearly' });
    expect(yearly.statusCode).toBe(422);
    expect(yearly.json().message).toBe('This creator does not offer a yearly subscription.');
    const card = await subscribe(fan, {
      performerId: creator.user.id,
      type: 'yearly',
      paymentMethod: 'card',
    });
    expect(card.statusCode).toBe(422);
    expect(card.json().message).toBe('This creator does not offer a yearly subscription.');
    const short = await subscribe(fan, { performerId: creator.user.id, type: 'monthly' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'You have an insufficient wallet balance. Please top up.',
    });
    expect(await balanceOf(fan)).toBe(10);
    expect(await earningRows(creator.user.id)).toHaveLength(0);
    const mine = await as(fan, { url: '/api/subscriptions/user/search' });
    expect(mine.json()).toEqual({ data: [], total: 0 });
  });

  it('refuses subscribing to yourself, hides unlisted creators and rejects bad input without a 500', async () => {
    const [fan, creator, hidden] = [
      await t.fan(),
      await t.creator(),
      await t.creator({ documentsVerified: false }),
    ];
    await t.fund(creator.user, 50);
    const self = await subscribe(creator, { performerId: creator.user.id, type: 'monthly' });
    expect(self.statusCode).toBe(422);
    expect((await subscribe(fan, { performerId: hidden.user.id, type: 'monthly' })).statusCode).toBe(404);
    expect((await subscribe(fan, { performerId: fan.user.id, type: 'monthly' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { performerId: 'nope', type: 'monthly' },
      { performerId: creator.user.id, type: 'weekly' },
      { performerId: creator.user.id, type: 'monthly', extra: 1 },
    ]) {
      expect((await subscribe(fan, payload)).statusCode).toBe(400);
    }
    const visitor = await t.request({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      payload: { performerId: creator.user.id, type: 'monthly' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

/** The SQL statements `run` sends through the app's database client. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const client = (t.ctx.db.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('the free subscription offer a fan sees', () => {
  const offerOf = (data: { freeSubscription: boolean; hasUsedFreeSubscription: boolean }) => ({
    freeSubscription: data.freeSubscription,
    hasUsedFreeSubscription: data.hasUsedFreeSubscription,
  });
  const offered = { freeSubscription: true, hasUsedFreeSubscription: false };
  const used = { freeSubscription: false, hasUsedFreeSubscription: true };

  it('is gone for a fan who used it, while it runs and after it ran out, on the profile, in search and in their follows', async () => {
    const [fan, other, creator] = [
      await t.fan(),
      await t.fan(),
      await t.creator({ freeSubscription: true, monthlyPrice: 5 }),
    ];
    const profile = async (viewer: Account | null) => {
      const url = `/api/performers/${creator.user.username}`;
      const res = viewer ? await as(viewer, { url }) : await t.request({ url });
      expect(res.statusCode).toBe(200);
      return offerOf(res.json().data);
    };
    expect(await profile(fan)).toEqual(offered);

    const claimed = await subscribe(fan, { performerId: creator.user.id, type: 'free' });
    expect(claimed.statusCode).toBe(200);
    expect(await profile(fan)).toEqual(used);
    // Cancelling changes nothing: the offer was used.
    await cancel(fan, claimed.json().data._id);
    expect(await profile(fan)).toEqual(used);

    clock.advance(2 * dayMs);
    expect(await profile(fan)).toEqual(used);
    const found = await as(fan, { url: `/api/performers/user/search?q=${creator.user.username}` });
    expect(found.json().data.map(offerOf)).toEqual([used]);
    expect((await as(fan, { method: 'POST', url: `/api/follows/${creator.user.id}` })).statusCode).toBe(200);
    const following = await as(fan, { url: '/api/follows/following' });
    expect(following.json().data.map(offerOf)).toEqual([used]);
    // What the fan is no longer offered is what the server refuses.
    const again = await subscribe(fan, { performerId: creator.user.id, type: 'free' });
    expect(again.json().message).toBe('You have already used the free subscription of this creator.');

    // Another fan and a visitor are still offered it.
    expect(await profile(other)).toEqual(offered);
    expect(await profile(null)).toEqual(offered);
  });

  it('reads whether the fan used it fresh on every view, in one small statement', async () => {
    const [fresh, usedIt, creator] = [
      await t.fan(),
      await t.fan(),
      await t.creator({ freeSubscription: true, monthlyPrice: 5 }),
    ];
    expect((await subscribe(usedIt, { performerId: creator.user.id, type: 'free' })).statusCode).toBe(200);
    const [freshToken, usedToken] = [fresh.token, usedIt.token];
    const url = `/api/performers/${creator.user.id}`;
    // A session's first request reads it (and may record its use); count the requests after that.
    await t.request({ url, token: freshToken });
    await t.request({ url, token: usedToken });
    let views: Array<{ freeSubscription: boolean; hasUsedFreeSubscription: boolean }> = [];
    const forFresh = await statementsOf(async () => {
      views.push((await t.request({ url, token: freshToken })).json().data);
    });
    const forUsed = await statementsOf(async () => {
      views.push((await t.request({ url, token: usedToken })).json().data);
    });
    const forVisitor = await statementsOf(async () => {
      views.push((await t.request({ url })).json().data);
    });
    // The node keeps the profile's public part for a few seconds: a visitor's view reads nothing,
    // a fan's reads only their own state (the session is cached since the fan's first request).
    expect([forFresh, forUsed, forVisitor]).toEqual([1, 1, 0]);
    views = views.map(({ freeSubscription, hasUsedFreeSubscription }) => ({
      freeSubscription,
      hasUsedFreeSubscription,
    }));
    expect(views).toEqual([
      { freeSubscription: true, hasUsedFreeSubscription: false },
      { freeSubscription: false, hasUsedFreeSubscription: true },
      { freeSubscription: true, hasUsedFreeSubscription: false },
    ]);
  });
});

describe('cancelling', () => {
  it('stops renewal and keeps access until the expiry; another fan gets 404', async () => {
    const [fan, other, creator] = [await t.fan(), await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 30);
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    const sub = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;

    expect((await cancel(other, sub._id)).statusCode).toBe(404);
    expect((await cancel(fan, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (await as(fan, { method: 'POST', url: `/api/payment/paypal/cancel-subscription/${sub._id}` }))
        .statusCode,
    ).toBe(400);

    const res = await cancel(fan, sub._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', autoRenew: false, isActive: true });
    clock.advance(29 * dayMs);
    expect(await canSee(fan, post.id)).toBe(true);
    clock.advance(2 * dayMs);
    await renewDueSubscriptions(t.ctx);
    expect(await canSee(fan, post.id)).toBe(false);
    expect(await balanceOf(fan)).toBe(20);
  });
});

describe('lists', () => {
  it('lists the fan’s subscriptions with the creator card, by status, with paging', async () => {
    const fan = await t.fan();
    const creators = [
      await t.creator({ monthlyPrice: 3 }),
      await t.creator({ monthlyPrice: 3 }),
      await t.creator({ monthlyPrice: 3 }),
    ];
    await t.fund(fan.user, 20);
    const subs = [];
    for (const c of creators)
      subs.push((await subscribe(fan, { performerId: c.user.id, type: 'monthly' })).json().data);
    await cancel(fan, subs[1]._id);

    const all = await as(fan, { url: '/api/subscriptions/user/search?limit=2&sortBy=createdAt&sort=asc' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().data).toHaveLength(2);
    expect(all.json().data[0].performer).toMatchObject({
      _id: creators[0]!.user.id,
      name: creators[0]!.user.name,
    });
    const cancelled = await as(fan, { url: '/api/subscriptions/user/search?status=cancelled' });
    expect(cancelled.json().data.map((s: { _id: string }) => s._id)).toEqual([subs[1]._id]);
    const bad = await as(fan, { url: '/api/subscriptions/user/search?status=odd&limit=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists a creator’s subscribers with filters by type, status and name; fans get 403', async () => {
    const creator = await t.creator({ monthlyPrice: 4, yearlyPrice: 40, freeSubscription: true });
    const ann = await t.fan({ name: 'Annabel Quill' });
    const bob = await t.fan({ name: 'Bob Stone' });
    await t.fund(ann.user, 100);
    await subscribe(ann, { performerId: creator.user.id, type: 'yearly' });
    await subscribe(bob, { performerId: creator.user.id, type: 'free' });

    const search = (query: string) => as(creator, { url: `/api/subscriptions/performer/search?${query}` });
    expect((await search('')).json().total).toBe(2);
    expect((await search('type=free')).json().data.map((s: { fan: { _id: string } }) => s.fan._id)).toEqual([
      bob.user.id,
    ]);
    expect((await search('q=quill')).json().data.map((s: { fan: { name: string } }) => s.fan.name)).toEqual([
      'Annabel Quill',
    ]);
    clock.advance(2 * dayMs);
    expect(
      (await search('status=expired')).json().data.map((s: { fan: { _id: string } }) => s.fan._id),
    ).toEqual([bob.user.id]);
    expect(
      (await search('status=active')).json().data.map((s: { fan: { _id: string } }) => s.fan._id),
    ).toEqual([ann.user.id]);
    expect((await as(ann, { url: '/api/subscriptions/performer/search' })).statusCode).toBe(403);
  });

  it('answers the actor’s own subscription to one creator', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ freeSubscription: true })];
    const url = `/api/subscriptions/performers/${creator.user.id}/mine`;
    expect((await as(fan, { url })).json()).toEqual({ data: null });
    await subscribe(fan, { performerId: creator.user.id, type: 'free' });
    expect((await as(fan, { url })).json().data).toMatchObject({ type: 'free', isActive: true });
  });
});

describe('wallet renewals', () => {
  it('renews from the old expiry and charges once even when two workers run at the same time', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 50);
    const sub = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;
    clock.set(new Date(Date.parse(sub.expiredAt) + 60_000));

    // Two workers at once (other tests' subscriptions may come due too; this one must renew once).
    await Promise.all([renewDueSubscriptions(t.ctx), renewDueSubscriptions(t.ctx)]);
    const row = await rowOf(sub._id);
    expect(row.expiredAt.toISOString()).toBe(new Date(Date.parse(sub.expiredAt) + 30 * dayMs).toISOString());
    expect(await balanceOf(fan)).toBe(30);
    expect(await earningRows(creator.user.id)).toHaveLength(2);

    await renewDueSubscriptions(t.ctx);
    expect(await balanceOf(fan)).toBe(30);
    expect(await earningRows(creator.user.id)).toHaveLength(2);
  });

  it('lapses a subscription the wallet cannot renew and mails the fan', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 15);
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    const sub = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;
    clock.set(new Date(Date.parse(sub.expiredAt) + 1000));

    await Promise.all([renewDueSubscriptions(t.ctx), renewDueSubscriptions(t.ctx)]);
    expect(await balanceOf(fan)).toBe(5);
    expect(await canSee(fan, post.id)).toBe(false);
    const list = await as(fan, { url: '/api/subscriptions/user/search' });
    expect(list.json().data[0]).toMatchObject({ status: 'lapsed', autoRenew: false });
    const mail = await toldTo(t.ctx, fan.user.email);
    expect(mail.filter((m) => m.subject.includes('has ended'))).toHaveLength(1);

    // Subscribing again works and clears the lapse.
    await t.fund(fan.user, 5);
    const again = await subscribe(fan, { performerId: creator.user.id, type: 'monthly' });
    expect(again.json().data).toMatchObject({
      status: 'active',
      renewalFailedAt: null,
      expiredAt: inDays(30),
    });
  });

  it('does not charge a period the job missed by more than the grace days', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 30);
    const sub = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;
    clock.set(new Date(Date.parse(sub.expiredAt) + 10 * dayMs));
    await renewDueSubscriptions(t.ctx);
    expect(await balanceOf(fan)).toBe(20);
    expect((await rowOf(sub._id)).expiredAt.toISOString()).toBe(sub.expiredAt);
  });
});

describe('the renewal job', () => {
  it('renews a due subscription when the queue runs it', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await t.fund(fan.user, 20);
    const sub = (await subscribe(fan, { performerId: creator.user.id, type: 'monthly' })).json().data;
    clock.set(new Date(Date.parse(sub.expiredAt) + 1000));
    await t.ctx.queue.send(renewalJobName, {});
    await vi.waitFor(
      async () => {
        const row = await rowOf(sub._id);
        expect(row.expiredAt.getTime()).toBe(Date.parse(sub.expiredAt) + 30 * dayMs);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await balanceOf(fan)).toBe(0);
  });
});

describe('site subscription', () => {
  const subscribeSite = (from: Account, headers: Record<string, string> = {}) =>
    as(from, { method: 'POST', url: '/api/payment/subscribe/site', payload: {}, headers });
  const meOf = async (a: Account) => (await as(a, { url: '/api/users/me' })).json().data;

  it('is refused while the site membership is off, and for creators', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    expect((await subscribeSite(fan)).statusCode).toBe(422);
    expect((await t.request({ url: '/api/subscription-packages' })).json()).toEqual({ data: [], total: 0 });
    await t.ctx.settings.update({ siteSubscriptionEnabled: true });
    expect((await subscribeSite(creator)).statusCode).toBe(422);
  });

  it('grants the trial days once, then charges a month from the current expiry', async () => {
    await t.ctx.settings.update({
      siteSubscriptionEnabled: true,
      siteSubscriptionPrice: 9.99,
      trialEnabled: true,
      trialDurationDays: 14,
      trialDescription: 'Two weeks on us',
    });
    const fan = await t.fan();
    await t.fund(fan.user, 20);
    const packages = await t.request({ url: '/api/subscription-packages' });
    expect(packages.json().data).toMatchObject([
      { price: 9.99, durationDays: 30, trialDays: 14, description: 'Two weeks on us' },
    ]);

    const trial = await subscribeSite(fan);
    expect(trial.statusCode).toBe(200);
    expect(trial.json().data).toMatchObject({ isTrial: true, amount: 0, expiredAt: inDays(14) });
    expect((await meOf(fan)).siteSubscription).toEqual({ expiredAt: inDays(14) });

    const paid = await subscribeSite(fan);
    expect(paid.json().data).toMatchObject({
      isTrial: false,
      amount: 9.99,
      balance: 10.01,
      expiredAt: inDays(44),
    });
    clock.advance(50 * dayMs);
    const after = await subscribeSite(fan);
    expect(after.json().data).toMatchObject({ isTrial: false, expiredAt: inDays(30), balance: 0.02 });
    const short = await subscribeSite(fan);
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('INSUFFICIENT_BALANCE');
    expect((await meOf(fan)).siteSubscription).toEqual({ expiredAt: inDays(30) });
  });

  it('gives no second trial to a fan who had one at sign-up', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, trialEnabled: true });
    const fan = await t.fan({ siteSubscriptionExpiresAt: new Date(clock.now().getTime() - dayMs) });
    await t.fund(fan.user, 20);
    const res = await subscribeSite(fan);
    expect(res.json().data).toMatchObject({ isTrial: false, amount: 9.99, expiredAt: inDays(30) });
  });
});

describe('site membership renewals', () => {
  const subscribeSite = (from: Account) =>
    as(from, { method: 'POST', url: '/api/payment/subscribe/site', payload: {} });
  const expiryOf = async (a: Account) =>
    (await as(a, { url: '/api/users/me' })).json().data.siteSubscription.expiredAt as string | null;
  const membershipOf = async (a: Account) =>
    (await t.ctx.db.db.select().from(siteSubscriptions).where(eq(siteSubscriptions.fanId, a.user.id)))[0]!;
  const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * dayMs).toISOString();

  it('charges the next month from the wallet once even when two workers run at the same time', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 9.99 });
    const fan = await t.fan();
    await t.fund(fan.user, 25);
    const paid = (await subscribeSite(fan)).json().data;
    clock.set(new Date(Date.parse(paid.expiredAt) + 60_000));
    // The price at renewal time applies.
    await t.ctx.settings.update({ siteSubscriptionPrice: 5 });

    await Promise.all([renewDueSiteSubscriptions(t.ctx), renewDueSiteSubscriptions(t.ctx)]);
    expect(await expiryOf(fan)).toBe(plusDays(paid.expiredAt, 30));
    expect(await balanceOf(fan)).toBe(10.01);
    await renewDueSiteSubscriptions(t.ctx);
    expect(await balanceOf(fan)).toBe(10.01);
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: true, paymentMethod: 'wallet' });
  });

  it('lapses a membership the wallet cannot renew, mails the fan once, and a new payment renews again', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 9.99 });
    const fan = await t.fan();
    await t.fund(fan.user, 15);
    const paid = (await subscribeSite(fan)).json().data;
    clock.set(new Date(Date.parse(paid.expiredAt) + 1000));

    await Promise.all([renewDueSiteSubscriptions(t.ctx), renewDueSiteSubscriptions(t.ctx)]);
    expect(await expiryOf(fan)).toBe(paid.expiredAt);
    expect(await balanceOf(fan)).toBe(5.01);
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: false, renewalFailedAt: clock.now() });
    const mail = await toldTo(t.ctx, fan.user.email);
    expect(mail.filter((m) => m.subject.includes('membership has ended'))).toHaveLength(1);

    await t.fund(fan.user, 5);
    expect((await subscribeSite(fan)).json().data).toMatchObject({ amount: 9.99, expiredAt: inDays(30) });
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: true, renewalFailedAt: null });
  });

  it('does not charge for a free trial, nor while the site membership is off', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, trialEnabled: true, trialDurationDays: 14 });
    const [trialFan, payingFan] = [await t.fan(), await t.fan()];
    await t.fund(trialFan.user, 20);
    await t.fund(payingFan.user, 20);
    const trial = (await subscribeSite(trialFan)).json().data;
    expect(trial.isTrial).toBe(true);
    await t.ctx.settings.update({ trialEnabled: false });
    const paid = (await subscribeSite(payingFan)).json().data;
    await t.ctx.settings.update({ siteSubscriptionEnabled: false });
    clock.set(new Date(Date.parse(paid.expiredAt) + 1000));

    await renewDueSiteSubscriptions(t.ctx);
    expect(await balanceOf(trialFan)).toBe(20);
    expect(await balanceOf(payingFan)).toBe(10.01);
    expect(await membershipOf(payingFan)).toMatchObject({ autoRenew: false, renewalFailedAt: null });
  });

  it('leaves the renewal with the card when a card member adds a month from the wallet', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 10 });
    const fan = await t.fan();
    await t.fund(fan.user, 30);
    await t.ctx.db.db.insert(cardSubscriptions).values({
      fanId: fan.user.id,
      kind: 'site',
      plan: 'site',
      gateway: 'sandbox',
      priceCents: 1000,
      status: 'active',
    });
    const paid = (await subscribeSite(fan)).json().data;
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: false });
    clock.set(new Date(Date.parse(paid.expiredAt) + 1000));
    await renewDueSiteSubscriptions(t.ctx);
    expect(await balanceOf(fan)).toBe(20);
  });

  it('stops the wallet renewal when the fan cancels; access lasts until the paid month ends', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 10 });
    const fan = await t.fan();
    await t.fund(fan.user, 30);
    const paid = (await subscribeSite(fan)).json().data;
    const cancel = () => as(fan, { method: 'POST', url: '/api/payment/site-subscription/cancel' });
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ expiredAt: paid.expiredAt, autoRenew: false, paymentMethod: 'wallet' });
    expect((await cancel()).statusCode).toBe(200);
    clock.set(new Date(Date.parse(paid.expiredAt) + 1000));
    await renewDueSiteSubscriptions(t.ctx);
    expect(await balanceOf(fan)).toBe(20);
    expect(await expiryOf(fan)).toBe(paid.expiredAt);
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: false, renewalFailedAt: null });
    expect(
      (await t.request({ method: 'POST', url: '/api/payment/site-subscription/cancel' })).statusCode,
    ).toBe(401);
  });

  it('tells the fan whether the membership renews and by what, before and after cancelling', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 10 });
    const [fan, cardFan] = [await t.fan(), await t.fan()];
    const membership = async (a: Account) => {
      const res = await as(a, { url: '/api/payment/site-subscription' });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect(await membership(fan)).toEqual({ expiredAt: null, autoRenew: false, paymentMethod: null });
    await t.fund(fan.user, 10);
    const paid = (await subscribeSite(fan)).json().data;
    expect(await membership(fan)).toEqual({
      expiredAt: paid.expiredAt,
      autoRenew: true,
      paymentMethod: 'wallet',
    });
    await as(fan, { method: 'POST', url: '/api/payment/site-subscription/cancel' });
    expect(await membership(fan)).toEqual({
      expiredAt: paid.expiredAt,
      autoRenew: false,
      paymentMethod: 'wallet',
    });

    await t.ctx.db.db
      .insert(siteSubscriptions)
      .values({ fanId: cardFan.user.id, autoRenew: true, paymentMethod: 'card' });
    expect(await membership(cardFan)).toMatchObject({ autoRenew: true, paymentMethod: 'card' });
    expect((await t.request({ url: '/api/payment/site-subscription' })).statusCode).toBe(401);
  });

  it('sends a card member who cancels to the card subscription', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true });
    const fan = await t.fan();
    await t.ctx.db.db
      .insert(siteSubscriptions)
      .values({ fanId: fan.user.id, autoRenew: true, paymentMethod: 'card' });
    const res = await as(fan, { method: 'POST', url: '/api/payment/site-subscription/cancel' });
    expect(res.statusCode).toBe(422);
    expect(await membershipOf(fan)).toMatchObject({ autoRenew: true });
  });

  it('renews a due membership when the queue runs the renewal job', async () => {
    await t.ctx.settings.update({ siteSubscriptionEnabled: true, siteSubscriptionPrice: 10 });
    const fan = await t.fan();
    await t.fund(fan.user, 20);
    const paid = (await subscribeSite(fan)).json().data;
    clock.set(new Date(Date.parse(paid.expiredAt) + 1000));
    await t.ctx.queue.send(renewalJobName, {});
    await vi.waitFor(async () => expect(await expiryOf(fan)).toBe(plusDays(paid.expiredAt, 30)), {
      timeout: 30_000,
      interval: 250,
    });
    expect(await balanceOf(fan)).toBe(0);
  });
});
