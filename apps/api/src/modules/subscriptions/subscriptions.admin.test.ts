import { auditLog, count, eq, ledgerTransactions, subscriptions, userBlocks } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { notificationsOf } from '../../../test/notifications';
import { createSession } from '../auth/sessions';
import { grantWalletCredit } from '../wallet';

/*
 * Subscriptions in the admin console (issue 13): search, grant, extend and cancel. Admin only,
 * never money, always on the audit log, and the fan's access follows at once.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const dayMs = 24 * 60 * 60 * 1000;
const unknownId = '01a2019b-4926-76fd-a59f-71dafbdd39d1';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** Requests with a session minted at the test clock's now (time travel keeps it valid). */
const as = async (account: Account, options: Parameters<TestApp['request']>[0]) =>
  t.request({
    ...options,
    token: (await createSession(t.ctx, { userId: account.user.id, remember: true })).token,
  });

const search = (who: Account, query = '') => as(who, { url: `/api/admin/subscriptions${query}` });
const grant = (who: Account, payload: object) =>
  as(who, { method: 'POST', url: '/api/admin/subscriptions', payload });
const extend = (who: Account, id: string, payload: object) =>
  as(who, { method: 'POST', url: `/api/admin/subscriptions/${id}/extend`, payload });
const cancel = (who: Account, id: string, payload: object) =>
  as(who, { method: 'POST', url: `/api/admin/subscriptions/${id}/cancel`, payload });

const canSee = async (fan: Account, postId: string) =>
  (await as(fan, { url: `/api/user/feeds/${postId}` })).json().data.canView as boolean;
const auditOf = (targetId: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);
const ledgerCount = async () => (await t.ctx.db.db.select({ n: count() }).from(ledgerTransactions))[0]!.n;
const inDays = (days: number) => new Date(clock.now().getTime() + days * dayMs).toISOString();

async function setup() {
  const [admin, fan, creator] = [await t.admin(), await t.fan(), await t.creator({ monthlyPrice: 10 })];
  const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
  return { admin, fan, creator, post };
}

describe('who may use the admin subscription routes', () => {
  it('fans and creators get 403 on every route; unknown ids are 404', async () => {
    const { admin, fan, creator } = await setup();
    const granted = await grant(admin, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      days: 5,
      reason: 'Promo',
    });
    const id = granted.json().data._id as string;
    for (const who of [fan, creator]) {
      expect((await search(who)).statusCode).toBe(403);
      expect(
        (await grant(who, { fanId: fan.user.id, performerId: creator.user.id, days: 5, reason: 'Mine' }))
          .statusCode,
      ).toBe(403);
      expect((await extend(who, id, { days: 5, reason: 'More please' })).statusCode).toBe(403);
      expect((await cancel(who, id, { reason: 'Stop it', immediately: true })).statusCode).toBe(403);
    }
    expect((await t.request({ url: '/api/admin/subscriptions' })).statusCode).toBe(401);
    expect((await extend(admin, unknownId, { days: 5, reason: 'More' })).statusCode).toBe(404);
    expect((await cancel(admin, unknownId, { reason: 'Stop', immediately: false })).statusCode).toBe(404);
    expect((await extend(admin, 'not-an-id', { days: 5, reason: 'More' })).statusCode).toBe(400);
    const missingFan = await grant(admin, {
      fanId: unknownId,
      performerId: creator.user.id,
      days: 5,
      reason: 'x'.repeat(3),
    });
    expect(missingFan.statusCode).toBe(404);
    expect(missingFan.json().message).toBe('That fan was not found.');
    // Nothing was changed by the refused requests.
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['subscription.grant']);
  });
});

