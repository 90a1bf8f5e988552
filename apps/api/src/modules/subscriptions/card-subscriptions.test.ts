import { randomUUID } from 'node:crypto';
import {
  cardSubscriptions,
  earnings,
  eq,
  ledgerTransactions,
  paymentOrders,
  subscriptions,
} from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';
import { createSession } from '../auth/sessions';
import {
  newSandboxEventId,
  sandboxSignatureHeader,
  signSandboxPayload,
  type TSandboxEvent,
} from '../payments/payments.sandbox';
import { grantWalletCredit, reconcileLedger } from '../wallet';
import { renewDueSandboxCardSubscriptions } from './card-subscriptions.renewal';

/*
 * Card subscriptions through the sandbox gateway (no Stripe configured): the first period through
 * the hosted checkout page, renewals by the renewal job through the sandbox's signed webhooks.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const dayMs = 24 * 60 * 60 * 1000;

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
  await t.ctx.settings.update({ siteSubscriptionEnabled: false, trialEnabled: false });
});
afterAll(async () => {
  await t.close();
});

const subscribeByCard = (fan: Account, payload: object) =>
  as(fan, {
    method: 'POST',
    url: '/api/payment/subscribe/performers',
    payload: { paymentMethod: 'card', ...payload },
    headers: { 'idempotency-key': randomUUID() },
  });

const pay = (fan: Account, orderId: string, cardNumber: string) =>
  as(fan, {
    method: 'POST',
    url: `/api/payment/sandbox/checkout/${orderId}/pay`,
    payload: { cardNumber, expiry: '12/30', cvc: '123' },
  });

const mySubscription = async (fan: Account, performerId: string) =>
  (await as(fan, { url: `/api/subscriptions/performers/${performerId}/mine` })).json().data;

const earningRows = (performerId: string) =>
  t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, performerId));

const cardRowOf = async (id: string) =>
  (await t.ctx.db.db.select().from(cardSubscriptions).where(eq(cardSubscriptions.id, id)))[0]!;

/** Starts a card subscription and answers its id and the checkout order id. */
async function startCard(fan: Account, performerId: string, type = 'monthly') {
  const res = await subscribeByCard(fan, { performerId, type });
  expect(res.statusCode).toBe(200);
  const { cardSubscription, checkoutUrl, clientSecret } = res.json().data;
  expect(clientSecret).toBeNull();
  expect(checkoutUrl).toMatch(/^\/payment\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  return {
    cardSubscriptionId: cardSubscription._id as string,
    orderId: checkoutUrl.split('/').at(-1) as string,
  };
}

/** A fan subscribed by card (4242) to a creator at 10.00 a month. */
async function subscribedByCard(monthlyPrice = 10) {
  const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice })];
  const started = await startCard(fan, creator.user.id);
  expect((await pay(fan, started.orderId, '4242 4242 4242 4242')).json().data.status).toBe('paid');
  return { fan, creator, ...started };
}

