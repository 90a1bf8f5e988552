import { randomBytes, randomUUID } from 'node:crypto';
import { cardSubscriptions, earningRefunds, earnings, eq, subscriptions } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';
import { grantWalletCredit, reconcileLedger } from '../wallet';
import { stripeClientOf } from './payments.stripe';
import { type FakeStripe, type FakeSubscription, startFakeStripe } from './stripe-fake-server';

/*
 * Card subscriptions and Connect with the real Stripe SDK against the in-repo fake API, and
 * webhooks signed with the test signing secret, as Stripe would send them.
 */

const webhookSecret = `whsec_test_${randomBytes(12).toString('hex')}`;
let fake: FakeStripe;
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const daySeconds = 86_400;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
    },
  });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function eventOf(type: string, object: Record<string, unknown>) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const deliver = (event: object, secret = webhookSecret) => {
  const payload = JSON.stringify(event);
  const signature = stripeClientOf(t.ctx.config).webhooks.generateTestHeaderString({ payload, secret });
  return t.request({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
};

/**
 * An invoice of a subscription for the period starting `startOffsetDays` after the first one,
 * paid (or not) as Stripe would send it.
 */
function invoiceOf(
  sub: FakeSubscription,
  options: { periodIndex?: number; paid?: boolean; amount?: number } = {},
) {
  const first = sub.latestInvoice as { lines: { data: Array<{ period: { start: number; end: number } }> } };
  const firstPeriod = first.lines.data[0]!.period;
  const length = sub.price.interval_count * daySeconds;
  const index = options.periodIndex ?? 0;
  const start = firstPeriod.start + index * length;
  const amount = options.amount ?? sub.price.unit_amount;
  return {
    ...(index === 0 ? sub.latestInvoice : {}),
    id: index === 0 ? (sub.latestInvoice.id as string) : `in_renewal_${index}_${sub.id}`,
    object: 'invoice',
    currency: sub.price.currency,
    amount_due: amount,
    amount_paid: options.paid === false ? 0 : amount,
    billing_reason: index === 0 ? 'subscription_create' : 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: { object: 'list', data: [{ id: `il_${index}`, amount, period: { start, end: start + length } }] },
  };
}

const subscribeByCard = (fan: Account, payload: object) =>
  t.request({
    method: 'POST',
    url: '/api/payment/subscribe/performers',
    token: fan.token,
    payload: { paymentMethod: 'card', type: 'monthly', ...payload },
    headers: { 'idempotency-key': randomUUID() },
  });

const mine = async (fan: Account, performerId: string) =>
  (await t.request({ url: `/api/subscriptions/performers/${performerId}/mine`, token: fan.token })).json()
    .data;

const earningRows = (performerId: string) =>
  t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, performerId));

const fakeSubOf = (cardSubscriptionId: string) =>
  [...fake.subscriptions.values()].find((s) => s.metadata.cardSubscriptionId === cardSubscriptionId)!;

/** A fan with a Stripe subscription to a 10.00 creator, its first invoice paid. */
async function paidSubscription() {
  const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
  const res = await subscribeByCard(fan, { performerId: creator.user.id });
  expect(res.statusCode).toBe(200);
  const cardSubscriptionId = res.json().data.cardSubscription._id as string;
  const sub = fakeSubOf(cardSubscriptionId);
  expect((await deliver(eventOf('invoice.paid', invoiceOf(sub)))).json().outcome).toBe('credited');
  return { fan, creator, sub, cardSubscriptionId };
}

