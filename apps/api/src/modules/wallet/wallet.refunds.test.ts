import { randomUUID } from 'node:crypto';
import {
  and,
  auditLog,
  cardSubscriptions,
  desc,
  earningRefunds,
  earnings,
  eq,
  ledgerTransactions,
  orders,
  products,
  purchases,
  subscriptions,
  users,
} from '@fanstage/db';
import { buildFeed, buildGallery, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';
import {
  balanceOf,
  creatorEarnings,
  earningsBalance,
  gatewayClearing,
  payoutsAccount,
  platformRevenue,
  postTransaction,
} from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';
import { grantWalletCredit } from './wallet.service';

/*
 * Admin refunds of any charge (POST /admin/transactions/{id}/refund): each kind of charge is made
 * through its real route or service, refunded through the route, and the money, the ledger, the
 * dashboard, the unlocked item, the notifications and the audit log are checked.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
let admin: Account;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.update({ minimumBalance1on1Calls: 10 });
  admin = await t.admin();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c06' } })
    .png()
    .toBuffer();
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const fund = (who: Account, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: who.user.id,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

const api = (who: Account | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.request({
    method,
    url: `/api${url}`,
    ...(who ? { token: who.token } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const refund = (who: Account, id: string, payload: unknown = { reason: 'Asked by the fan' }, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/transactions/${id}/refund`,
    token: who.token,
    payload: payload as object,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const walletCents = async (who: Account) =>
  (await t.ctx.db.db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, who.user.id)))[0]!
    .cents;

/** The newest charge of a fan to a creator (its earning names the ledger transaction). */
const lastChargeOf = async (fan: Account, creator: Account) =>
  (
    await t.ctx.db.db
      .select({ transactionId: earnings.transactionId })
      .from(earnings)
      .where(and(eq(earnings.fanId, fan.user.id), eq(earnings.performerId, creator.user.id)))
      .orderBy(desc(earnings.createdAt))
      .limit(1)
  )[0]!.transactionId;

const dashboard = async () => (await api(admin, 'GET', '/admin/dashboard?days=7')).json().data;

/** The money every refund must put back, read from the ledger. */
const snapshot = async (fan: Account, creator: Account) => ({
  fan: await walletCents(fan),
  creator: await earningsBalance(t.ctx.db.db, creator.user.id),
  platform: await balanceOf(t.ctx.db.db, platformRevenue),
  clearing: await balanceOf(t.ctx.db.db, gatewayClearing),
});

const bought = (fan: Account, targetType: 'feed' | 'video' | 'gallery' | 'message', id: string) =>
  t.ctx.db.db
    .select()
    .from(purchases)
    .where(
      and(eq(purchases.fanId, fan.user.id), eq(purchases.targetType, targetType), eq(purchases.targetId, id)),
    );

async function buyItem(fan: Account, type: string, id: string) {
  const res = await api(fan, 'POST', `/wallet/charges/${type}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

interface Made {
  fan: Account;
  creator: Account;
  /** What the fan was charged, in cents. */
  grossCents: number;
  /** Asserts what the charge gave the fan while it stands (`true`) and after its refund (`false`). */
  unlocks?: (isUnlocked: boolean) => Promise<void>;
  refundedTo?: 'wallet' | 'card';
}

async function paidMessage(fan: Account, creator: Account) {
  const conversationId = (
    await api(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })
  ).json().data._id as string;
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/png' }), 'photo.png');
  const upload = await t.request({
    method: 'POST',
    url: '/api/messages/public/file/photo',
    token: creator.token,
    payload: form,
  });
  const sent = await api(creator, 'POST', `/messages/conversations/${conversationId}`, {
    text: 'just for you',
    fileIds: [upload.json().data._id],
    price: 5,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { conversationId, messageId: sent.json().data._id as string };
}

const inAnHour = () => new Date(clock.now().getTime() + 60 * 60_000).toISOString();

/** Each kind of charge, made the way a fan makes it. The charge itself happens in `make`. */
const charges: Record<string, (fan: Account, creator: Account) => Promise<Omit<Made, 'fan' | 'creator'>>> = {
  tip: async (fan, creator) => {
    const res = await api(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { amount: 10 });
    expect(res.statusCode, res.body).toBe(200);
    return { grossCents: 1000 };
  },
  post: async (fan, creator) => {
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId: creator.user.id,
      isSale: true,
      price: 5,
    });
    await buyItem(fan, 'feed', post.id);
    return {
      grossCents: 500,
      unlocks: async (isUnlocked) => {
        const view = await api(fan, 'GET', `/user/feeds/${post.id}`);
        expect(view.json().data.canView).toBe(isUnlocked);
        expect(await bought(fan, 'feed', post.id)).toHaveLength(isUnlocked ? 1 : 0);
      },
    };
  },
  video: async (fan, creator) => {
    const video = await buildVideo(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      priceCents: 1200,
    });
    await buyItem(fan, 'video', video.id);
    return {
      grossCents: 1200,
      unlocks: async (isUnlocked) => {
        const view = await api(fan, 'GET', `/performer-assets/videos/${video.id}`);
        expect(view.json().data.isLocked).toBe(!isUnlocked);
        if (!isUnlocked) expect(view.body).not.toContain('/api/files/private/media');
      },
    };
  },
  gallery: async (fan, creator) => {
    const gallery = await buildGallery(t.ctx.db.db, {
      performerId: creator.user.id,
      isSale: true,
      priceCents: 800,
    });
    await buyItem(fan, 'gallery', gallery.id);
    return {
      grossCents: 800,
      unlocks: async (isUnlocked) => {
        const view = await api(fan, 'GET', `/performer-assets/galleries/${gallery.id}`);
        expect(view.json().data.isLocked).toBe(!isUnlocked);
      },
    };
  },
  message: async (fan, creator) => {
    const { conversationId, messageId } = await paidMessage(fan, creator);
    await buyItem(fan, 'message', messageId);
    return {
      grossCents: 500,
      unlocks: async (isUnlocked) => {
        const thread = (await api(fan, 'GET', `/messages/conversations/${conversationId}`)).json().data as {
          _id: string;
          isLocked: boolean;
          isBought: boolean;
        }[];
        expect(thread.find((m) => m._id === messageId)).toMatchObject({
          isLocked: !isUnlocked,
          isBought: isUnlocked,
        });
      },
    };
  },
  stream: async (fan, creator) => {
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    const live = await api(creator, 'POST', '/streaming/live', { title: 'Paid show', price: 5 });
    expect(live.statusCode, live.body).toBe(200);
    await buyItem(fan, 'stream', live.json().data._id);
    return { grossCents: 500 };
  },
  'private show minute': async (fan, creator) => {
    const show = (
      await api(fan, 'POST', '/streaming/private/request', {
        performerId: creator.user.id,
        scheduledAt: inAnHour(),
        timezone: 'Europe/Paris',
        note: 'Birthday',
      })
    ).json().data;
    expect((await api(creator, 'POST', `/streaming/private/request/${show._id}/approve`)).statusCode).toBe(
      200,
    );
    const started = await api(creator, 'GET', `/streaming/private/request/${show._id}/start?price=4`);
    expect(started.json().data).toMatchObject({ status: 'live', billedMinutes: 1 });
    await api(creator, 'POST', `/streaming/private/request/${show._id}/finish`);
    return { grossCents: 400 };
  },
  'call minute': async (fan, creator) => {
    const id = (await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id })).json().data._id;
    const accepted = await api(creator, 'POST', `/streaming/calls/${id}/accept`);
    expect(accepted.json().data).toMatchObject({ status: 'live', billedMinutes: 1 });
    await api(creator, 'POST', `/streaming/calls/${id}/end`);
    return { grossCents: 500 };
  },
  'product (digital)': async (fan, creator) => {
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      type: 'digital',
      stock: null,
      priceCents: 700,
    });
    const res = await api(fan, 'POST', `/wallet/charges/product/${product.id}`, { quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.orderId as string;
    return {
      grossCents: 700,
      unlocks: async (isUnlocked) => {
        const [order] = await t.ctx.db.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.deliveryStatus).toBe(isUnlocked ? 'delivered' : 'refunded');
        expect(order!.refundedAt === null).toBe(isUnlocked);
        const [row] = await t.ctx.db.db.select().from(products).where(eq(products.id, product.id));
        expect(row!.stock).toBeNull();
      },
    };
  },
  'subscription by wallet': async (fan, creator) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      token: fan.token,
      payload: { performerId: creator.user.id, type: 'monthly' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { grossCents: 1000, unlocks: subscribed(fan, creator) };
  },
  'subscription by card': async (fan, creator) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      token: fan.token,
      payload: { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json().data.checkoutUrl as string).split('/').at(-1);
    const paid = await api(fan, 'POST', `/payment/sandbox/checkout/${orderId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.json().data.status).toBe('paid');
    const cardId = res.json().data.cardSubscription._id as string;
    const isSubscribed = subscribed(fan, creator);
    return {
      grossCents: 1000,
      refundedTo: 'card',
      unlocks: async (isUnlocked) => {
        await isSubscribed(isUnlocked);
        const [card] = await t.ctx.db.db
          .select()
          .from(cardSubscriptions)
          .where(eq(cardSubscriptions.id, cardId));
        expect(card!.status).toBe(isUnlocked ? 'active' : 'ended');
      },
    };
  },
};

/** Whether the fan's subscription to the creator runs (and renews) now. */
const subscribed = (fan: Account, creator: Account) => async (isRunning: boolean) => {
  const [row] = await t.ctx.db.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fan.user.id), eq(subscriptions.performerId, creator.user.id)));
  expect(row!.expiredAt > clock.now()).toBe(isRunning);
  expect(row!.autoRenew).toBe(isRunning);
};