describe('granting a subscription', () => {
  it('opens subscriber content at once, moves no money, writes the audit log and tells both sides', async () => {
    const { admin, fan, creator, post } = await setup();
    expect(await canSee(fan, post.id)).toBe(false);
    const ledgerBefore = await ledgerCount();

    const res = await grant(admin, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      days: 10,
      reason: 'Contest winner',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'free',
      paymentMethod: 'free',
      status: 'active',
      isActive: true,
      autoRenew: false,
      expiredAt: inDays(10),
      fan: { _id: fan.user.id },
      performer: { _id: creator.user.id },
    });
    expect(await canSee(fan, post.id)).toBe(true);
    expect(await ledgerCount()).toBe(ledgerBefore);
    expect(await auditOf(data._id)).toMatchObject([
      {
        action: 'subscription.grant',
        actorId: admin.user.id,
        targetType: 'subscription',
        reason: 'Contest winner',
        after: { days: 10, expiredAt: inDays(10), paymentMethod: 'free' },
      },
    ]);
    expect((await notificationsOf(t.ctx, fan.user.id))[0]).toMatchObject({
      type: 'subscription.admin-changed',
    });
    expect((await notificationsOf(t.ctx, creator.user.id))[0]).toMatchObject({
      type: 'subscription.admin-changed',
    });

    // A running one is refused with 409: extend it instead.
    const again = await grant(admin, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      days: 3,
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Extend it instead/);
    expect(await auditOf(data._id)).toHaveLength(1);
  });

  it('refuses a creator who blocked the fan, a non-creator and bad limits with a sentence', async () => {
    const { admin, fan, creator } = await setup();
    const other = await t.fan();
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: fan.user.id, reason: 'Rude' });
    const blocked = await grant(admin, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      days: 5,
      reason: 'Gift',
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toMatch(/blocked this fan/);

    const notCreator = await grant(admin, {
      fanId: fan.user.id,
      performerId: other.user.id,
      days: 5,
      reason: 'Gift',
    });
    expect(notCreator.statusCode).toBe(422);
    expect(notCreator.json().message).toMatch(/Only creators can be subscribed to/);

    const second = await t.creator();
    const cases: [object, RegExp][] = [
      [{ days: 0, reason: 'Gift' }, /at least 1/],
      [{ days: 366, reason: 'Gift' }, /at most 365/],
      [{ days: 1.5, reason: 'Gift' }, /whole number/],
      [{ days: 5, reason: 'ab' }, /at least 3 characters/],
      [{ days: 5, reason: 'x'.repeat(501) }, /at most 500 characters/],
    ];
    for (const [extra, message] of cases) {
      const res = await grant(admin, { fanId: fan.user.id, performerId: second.user.id, ...extra });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(message);
    }
    const rows = await t.ctx.db.db.select().from(subscriptions).where(eq(subscriptions.fanId, fan.user.id));
    expect(rows).toEqual([]);
  });
});

describe('extending and cancelling', () => {
  it('extend pushes the end (from now when ended) and keeps access; it is audited', async () => {
    const { admin, fan, creator, post } = await setup();
    const id = (
      await grant(admin, { fanId: fan.user.id, performerId: creator.user.id, days: 2, reason: 'Trial' })
    ).json().data._id as string;
    const res = await extend(admin, id, { days: 5, reason: 'Sorry for the outage' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ expiredAt: inDays(7), isActive: true });
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['subscription.grant', 'subscription.extend']);

    clock.advance(8 * dayMs);
    expect(await canSee(fan, post.id)).toBe(false);
    const revived = await extend(admin, id, { days: 3, reason: 'Back again' });
    expect(revived.json().data).toMatchObject({ expiredAt: inDays(3), isActive: true, status: 'active' });
    expect(await canSee(fan, post.id)).toBe(true);

    const bad = await extend(admin, id, { days: 400, reason: 'Too long' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/at most 365/);
  });

  it('cancel at period end stops renewal and keeps access; immediately ends access now; no refund', async () => {
    const { admin, fan, creator, post } = await setup();
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 2000,
      reason: 'test',
      initiatorId: null,
    });
    const paid = await as(fan, {
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      payload: { performerId: creator.user.id, type: 'monthly' },
    });
    const id = paid.json().data._id as string;
    const ledgerBefore = await ledgerCount();

    const atEnd = await cancel(admin, id, { reason: 'Fan asked by mail', immediately: false });
    expect(atEnd.statusCode).toBe(200);
    expect(atEnd.json().data).toMatchObject({ status: 'cancelled', autoRenew: false, isActive: true });
    expect(await canSee(fan, post.id)).toBe(true);

    const now = await cancel(admin, id, { reason: 'Chargeback abuse', immediately: true });
    expect(now.json().data).toMatchObject({ isActive: false, autoRenew: false });
    expect(await canSee(fan, post.id)).toBe(false);
    expect(await ledgerCount()).toBe(ledgerBefore);
    const audit = await auditOf(id);
    expect(audit.map((r) => r.action)).toEqual(['subscription.cancel', 'subscription.cancel']);
    expect(audit[1]).toMatchObject({ reason: 'Chargeback abuse', after: { immediately: true } });

    const bad = await cancel(admin, id, { reason: 'no', immediately: true });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/at least 3 characters/);
  });
});

describe('searching', () => {
  it('finds subscriptions by name of either side, status, fan and creator', async () => {
    const { admin, fan, creator } = await setup();
    await grant(admin, { fanId: fan.user.id, performerId: creator.user.id, days: 5, reason: 'Search test' });
    const byFan = await search(admin, `?fanId=${fan.user.id}`);
    expect(byFan.statusCode).toBe(200);
    expect(byFan.json()).toMatchObject({ total: 1, data: [{ performer: { _id: creator.user.id } }] });
    const byCreator = await search(admin, `?performerId=${creator.user.id}&status=active`);
    expect(byCreator.json().total).toBe(1);
    const byName = await search(
      admin,
      `?q=${encodeURIComponent(creator.user.username ?? creator.user.name)}`,
    );
    expect(byName.json().data.map((r: { fan: { _id: string } }) => r.fan._id)).toContain(fan.user.id);
    expect((await search(admin, `?performerId=${creator.user.id}&status=expired`)).json().total).toBe(0);
    expect((await search(admin, '?status=sleeping')).statusCode).toBe(400);
  });
});