describe('Stripe card subscriptions', () => {
  it('creates a 30-day price and a subscription with our ids, answers the first invoice secret, and grants only on invoice.paid, once per invoice', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    const res = await subscribeByCard(fan, { performerId: creator.user.id });
    expect(res.statusCode).toBe(200);
    const { cardSubscription, clientSecret, checkoutUrl } = res.json().data;
    expect(checkoutUrl).toBeNull();
    expect(clientSecret).toMatch(/^pi_.+_secret_/);
    expect(cardSubscription).toMatchObject({
      status: 'incomplete',
      gateway: 'stripe',
      price: 10,
      plan: 'monthly',
    });

    const price = fake.requests.find(
      (r) => r.path === '/v1/prices' && r.idempotencyKey === `price:${cardSubscription._id}`,
    );
    expect(price?.form.get('unit_amount')).toBe('1000');
    expect(price?.form.get('recurring[interval]')).toBe('day');
    expect(price?.form.get('recurring[interval_count]')).toBe('30');
    const created = fake.requests.find(
      (r) => r.path === '/v1/subscriptions' && r.idempotencyKey === `subscription:${cardSubscription._id}`,
    );
    expect(created?.form.get('payment_behavior')).toBe('default_incomplete');
    expect(created?.form.get('metadata[performerId]')).toBe(creator.user.id);
    expect(created?.form.get('customer')).toMatch(/^cus_/);

    // The browser saying "paid" grants nothing: only the signed event does.
    expect(await mine(fan, creator.user.id)).toBeNull();
    const sub = fakeSubOf(cardSubscription._id);
    const invoice = invoiceOf(sub);
    const paid = eventOf('invoice.paid', invoice);
    expect((await deliver(paid)).json()).toEqual({ received: true, outcome: 'credited' });
    const periodEnd = new Date(invoice.lines.data[0]!.period.end * 1000).toISOString();
    expect(await mine(fan, creator.user.id)).toMatchObject({
      status: 'active',
      paymentMethod: 'card',
      autoRenew: true,
      expiredAt: periodEnd,
    });
    // Replays and the sibling event of the same invoice credit nothing more.
    expect((await deliver(paid)).json().outcome).toBe('duplicate');
    expect((await deliver(eventOf('invoice.payment_succeeded', invoice))).json().outcome).toBe(
      'already_paid',
    );
    const rows = await earningRows(creator.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ grossCents: 1000, commissionCents: 200, netCents: 800 });
    const status = await t.request({
      url: `/api/payment/card-subscriptions/${cardSubscription._id}`,
      token: fan.token,
    });
    expect(status.json().data).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd });
  });

  it('pays with a saved card at once (no secret) and refuses another fan card', async () => {
    const [fan, other, creator] = [await t.fan(), await t.fan(), await t.creator({ monthlyPrice: 10 })];
    const saved = await t.request({
      method: 'POST',
      url: '/api/stripe/cards',
      token: fan.token,
      payload: { paymentMethodId: 'pm_card_saved' },
    });
    const cardId = saved.json().data._id;
    const foreign = await subscribeByCard(other, { performerId: creator.user.id, paymentCardId: cardId });
    expect(foreign.statusCode).toBe(404);
    const res = await subscribeByCard(fan, { performerId: creator.user.id, paymentCardId: cardId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.clientSecret).toBeNull();
    const sub = fakeSubOf(res.json().data.cardSubscription._id);
    expect(sub.default_payment_method).toBe('pm_card_saved');
    expect((await deliver(eventOf('invoice.paid', invoiceOf(sub)))).json().outcome).toBe('credited');
    expect((await mine(fan, creator.user.id)).isActive).toBe(true);
  });

  it('handles renewals out of order: a later period first, then the earlier one, then a stale failure', async () => {
    const { fan, creator, sub } = await paidSubscription();
    const third = invoiceOf(sub, { periodIndex: 2 });
    const second = invoiceOf(sub, { periodIndex: 1 });
    expect((await deliver(eventOf('invoice.paid', third))).json().outcome).toBe('credited');
    const thirdEnd = new Date(third.lines.data[0]!.period.end * 1000).toISOString();
    expect((await mine(fan, creator.user.id)).expiredAt).toBe(thirdEnd);
    expect((await deliver(eventOf('invoice.paid', second))).json().outcome).toBe('credited');
    expect((await mine(fan, creator.user.id)).expiredAt).toBe(thirdEnd);
    const stale = eventOf('invoice.payment_failed', invoiceOf(sub, { periodIndex: 1, paid: false }));
    expect((await deliver(stale)).json().outcome).toBe('ignored_after_paid');
    expect(await earningRows(creator.user.id)).toHaveLength(3);
    expect((await mine(fan, creator.user.id)).renewalFailedAt).toBeNull();
  });

  it('a failed renewal marks it past due and mails the fan; customer.subscription.deleted ends renewals', async () => {
    const { fan, creator, sub, cardSubscriptionId } = await paidSubscription();
    const failed = eventOf('invoice.payment_failed', invoiceOf(sub, { periodIndex: 1, paid: false }));
    expect((await deliver(failed)).json().outcome).toBe('failed');
    const [row] = await t.ctx.db.db
      .select()
      .from(cardSubscriptions)
      .where(eq(cardSubscriptions.id, cardSubscriptionId));
    expect(row).toMatchObject({ status: 'past_due' });
    const current = await mine(fan, creator.user.id);
    expect(current).toMatchObject({ isActive: true, autoRenew: true });
    expect(current.renewalFailedAt).not.toBeNull();
    const mail = await toldTo(t.ctx, fan.user.email);
    expect(mail.filter((m) => m.subject.startsWith('We could not renew'))).toHaveLength(1);

    const deleted = eventOf('customer.subscription.deleted', {
      id: sub.id,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
      metadata: sub.metadata,
    });
    expect((await deliver(deleted)).json().outcome).toBe('ended');
    expect(await mine(fan, creator.user.id)).toMatchObject({
      autoRenew: false,
      isActive: true,
      status: 'cancelled',
    });
    expect(await earningRows(creator.user.id)).toHaveLength(1);
  });

  it('cancel asks Stripe to stop at period end and keeps access; another fan gets 404; Stripe down is a 503 and changes nothing', async () => {
    const { fan, creator, sub, cardSubscriptionId } = await paidSubscription();
    const other = await t.fan();
    const [row] = await t.ctx.db.db
      .select()
      .from(cardSubscriptions)
      .where(eq(cardSubscriptions.id, cardSubscriptionId));
    const url = `/api/payment/stripe/cancel-subscription/${row!.subscriptionId}`;
    expect((await t.request({ method: 'POST', url, token: other.token })).statusCode).toBe(404);

    fake.failing.add(`/v1/subscriptions/${sub.id}`);
    const down = await t.request({ method: 'POST', url, token: fan.token });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toContain('could not be reached');
    expect((await mine(fan, creator.user.id)).autoRenew).toBe(true);
    fake.failing.delete(`/v1/subscriptions/${sub.id}`);

    const res = await t.request({ method: 'POST', url, token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', autoRenew: false, isActive: true });
    expect(sub.cancel_at_period_end).toBe(true);
    const [after] = await t.ctx.db.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, row!.subscriptionId!));
    expect(after!.cancelledAt).not.toBeNull();
  });

  it('refuses forged signatures and records wrong amounts without crediting', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    const res = await subscribeByCard(fan, { performerId: creator.user.id });
    const sub = fakeSubOf(res.json().data.cardSubscription._id);
    const forged = await deliver(eventOf('invoice.paid', invoiceOf(sub)), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const cheap = await deliver(eventOf('invoice.paid', invoiceOf(sub, { amount: 100 })));
    expect(cheap.json().outcome).toBe('amount_mismatch');
    const unknown = await deliver(
      eventOf('invoice.paid', {
        ...invoiceOf(sub),
        parent: { subscription_details: { subscription: 'sub_nope', metadata: {} } },
      }),
    );
    expect(unknown.json().outcome).toBe('unknown_subscription');
    // The invoice's own PaymentIntent event is not a top-up: recorded and ignored.
    const intentEvent = eventOf('payment_intent.succeeded', {
      id: 'pi_of_invoice',
      object: 'payment_intent',
      amount: 1000,
      amount_received: 1000,
      currency: 'usd',
      description: 'Subscription creation',
      metadata: {},
      status: 'succeeded',
    });
    expect((await deliver(intentEvent)).json().outcome).toBe('ignored');
    expect(await mine(fan, creator.user.id)).toBeNull();
    expect(await earningRows(creator.user.id)).toHaveLength(0);
  });

  it('site membership by card credits the platform only and sets the expiry', async () => {
    await t.ctx.settings.update({
      siteSubscriptionEnabled: true,
      siteSubscriptionPrice: 9.99,
      trialEnabled: false,
    });
    try {
      const fan = await t.fan();
      const res = await t.request({
        method: 'POST',
        url: '/api/payment/subscribe/site',
        token: fan.token,
        payload: { paymentMethod: 'card' },
      });
      expect(res.statusCode).toBe(200);
      const sub = fakeSubOf(res.json().data.cardSubscription._id);
      const invoice = invoiceOf(sub);
      expect((await deliver(eventOf('invoice.paid', invoice))).json().outcome).toBe('credited');
      const me = (await t.request({ url: '/api/users/me', token: fan.token })).json().data;
      expect(me.siteSubscription.expiredAt).toBe(
        new Date(invoice.lines.data[0]!.period.end * 1000).toISOString(),
      );
    } finally {
      await t.ctx.settings.update({ siteSubscriptionEnabled: false });
    }
  });
});