describe('subscribing by card through the sandbox checkout', () => {
  it('grants nothing until the sandbox bank confirms; a declined card leaves it unpaid; 4242 subscribes with commission once', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10, username: 'cardcreator' })];
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: clock.now() });
    const { cardSubscriptionId, orderId } = await startCard(fan, creator.user.id);

    const order = (await as(fan, { url: `/api/payment/orders/${orderId}` })).json().data;
    expect(order).toMatchObject({
      type: 'subscription',
      price: 10,
      status: 'pending',
      returnPath: '/cardcreator',
      description: expect.stringContaining('Monthly subscription to'),
    });
    expect(await mySubscription(fan, creator.user.id)).toBeNull();

    const declined = await pay(fan, orderId, '4000 0000 0000 0002');
    expect(declined.json().data).toMatchObject({ status: 'failed', failureReason: 'The card was declined.' });
    expect(await mySubscription(fan, creator.user.id)).toBeNull();
    expect((await cardRowOf(cardSubscriptionId)).status).toBe('incomplete');

    const paid = await pay(fan, orderId, '4242424242424242');
    expect(paid.json().data.status).toBe('paid');
    const sub = await mySubscription(fan, creator.user.id);
    expect(sub).toMatchObject({
      status: 'active',
      paymentMethod: 'card',
      type: 'monthly',
      autoRenew: true,
      isActive: true,
      expiredAt: new Date(clock.now().getTime() + 30 * dayMs).toISOString(),
    });
    const view = await as(fan, { url: `/api/user/feeds/${post.id}` });
    expect(view.json().data.canView).toBe(true);
    const rows = await earningRows(creator.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossCents: 1000,
      commissionCents: 200,
      netCents: 800,
      sourceType: 'subscription',
    });
    expect(await cardRowOf(cardSubscriptionId)).toMatchObject({ status: 'active', cardLast4: '4242' });
    // Paying the same order again is refused and moves nothing.
    expect((await pay(fan, orderId, '4242424242424242')).statusCode).toBe(409);
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });

  it('replays of a signed event and forged events change nothing', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 12 })];
    const { cardSubscriptionId, orderId } = await startCard(fan, creator.user.id);
    const [order] = await t.ctx.db.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const row = await cardRowOf(cardSubscriptionId);
    const start = Math.floor(clock.now().getTime() / 1000);
    const event: TSandboxEvent = {
      id: newSandboxEventId(),
      type: 'payment.succeeded',
      created: start,
      data: {
        paymentId: order!.gatewayPaymentId!,
        orderId,
        amountCents: 1200,
        currency: 'usd',
        failureCode: null,
        failureMessage: null,
        subscription: {
          id: row.gatewaySubscriptionId!,
          cardSubscriptionId,
          periodStart: start,
          periodEnd: start + 30 * 86_400,
          cardLast4: '4242',
        },
      },
    };
    const body = JSON.stringify(event);
    const deliver = (payload: string, signature: string) =>
      t.request({
        method: 'POST',
        url: '/api/payment/sandbox/webhook',
        headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
        payload,
      });
    const forged = JSON.stringify({ ...event, data: { ...event.data, amountCents: 1 } });
    expect((await deliver(forged, signSandboxPayload(t.ctx, body))).statusCode).toBe(400);
    expect(await mySubscription(fan, creator.user.id)).toBeNull();

    expect((await deliver(body, signSandboxPayload(t.ctx, body))).json()).toEqual({
      received: true,
      outcome: 'credited',
    });
    expect((await deliver(body, signSandboxPayload(t.ctx, body))).json().outcome).toBe('duplicate');
    // The same payment under a new event id (a retried delivery) credits nothing more.
    const again = JSON.stringify({ ...event, id: newSandboxEventId() });
    expect((await deliver(again, signSandboxPayload(t.ctx, again))).json().outcome).toBe('already_paid');
    expect(await earningRows(creator.user.id)).toHaveLength(1);
    const txs = await t.ctx.db.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `sandbox:invoice:${order!.gatewayPaymentId}`));
    expect(txs).toHaveLength(1);
  });

  it('refuses what it cannot do with a sentence: free by card, no such plan, already subscribed, bad input, others ids', async () => {
    const [fan, other, creator] = [
      await t.fan(),
      await t.fan(),
      await t.creator({ monthlyPrice: 10, yearlyPrice: null }),
    ];
    const free = await subscribeByCard(fan, { performerId: creator.user.id, type: 'free' });
    expect(free.statusCode).toBe(422);
    expect(free.json().message).toContain('free subscription needs no card');
    const yearly = await subscribeByCard(fan, { performerId: creator.user.id, type: 'yearly' });
    expect(yearly.json().message).toBe('This creator does not offer a yearly subscription.');
    const bad = await subscribeByCard(fan, { performerId: creator.user.id, paymentMethod: 'cash' });
    expect(bad.statusCode).toBe(400);
    const unknown = await subscribeByCard(fan, { performerId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const noCard = await subscribeByCard(fan, { performerId: creator.user.id, paymentCardId: randomUUID() });
    expect(noCard.statusCode).toBe(404);

    const { cardSubscriptionId, orderId } = await startCard(fan, creator.user.id);
    // Another fan can neither see, pay nor cancel it.
    expect((await as(other, { url: `/api/payment/orders/${orderId}` })).statusCode).toBe(404);
    expect((await pay(other, orderId, '4242424242424242')).statusCode).toBe(404);
    expect(
      (await as(other, { url: `/api/payment/card-subscriptions/${cardSubscriptionId}` })).statusCode,
    ).toBe(404);
    const foreignCancel = await as(other, {
      method: 'POST',
      url: `/api/payment/card-subscriptions/${cardSubscriptionId}/cancel`,
    });
    expect(foreignCancel.statusCode).toBe(404);
    expect((await as(fan, { url: '/api/payment/card-subscriptions/not-an-id' })).statusCode).toBe(400);

    await pay(fan, orderId, '4242424242424242');
    const twice = await subscribeByCard(fan, { performerId: creator.user.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toMatch(/already subscribed to this creator until \d{4}-\d{2}-\d{2}/);
    // A card-renewed subscription is not paid again from the wallet meanwhile.
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 5000,
      reason: 'test',
      initiatorId: null,
    });
    const wallet = await as(fan, {
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      payload: { performerId: creator.user.id, type: 'monthly' },
    });
    expect(wallet.statusCode).toBe(422);
    expect(wallet.json().message).toContain('renews by card');
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });
});