describe('refunding each kind of charge', () => {
  it.each(Object.keys(charges))(
    'refunds a %s: money, ledger, dashboard, item, notices and audit',
    async (kind) => {
      const fan = await t.fan();
      const creator = await t.creator({
        monthlyPrice: 10,
        privateCallPrice: 5,
        profile: { acceptsCalls: true },
      });
      await fund(fan, 50);
      const before = await snapshot(fan, creator);
      const dashBefore = await dashboard();

      const made = await charges[kind]!(fan, creator);
      const chargeId = await lastChargeOf(fan, creator);
      await made.unlocks?.(true);
      const charged = await snapshot(fan, creator);
      const refundedTo = made.refundedTo ?? 'wallet';
      expect(refundedTo === 'card' ? before.clearing - charged.clearing : before.fan - charged.fan).toBe(
        made.grossCents,
      );

      const listed = async () =>
        (await api(admin, 'GET', `/admin/transactions?userId=${fan.user.id}&limit=100`))
          .json()
          .data.find((r: { _id: string }) => r._id === chargeId);
      expect(await listed()).toMatchObject({
        isRefundable: true,
        refundedAt: null,
        refundTransactionId: null,
      });

      const res = await refund(admin, chargeId, { reason: '  Charged by mistake  ' });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        chargeTransactionId: chargeId,
        grossCents: made.grossCents,
        refundedTo,
        reason: 'Charged by mistake',
        fan: { _id: fan.user.id },
        creator: { _id: creator.user.id },
      });
      expect(data.netCents + data.commissionCents).toBe(made.grossCents);

      // Everyone's money is back where it was; the ledger adds up.
      expect(await snapshot(fan, creator)).toEqual(before);
      expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
      await made.unlocks?.(false);

      // The dashboard counts the sale and its refund on the same day: net nothing, as the ledger.
      const dashAfter = await dashboard();
      expect(dashAfter.totals.grossCents).toBe(dashBefore.totals.grossCents);
      expect(dashAfter.totals.commissionCents).toBe(dashBefore.totals.commissionCents);
      expect(dashAfter.totals.netCents).toBe(dashBefore.totals.netCents);
      expect(dashAfter.totals.refunds).toBe(dashBefore.totals.refunds + 1);

      // The list says it was refunded, by which transaction.
      expect(await listed()).toMatchObject({ isRefundable: false, refundTransactionId: data._id });
      expect((await listed()).refundedAt).toEqual(expect.any(String));

      // Both people were told; the creator learns why.
      const fanTold = (await toldTo(t.ctx, fan.user.email)).filter((n) => n.type === 'charge.refunded');
      expect(fanTold).toHaveLength(1);
      expect(fanTold[0]!.text).toContain(
        refundedTo === 'card' ? 'to the card you paid with' : 'to your wallet',
      );
      const creatorTold = (await toldTo(t.ctx, creator.user.email)).filter(
        (n) => n.type === 'charge.refunded',
      );
      expect(creatorTold).toHaveLength(1);
      expect(creatorTold[0]!.text).toContain('Reason: Charged by mistake');

      const audit = await t.ctx.db.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'charge.refund'), eq(auditLog.targetId, chargeId)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, reason: 'Charged by mistake' });
      expect(audit[0]!.after).toMatchObject({
        refundTransactionId: data._id,
        refundedCents: made.grossCents,
      });

      // A second refund answers the first and moves nothing; nobody is told twice.
      const again = await refund(admin, chargeId, { reason: 'Once more' });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ _id: data._id, reason: 'Charged by mistake' });
      expect(await snapshot(fan, creator)).toEqual(before);
      expect((await toldTo(t.ctx, fan.user.email)).filter((n) => n.type === 'charge.refunded')).toHaveLength(
        1,
      );
    },
  );
});