describe('Stripe Connect payouts', () => {
  it('makes one Express account with a fresh onboarding link each time; payouts count once account.updated enables them', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    expect(
      (await t.request({ method: 'POST', url: '/api/stripe/accounts', token: fan.token })).statusCode,
    ).toBe(403);
    const first = await t.request({ method: 'POST', url: '/api/stripe/accounts', token: creator.token });
    expect(first.statusCode).toBe(200);
    const { accountId, url } = first.json().data;
    expect(accountId).toMatch(/^acct_/);
    expect(url).toMatch(/^https:\/\/connect\.stripe\.test\//);
    const second = (
      await t.request({ method: 'POST', url: '/api/stripe/accounts', token: creator.token })
    ).json().data;
    expect(second.accountId).toBe(accountId);
    expect(fake.accounts.size).toBeGreaterThanOrEqual(1);
    expect([...fake.accounts.values()].filter((a) => a.id === accountId)).toHaveLength(1);
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1);
    expect(link?.form.get('return_url')).toContain('/creator/payouts');

    // Earnings to pay out, then a request: not yet a payout method.
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 20_000,
      reason: 'test',
      initiatorId: null,
    });
    await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      payload: { amount: 100 },
      headers: { 'idempotency-key': randomUUID() },
    });
    const request = () =>
      t.request({
        method: 'POST',
        url: '/api/payout-requests',
        token: creator.token,
        payload: { amount: 50 },
        headers: { 'idempotency-key': randomUUID() },
      });
    const early = await request();
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('Finish the Stripe onboarding');

    const updated = eventOf('account.updated', {
      id: accountId,
      object: 'account',
      payouts_enabled: true,
      details_submitted: true,
    });
    expect((await deliver(updated)).json().outcome).toBe('updated');
    const settings = (
      await t.request({ url: '/api/performers/payout-settings', token: creator.token })
    ).json().data;
    expect(settings).toMatchObject({
      methods: ['stripe'],
      stripeConnect: { available: true, payoutsEnabled: true, detailsSubmitted: true },
    });
    const ok = await request();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'pending' });

    const stranger = eventOf('account.updated', {
      id: 'acct_not_ours',
      object: 'account',
      payouts_enabled: true,
    });
    expect((await deliver(stranger)).json().outcome).toBe('unknown_account');
  });
});