describe('welcome message on a card subscription', () => {
  it('the fan gets the creator welcome message when the first period is paid, not before', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    const put = await as(creator, {
      method: 'PUT',
      url: '/api/messages/welcome',
      payload: { enabled: true, text: 'Thanks for subscribing by card!', trigger: 'subscribe' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const started = await startCard(fan, creator.user.id);
    const inbox = async () =>
      (await as(fan, { url: '/api/conversations' })).json().data as {
        lastMessage: { text: string } | null;
        recipient: { _id: string };
      }[];
    expect(await inbox()).toEqual([]);
    expect((await pay(fan, started.orderId, '4242 4242 4242 4242')).json().data.status).toBe('paid');
    const conversations = await inbox();
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      recipient: { _id: creator.user.id },
      lastMessage: { text: 'Thanks for subscribing by card!' },
    });
  });
});

describe('sandbox card renewals (renewal job)', () => {
  it('charges the next period once through the signed webhook path, even with two runs at once', async () => {
    const { fan, creator, cardSubscriptionId } = await subscribedByCard(10);
    const firstEnd = (await cardRowOf(cardSubscriptionId)).currentPeriodEnd!;
    clock.set(new Date(firstEnd.getTime() + 60_000));
    // (Other tests' subscriptions in this database renew too: count this one's effects.)
    await Promise.all([renewDueSandboxCardSubscriptions(t.ctx), renewDueSandboxCardSubscriptions(t.ctx)]);
    expect(await earningRows(creator.user.id)).toHaveLength(2);
    const orders = await t.ctx.db.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.cardSubscriptionId, cardSubscriptionId));
    expect(orders.map((o) => o.status).sort()).toEqual(['paid', 'paid']);
    const sub = await mySubscription(fan, creator.user.id);
    expect(sub).toMatchObject({ status: 'active', isActive: true });
    expect(sub.expiredAt).toBe(new Date(firstEnd.getTime() + 30 * dayMs).toISOString());
    await renewDueSandboxCardSubscriptions(t.ctx);
    expect(await earningRows(creator.user.id)).toHaveLength(2);
  });

  it('a declined renewal ends it, keeps access to the paid period, mails the fan, and shows lapsed afterwards', async () => {
    const { fan, creator, cardSubscriptionId } = await subscribedByCard(10);
    // The fan's card stops working (the sandbox remembers only the test card's last four digits).
    await t.ctx.db.db
      .update(cardSubscriptions)
      .set({ cardLast4: '0002' })
      .where(eq(cardSubscriptions.id, cardSubscriptionId));
    const end = (await cardRowOf(cardSubscriptionId)).currentPeriodEnd!;
    clock.set(new Date(end.getTime() + 60_000));
    await renewDueSandboxCardSubscriptions(t.ctx);
    expect(await cardRowOf(cardSubscriptionId)).toMatchObject({
      status: 'ended',
      failureReason: 'The card was declined.',
    });
    const sub = await mySubscription(fan, creator.user.id);
    expect(sub).toMatchObject({ status: 'lapsed', autoRenew: false, isActive: false });
    expect(sub.renewalFailedAt).not.toBeNull();
    expect(await earningRows(creator.user.id)).toHaveLength(1);
    const mail = await toldTo(t.ctx, fan.user.email);
    expect(mail.filter((m) => m.subject.startsWith('We could not renew'))).toHaveLength(1);
    await renewDueSandboxCardSubscriptions(t.ctx);
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });

  it('cancel stops renewals at period end (access kept until then) through the spec route and the card route', async () => {
    const { fan, creator, cardSubscriptionId } = await subscribedByCard(10);
    const subId = (await cardRowOf(cardSubscriptionId)).subscriptionId!;
    const res = await as(fan, { method: 'POST', url: `/api/payment/sandbox/cancel-subscription/${subId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', autoRenew: false, isActive: true });
    expect((await cardRowOf(cardSubscriptionId)).cancelAtPeriodEnd).toBe(true);
    const card = await as(fan, {
      method: 'POST',
      url: `/api/payment/card-subscriptions/${cardSubscriptionId}/cancel`,
    });
    expect(card.json().data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    const end = (await cardRowOf(cardSubscriptionId)).currentPeriodEnd!;
    clock.set(new Date(end.getTime() + 60_000));
    await renewDueSandboxCardSubscriptions(t.ctx);
    expect(await earningRows(creator.user.id)).toHaveLength(1);
    const [row] = await t.ctx.db.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(row!.expiredAt.getTime()).toBe(end.getTime());
  });
});

describe('site membership by card (sandbox)', () => {
  it('pays the platform through the checkout and sets the membership expiry; the trial needs no card', async () => {
    await t.ctx.settings.update({
      siteSubscriptionEnabled: true,
      siteSubscriptionPrice: 9.99,
      trialEnabled: true,
    });
    const fan = await t.fan();
    const trial = await as(fan, {
      method: 'POST',
      url: '/api/payment/subscribe/site',
      payload: { paymentMethod: 'card' },
    });
    expect(trial.statusCode).toBe(422);
    expect(trial.json().message).toContain('free trial needs no card');
    await t.ctx.settings.update({ trialEnabled: false });
    const res = await as(fan, {
      method: 'POST',
      url: '/api/payment/subscribe/site',
      payload: { paymentMethod: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().data.checkoutUrl.split('/').at(-1);
    expect((await as(fan, { url: `/api/payment/orders/${orderId}` })).json().data.returnPath).toBe('/home');
    expect((await pay(fan, orderId, '4242424242424242')).json().data.status).toBe('paid');
    const me = (await as(fan, { url: '/api/users/me' })).json().data;
    expect(me.siteSubscription.expiredAt).toBe(new Date(clock.now().getTime() + 30 * dayMs).toISOString());
    const again = await as(fan, {
      method: 'POST',
      url: '/api/payment/subscribe/site',
      payload: { paymentMethod: 'card' },
    });
    expect(again.statusCode).toBe(422);
  });
});

describe('Stripe Connect without Stripe', () => {
  it('answers a clear 422 sentence and a fan a 403', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const res = await as(creator, { method: 'POST', url: '/api/stripe/accounts' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('Stripe is not configured on this site');
    expect((await as(fan, { method: 'POST', url: '/api/stripe/accounts' })).statusCode).toBe(403);
    const gateway = (await t.request({ url: '/api/payment/gateway' })).json().data;
    expect(gateway).toEqual({ gateway: 'sandbox', stripePublishableKey: null, stripeConnect: false });
  });
});
