import { randomBytes, randomUUID } from 'node:crypto';
import { eq, ledgerTransactions, paymentOrders } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { reconcileLedger } from '../wallet';
import { expireAbandonedTopUps, topUpLifetimeMs } from './payments.service';
import { stripeClientOf } from './payments.stripe';
import { type FakeStripe, startFakeStripe } from './stripe-fake-server';

/*
 * The Stripe adapter with the real SDK against an in-repo fake API, and webhooks signed by the
 * SDK's own test helper with the signing secret.
 */

const webhookSecret = `whsec_test_${randomBytes(12).toString('hex')}`;
let fake: FakeStripe;
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

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

const balanceOf = async (account: Account) =>
  (await t.request({ url: '/api/users/me', token: account.token })).json().data.balance as number;

const topUp = (fan: Account, payload: object) =>
  t.request({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    token: fan.token,
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });

const intentOf = (id: string) => fake.intents.get(id) as { id: string; amount: number; currency: string };

type EventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'customer.created';

/** A Stripe event about a PaymentIntent, as Stripe would send it. */
function eventOf(type: EventType, intent: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const succeeded = type === 'payment_intent.succeeded';
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        ...intent,
        status: succeeded ? 'succeeded' : 'requires_payment_method',
        amount_received: succeeded ? intent.amount : 0,
        ...(succeeded
          ? {}
          : { last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }),
        ...overrides,
      },
    },
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

/** Starts a top-up and answers the order and the PaymentIntent the fake received. */
async function startPayment(fan: Account, amount: number) {
  const res = await topUp(fan, { amount });
  expect(res.statusCode).toBe(200);
  const { order, clientSecret, checkoutUrl } = res.json().data;
  expect(checkoutUrl).toBeNull();
  expect(clientSecret).toMatch(/^pi_.+_secret_/);
  const intent = [...fake.intents.values()].find(
    (i) => (i.metadata as Record<string, string>).orderId === order._id,
  ) as Record<string, unknown>;
  return { order, intent };
}