describe('refunding a Stripe subscription payment', () => {
  const refund = (admin: Account, id: string) =>
    t.request({
      method: 'POST',
      url: `/api/admin/transactions/${id}/refund`,
      token: admin.token,
      payload: { reason: 'Charged after the fan cancelled' },
    });

  it('refunds the invoice’s payment at Stripe once, ends the subscription and stops the billing', async () => {
    const admin = await t.admin();
    const { fan, creator, sub, cardSubscriptionId } = await paidSubscription();
    const [earning] = await earningRows(creator.user.id);
    const invoiceId = sub.latestInvoice.id as string;

    // Stripe cannot be reached: nothing is refunded, in the ledger or at Stripe.
    fake.failing.add('/v1/refunds');
    const down = await refund(admin, earning!.transactionId);
    fake.failing.delete('/v1/refunds');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'The payment gateway could not refund the card. Nothing changed; please try again.',
    );
    expect(
      await t.ctx.db.db.select().from(earningRefunds).where(eq(earningRefunds.earningId, earning!.id)),
    ).toEqual([]);
    expect((await mine(fan, creator.user.id)).status).toBe('active');

    const res = await refund(admin, earning!.transactionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refundedTo: 'card', grossCents: 1000 });
    const refunds = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    // The failed tries (the SDK retries once) and the one that went through carry the same key:
    // Stripe refunds once.
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(
      new Set([`refund:${earning!.transactionId}`]),
    );
    expect(refunds.at(-1)!.form.get('payment_intent')).toBe(`pi_of_${invoiceId}`);
    expect(refunds.at(-1)!.form.get('amount')).toBe('1000');

    // Access ends now and Stripe stops billing.
    const [row] = await t.ctx.db.db
      .select()
      .from(cardSubscriptions)
      .where(eq(cardSubscriptions.id, cardSubscriptionId));
    expect(row!.status).toBe('ended');
    expect(fakeSubOf(cardSubscriptionId).cancel_at_period_end).toBe(true);
    expect((await mine(fan, creator.user.id)).status).not.toBe('active');

    // A second refund asks Stripe nothing more.
    expect((await refund(admin, earning!.transactionId)).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(refunds.length);
  });
});