describe('refund rules', () => {
  async function tipped() {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan, 50);
    const res = await api(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { amount: 10 });
    return { fan, creator, chargeId: res.json().data._id as string };
  }

  it('refuses fans and creators (403) and visitors (401), moving nothing', async () => {
    const { fan, creator, chargeId } = await tipped();
    expect((await refund(fan, chargeId)).statusCode).toBe(403);
    expect((await refund(creator, chargeId)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/transactions/${chargeId}/refund`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(await walletCents(fan)).toBe(4000);
  });

  it('refuses a missing, empty, too long or NUL reason with its limit', async () => {
    const { chargeId } = await tipped();
    const missing = await refund(admin, chargeId, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Say why the charge is refunded');
    expect((await refund(admin, chargeId, { reason: '   ' })).statusCode).toBe(400);
    const long = await refund(admin, chargeId, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 500 characters');
    expect((await refund(admin, chargeId, { reason: 'bad\u0000text' })).statusCode).toBe(400);
    expect((await refund(admin, chargeId, { reason: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await refund(admin, chargeId, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not an id and 404 for an unknown one', async () => {
    const bad = await refund(admin, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    const unknown = await refund(admin, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That transaction was not found.');
  });

  it('refuses top-ups, admin credits, payouts and refunds with a sentence', async () => {
    const fan = await t.fan();
    const credit = await fund(fan, 30);
    const res = await refund(admin, credit._id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Only charges and subscription payments can be refunded; this is an admin credit.',
    );
    expect(await walletCents(fan)).toBe(3000);

    const { chargeId } = await tipped();
    const first = await refund(admin, chargeId);
    const ofRefund = await refund(admin, first.json().data._id);
    expect(ofRefund.statusCode).toBe(422);
    expect(ofRefund.json().message).toBe('A refund cannot be refunded.');
  });

  it('refuses a site membership payment, which has no creator earning', async () => {
    const fan = await t.fan();
    await fund(fan, 50);
    await t.ctx.settings.update({
      siteSubscriptionEnabled: true,
      siteSubscriptionPrice: 5,
      trialEnabled: false,
    });
    try {
      const paid = await api(fan, 'POST', '/payment/subscribe/site', {});
      expect(paid.statusCode, paid.body).toBe(200);
      const [membership] = await t.ctx.db.db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `site-subscription:${fan.user.id}`));
      const res = await refund(admin, membership!.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('site membership');
    } finally {
      await t.ctx.settings.update({ siteSubscriptionEnabled: false });
    }
  });

  it('replays the same Idempotency-Key with the first answer', async () => {
    const { chargeId } = await tipped();
    const key = randomUUID();
    const first = await refund(admin, chargeId, { reason: 'Duplicate tip' }, key);
    const second = await refund(admin, chargeId, { reason: 'Duplicate tip' }, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('reverses a charge once when two admins refund it at the same moment', async () => {
    const { fan, chargeId } = await tipped();
    const [a, b] = await Promise.all([
      refund(admin, chargeId, { reason: 'First' }),
      refund(admin, chargeId, { reason: 'Second' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data._id).toBe(b.json().data._id);
    const reversals = await t.ctx.db.db
      .select()
      .from(earningRefunds)
      .where(eq(earningRefunds.refundTransactionId, a.json().data._id));
    expect(reversals).toHaveLength(1);
    const refundsOfCharge = await t.ctx.db.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `charge-refund:${chargeId}`));
    expect(refundsOfCharge).toHaveLength(1);
    expect(await walletCents(fan)).toBe(5000);
  });

  it('leaves the creator below zero when the earnings were paid out already', async () => {
    const { creator, chargeId } = await tipped();
    // The creator's 8.00 left for a payout (held), then the tip is refunded.
    await t.ctx.db.db.transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'payout',
        lines: [
          { account: creatorEarnings(creator.user.id), amountCents: -800 },
          { account: payoutsAccount, amountCents: 800 },
        ],
        now: clock.now(),
      });
    });
    expect((await refund(admin, chargeId)).statusCode).toBe(200);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(-800);
    // The payout itself is not a charge.
    const [payout] = await t.ctx.db.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'payout'))
      .orderBy(desc(ledgerTransactions.createdAt))
      .limit(1);
    const res = await refund(admin, payout!.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Only charges and subscription payments can be refunded; this is a payout.',
    );
  });
});