describe('Stripe top-ups', () => {
  it('creates a PaymentIntent for the price (idempotent per order) and credits once on payment_intent.succeeded', async () => {
    const fan = await t.fan();
    const { order, intent } = await startPayment(fan, 20);
    expect(intent).toMatchObject({ amount: 2000, currency: 'usd' });
    const created = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form.get('metadata[orderId]') === order._id,
    );
    expect(created?.idempotencyKey).toBe(`top-up:${order._id}`);
    expect(await balanceOf(fan)).toBe(0);

    const succeeded = eventOf('payment_intent.succeeded', intent);
    expect((await deliver(succeeded)).json()).toEqual({ received: true, outcome: 'credited' });
    expect(await balanceOf(fan)).toBe(20);

    // The same event again, and another event for the same payment, move nothing.
    expect((await deliver(succeeded)).json().outcome).toBe('duplicate');
    expect((await deliver(eventOf('payment_intent.succeeded', intent))).json().outcome).toBe('already_paid');
    expect(await balanceOf(fan)).toBe(20);
    const credits = await t.ctx.db.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment_order:${order._id}`));
    expect(credits).toHaveLength(1);
  });

  it('reuses the fan’s Stripe customer for later payments', async () => {
    const fan = await t.fan();
    const before = fake.requests.filter((r) => r.path === '/v1/customers').length;
    await startPayment(fan, 10);
    await startPayment(fan, 11);
    expect(fake.requests.filter((r) => r.path === '/v1/customers').length).toBe(before + 1);
  });

  it('a failed attempt credits nothing; a later success still credits; a late failure after success changes nothing', async () => {
    const fan = await t.fan();
    const { order, intent } = await startPayment(fan, 30);
    expect((await deliver(eventOf('payment_intent.payment_failed', intent))).json().outcome).toBe('failed');
    const failed = await t.request({ url: `/api/payment/orders/${order._id}`, token: fan.token });
    expect(failed.json().data).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await balanceOf(fan)).toBe(0);

    expect((await deliver(eventOf('payment_intent.succeeded', intent))).json().outcome).toBe('credited');
    expect((await deliver(eventOf('payment_intent.payment_failed', intent))).json().outcome).toBe(
      'ignored_after_paid',
    );
    const paid = await t.request({ url: `/api/payment/orders/${order._id}`, token: fan.token });
    expect(paid.json().data.status).toBe('paid');
    expect(await balanceOf(fan)).toBe(30);
  });

  it('credits a payment Stripe confirms after its top-up expired (the fan paid on a page left open)', async () => {
    const fan = await t.fan();
    const { order, intent } = await startPayment(fan, 35);
    // The checkout started more than an hour ago (this file runs on the real clock).
    const startedAt = new Date(Date.now() - topUpLifetimeMs - 60_000);
    await t.ctx.db.db
      .update(paymentOrders)
      .set({ createdAt: startedAt })
      .where(eq(paymentOrders.id, order._id));
    expect(await expireAbandonedTopUps(t.ctx)).toBe(1);
    const expired = await t.request({ url: `/api/payment/orders/${order._id}`, token: fan.token });
    expect(expired.json().data.status).toBe('expired');

    expect((await deliver(eventOf('payment_intent.succeeded', intent))).json().outcome).toBe('credited');
    const paid = await t.request({ url: `/api/payment/orders/${order._id}`, token: fan.token });
    expect(paid.json().data).toMatchObject({ status: 'paid', failureReason: null });
    expect(await balanceOf(fan)).toBe(35);
  });

  it('refuses forged signatures, and records but ignores unknown payments, wrong amounts and other event types', async () => {
    const fan = await t.fan();
    const { intent } = await startPayment(fan, 40);
    const forged = await deliver(eventOf('payment_intent.succeeded', intent), 'whsec_not_the_real_secret');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(eventOf('payment_intent.succeeded', intent)),
    });
    expect(unsigned.statusCode).toBe(400);

    const wrongAmount = eventOf('payment_intent.succeeded', intent, { amount: 100, amount_received: 100 });
    expect((await deliver(wrongAmount)).json().outcome).toBe('amount_mismatch');
    const unknown = eventOf('payment_intent.succeeded', { ...intent, id: 'pi_unknown', metadata: {} });
    expect((await deliver(unknown)).json().outcome).toBe('unknown_order');
    const other = eventOf('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(other)).json().outcome).toBe('ignored');
    expect(await balanceOf(fan)).toBe(0);
    expect(intentOf(intent.id as string).amount).toBe(4000);
  });
});

describe('webhook payloads that are signed but not readable', () => {
  it('answers 400 with a sentence for a validly signed event without data, and records nothing', async () => {
    const { data: _data, ...withoutData } = eventOf('payment_intent.succeeded', {
      id: 'pi_nodata',
      amount: 100,
    });
    const res = await deliver(withoutData);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The webhook signature or payload is not valid.',
    });
    // Stripe may send the event again once it is fixed: it was not claimed.
    expect(
      (
        await deliver({
          ...withoutData,
          type: 'customer.created',
          data: { object: { id: 'cus_y', object: 'customer' } },
        })
      ).json(),
    ).toEqual({
      received: true,
      outcome: 'ignored',
    });
  });

  it('answers 400 for a signed event whose text holds U+0000, and credits nothing', async () => {
    const fan = await t.fan();
    const { intent } = await startPayment(fan, 12);
    const event = eventOf('payment_intent.succeeded', intent);
    const res = await deliver({ ...event, id: `${event.id}\u0000` });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(fan)).toBe(0);
  });
});

describe('saved cards', () => {
  it('saves, lists, pays with and removes a card; another fan’s card answers 404', async () => {
    const [fan, other] = [await t.fan(), await t.fan()];
    const saved = await t.request({
      method: 'POST',
      url: '/api/stripe/cards',
      token: fan.token,
      payload: { paymentMethodId: 'pm_card_visa' },
    });
    expect(saved.statusCode).toBe(200);
    const card = saved.json().data;
    expect(card).toMatchObject({
      gateway: 'stripe',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const list = await t.request({ url: '/api/payment-cards', token: fan.token });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: card._id }] });
    expect((await t.request({ url: '/api/payment-cards', token: other.token })).json().total).toBe(0);

    const paid = await topUp(fan, { amount: 15, paymentCardId: card._id });
    expect(paid.statusCode).toBe(200);
    const intent = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(intent.form.get('payment_method')).toBe('pm_card_visa');
    expect(intent.form.get('confirm')).toBe('true');
    expect((await topUp(other, { amount: 15, paymentCardId: card._id })).statusCode).toBe(404);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/payment-cards/${card._id}`, token: other.token }))
        .statusCode,
    ).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/payment-cards/${card._id}`,
      token: fan.token,
    });
    expect(removed.json()).toEqual({ data: { success: true } });
    expect(fake.requests.some((r) => r.path === '/v1/payment_methods/pm_card_visa/detach')).toBe(true);
    expect((await t.request({ url: '/api/payment-cards', token: fan.token })).json().total).toBe(0);
  });

  it('answers 4xx for a declined card, a bad reference or an unknown provider', async () => {
    const fan = await t.fan();
    const declined = await t.request({
      method: 'POST',
      url: '/api/stripe/cards',
      token: fan.token,
      payload: { paymentMethodId: 'pm_card_bad' },
    });
    expect(declined.statusCode).toBe(422);
    const bad = await t.request({
      method: 'POST',
      url: '/api/stripe/cards',
      token: fan.token,
      payload: { paymentMethodId: 'tok_123' },
    });
    expect(bad.statusCode).toBe(400);
    const provider = await t.request({
      method: 'POST',
      url: '/api/paypal/cards',
      token: fan.token,
      payload: { paymentMethodId: 'pm_card_visa' },
    });
    expect(provider.statusCode).toBe(400);
  });
});
