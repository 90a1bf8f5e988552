import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createSession } from '../auth/sessions';
import { renewDueSubscriptions } from '../subscriptions/subscriptions.service';
import { grantWalletCredit, reconcileLedger } from '../wallet';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.update({ freeSubscriptionEnabled: true, freeSubscriptionDuration: 1 });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

/** A request with a session minted at the test clock's now (time travel would end older ones). */
const as = async (account: Account, options: Parameters<TestApp['request']>[0]) =>
  t.request({
    ...options,
    token: (await createSession(t.ctx, { userId: account.user.id, remember: true })).token,
  });

const fund = (user: { id: string }, amount: number) =>
  grantWalletCredit(t.ctx, { userId: user.id, amountCents: amount * 100, reason: 'test', initiatorId: null });

const subscribe = (fan: Account, performerId: string, type: 'monthly' | 'free') =>
  as(fan, { method: 'POST', url: '/api/payment/subscribe/performers', payload: { performerId, type } });

describe('subscribers on the creator profile', () => {
  it('counts the fans subscribed now: up on subscribing, down when a period ends, lapses or runs out after a cancel', async () => {
    const creator = await t.creator({ monthlyPrice: 10, freeSubscription: true });
    const id = creator.user.id;
    const counts = async () => {
      const admin = await t.admin();
      const [profile, me, search, top, review] = await Promise.all([
        t.request({ url: `/api/performers/${id}` }),
        as(creator, { url: '/api/performers/me' }),
        t.request({ url: `/api/performers/user/search?q=${creator.user.username}` }),
        t.request({ url: '/api/performers/top?limit=100' }),
        t.request({
          url: `/api/admin/performers?status=verified&q=${creator.user.username}`,
          token: admin.token,
        }),
      ]);
      const listed = (r: typeof top) =>
        r.json().data.find((p: { _id: string }) => p._id === id)?.stats.subscribers as number;
      return [
        profile.json().data.stats.subscribers,
        me.json().data.stats.subscribers,
        listed(search),
        listed(top),
        listed(review),
      ];
    };
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);

    const [cancelling, freeFan, shortFan, renewingFan] = [
      await t.fan(),
      await t.fan(),
      await t.fan(),
      await t.fan(),
    ];
    await fund(cancelling.user, 10);
    await fund(shortFan.user, 10);
    await fund(renewingFan.user, 20);
    const paid = (await subscribe(cancelling, id, 'monthly')).json().data;
    await subscribe(freeFan, id, 'free');
    await subscribe(shortFan, id, 'monthly');
    await subscribe(renewingFan, id, 'monthly');
    expect(await counts()).toEqual([4, 4, 4, 4, 4]);

    // Cancelled: access (and the count) lasts until the paid period ends.
    const cancel = await as(cancelling, {
      method: 'POST',
      url: `/api/payment/wallet/cancel-subscription/${paid._id}`,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await counts()).toEqual([4, 4, 4, 4, 4]);

    // The free day runs out.
    clock.advance(2 * dayMs);
    expect((await counts())[0]).toBe(3);

    // At the month's end: the cancelled one expires, the short wallet lapses, one renews.
    clock.set(new Date(Date.parse(paid.expiredAt) + 60_000));
    await renewDueSubscriptions(t.ctx);
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
  });
});
