import { randomUUID } from 'node:crypto';
import { eq, ledgerTransactions, paymentGatewayEvents, paymentOrders } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { reconcileLedger } from '../wallet';
import {
  newSandboxEventId,
  sandboxSignatureHeader,
  signSandboxPayload,
  type TSandboxEvent,
} from './payments.sandbox';

const clock = new TestClock();
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['admin']>>;
type Account = Awaited<ReturnType<TestApp['fan']>>;

const cards = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  noFunds: '4000 0000 0000 9995',
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.admin();
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

const topUp = (fan: Account, payload: object, key: string = randomUUID()) =>
  t.request({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    token: fan.token,
    payload,
    headers: { 'idempotency-key': key },
  });

const pay = (fan: Account, orderId: string, cardNumber: string) =>
  t.request({
    method: 'POST',
    url: `/api/payment/sandbox/checkout/${orderId}/pay`,
    token: fan.token,
    payload: { cardNumber, expiry: '12/30', cvc: '123', name: 'Test Fan' },
  });

const createCoupon = async (payload: Record<string, unknown>) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/coupons',
    token: admin.token,
    payload: { numberOfUses: 10, value: 10, ...payload },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; code: string };
};

/** A webhook body exactly as the sandbox bank sends it, signed with the server's key. */
const sandboxDelivery = (data: TSandboxEvent['data'], type: TSandboxEvent['type'] = 'payment.succeeded') => {
  const event: TSandboxEvent = {
    id: newSandboxEventId(),
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data,
  };
  const body = JSON.stringify(event);
  return { body, signature: signSandboxPayload(t.ctx, body) };
};

const deliver = (body: string, signature: string) =>
  t.request({
    method: 'POST',
    url: '/api/payment/sandbox/webhook',
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
    payload: body,
  });

const orderOf = async (fan: Account, id: string) =>
  (await t.request({ url: `/api/payment/orders/${id}`, token: fan.token })).json().data;

const paymentIdOf = async (orderId: string) => {
  const [row] = await t.ctx.db.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row!.gatewayPaymentId!;
};

describe('sandbox top-up (acceptance)', () => {
  it('a fan tops up 50 with a 10 % coupon, pays 45, sees 50 more once; declined, replayed and forged webhooks change nothing', async () => {
    const fan = await t.fan();
    const coupon = await createCoupon({ code: 'SAVE10', value: 10 });

    const applied = await t.request({
      method: 'POST',
      url: `/api/coupons/${coupon.code.toLowerCase()}/apply-coupon`,
      token: fan.token,
      payload: { amount: 50 },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({ discountPercentage: 10, amount: 50, price: 45 });

    const started = await topUp(fan, { amount: 50, couponCode: 'SAVE10' });
    expect(started.statusCode).toBe(200);
    const { order, checkoutUrl } = started.json().data;
    expect(order).toMatchObject({
      amount: 50,
      price: 45,
      originalPrice: 50,
      status: 'pending',
      gateway: 'sandbox',
    });
    expect(checkoutUrl).toBe(`/payment/sandbox/checkout/${order._id}`);
    expect(await balanceOf(fan)).toBe(0);

    // A declined card first: nothing is credited and the order says why.
    const declined = await pay(fan, order._id, cards.declined);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'failed', failureReason: 'The card was declined.' });
    expect(await balanceOf(fan)).toBe(0);

    // Then a good card: 50 credited for 45 paid.
    const paid = await pay(fan, order._id, cards.ok);
    expect(paid.json().data).toMatchObject({ status: 'paid', price: 45, amount: 50, couponCode: 'SAVE10' });
    expect(await balanceOf(fan)).toBe(50);

    // Paying again is refused; a replayed success of the same payment credits nothing.
    expect((await pay(fan, order._id, cards.ok)).statusCode).toBe(409);
    const replay = sandboxDelivery({
      paymentId: await paymentIdOf(order._id),
      orderId: order._id,
      amountCents: 4500,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
    });
    const first = await deliver(replay.body, replay.signature);
    expect(first.json()).toEqual({ received: true, outcome: 'already_paid' });
    const again = await deliver(replay.body, replay.signature);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });

    // A forged signature is refused.
    const fresh = sandboxDelivery(JSON.parse(replay.body).data);
    const forgedSignature = signSandboxPayload(
      { config: { ...t.ctx.config, SECRET: 'someone-else-s-secret-of-32-characters!' }, clock },
      fresh.body,
    );
    expect((await deliver(fresh.body, forgedSignature)).statusCode).toBe(400);
    expect((await deliver(fresh.body, 'garbage')).statusCode).toBe(400);
    const tampered = await deliver(replay.body.replace('4500', '9999'), replay.signature);
    expect(tampered.statusCode).toBe(400);
    expect(await balanceOf(fan)).toBe(50);

    // The coupon counts one use, and this fan cannot use it again.
    const coupons = await t.request({ url: '/api/admin/coupons/search', token: admin.token });
    expect(coupons.json().data.find((c: { _id: string }) => c._id === coupon._id).usedCount).toBe(1);
    const second = await topUp(fan, { amount: 20, couponCode: 'SAVE10' });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('You have already used this coupon.');

    // The history shows the paid order, and the statement one top-up line of 50.
    const history = await t.request({ url: '/api/payment/transactions/user/search', token: fan.token });
    expect(history.json()).toMatchObject({ total: 1, data: [{ _id: order._id, status: 'paid' }] });
    const statement = await t.request({ url: '/api/wallet/transactions', token: fan.token });
    expect(statement.json().data).toMatchObject([{ kind: 'top_up', amount: 50 }]);
  });

  it('an insufficient-funds card credits nothing and says so', async () => {
    const fan = await t.fan();
    const { order } = (await topUp(fan, { amount: 20 })).json().data;
    const res = await pay(fan, order._id, cards.noFunds);
    expect(res.json().data).toMatchObject({
      status: 'failed',
      failureReason: 'The card has insufficient funds.',
    });
    expect(await balanceOf(fan)).toBe(0);
  });

  it('two concurrent deliveries of the same webhook credit once', async () => {
    const fan = await t.fan();
    const { order } = (await topUp(fan, { amount: 30 })).json().data;
    const delivery = sandboxDelivery({
      paymentId: await paymentIdOf(order._id),
      orderId: order._id,
      amountCents: 3000,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
    });
    const results = await Promise.all([
      deliver(delivery.body, delivery.signature),
      deliver(delivery.body, delivery.signature),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().outcome).sort()).toEqual(['credited', 'duplicate']);
    expect(await balanceOf(fan)).toBe(30);
    const credits = await t.ctx.db.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment_order:${order._id}`));
    expect(credits).toHaveLength(1);
  });

  it('a webhook with a wrong amount, an unknown order or an old timestamp credits nothing', async () => {
    const fan = await t.fan();
    const { order } = (await topUp(fan, { amount: 25 })).json().data;
    const paymentId = await paymentIdOf(order._id);
    const wrong = sandboxDelivery({
      paymentId,
      orderId: order._id,
      amountCents: 100,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
    });
    expect((await deliver(wrong.body, wrong.signature)).json().outcome).toBe('amount_mismatch');
    const unknown = sandboxDelivery({
      paymentId: 'sbx_pay_unknown',
      orderId: randomUUID(),
      amountCents: 2500,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
    });
    expect((await deliver(unknown.body, unknown.signature)).json().outcome).toBe('unknown_order');
    const old = sandboxDelivery({
      paymentId,
      orderId: order._id,
      amountCents: 2500,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
    });
    clock.advance(10 * 60 * 1000);
    expect((await deliver(old.body, old.signature)).statusCode).toBe(400);
    expect(await balanceOf(fan)).toBe(0);
    expect((await orderOf(fan, order._id)).status).toBe('pending');
    const recorded = await t.ctx.db.db
      .select()
      .from(paymentGatewayEvents)
      .where(eq(paymentGatewayEvents.paymentOrderId, order._id));
    expect(recorded.map((e) => e.outcome)).toEqual(['amount_mismatch']);
  });

  it('a failure event after the payment succeeded changes nothing', async () => {
    const fan = await t.fan();
    const { order } = (await topUp(fan, { amount: 15 })).json().data;
    await pay(fan, order._id, cards.ok);
    const late = sandboxDelivery(
      {
        paymentId: await paymentIdOf(order._id),
        orderId: order._id,
        amountCents: 1500,
        currency: 'usd',
        failureCode: 'card_declined',
        failureMessage: 'The card was declined.',
      },
      'payment.failed',
    );
    expect((await deliver(late.body, late.signature)).json().outcome).toBe('ignored_after_paid');
    expect(await orderOf(fan, order._id)).toMatchObject({ status: 'paid' });
    expect(await balanceOf(fan)).toBe(15);
  });
});

describe('the Stripe webhook on a site without Stripe', () => {
  it('answers 404 with a sentence (not a 5xx Stripe would retry for days)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Stripe is not configured on this site.',
    });
  });
});

describe('top-up limits and input', () => {
  it('refuses amounts outside the wallet limits, naming the limit', async () => {
    const fan = await t.fan();
    const low = await topUp(fan, { amount: 1 });
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('The top-up must be at least 2.95.');
    const high = await topUp(fan, { amount: 301 });
    expect(high.statusCode).toBe(422);
    expect(high.json().message).toBe('The top-up cannot be more than 300.00.');
  });

  it('answers 4xx, never 500, to bad input', async () => {
    const fan = await t.fan();
    for (const payload of [
      {},
      { amount: 'ten' },
      { amount: 10, packageId: randomUUID() },
      { amount: 10.001 },
    ]) {
      const res = await topUp(fan, payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await topUp(fan, { packageId: randomUUID() })).statusCode).toBe(404);
    expect((await topUp(fan, { amount: 10, couponCode: 'NOPE' })).json().message).toBe(
      'This coupon code does not exist.',
    );
    const badCard = await pay(fan, randomUUID(), 'abcd');
    expect(badCard.statusCode).toBe(400);
    const noBody = await t.request({ method: 'POST', url: '/api/payment/sandbox/webhook' });
    expect(noBody.statusCode).toBe(400);
    const notJson = await t.request({
      method: 'POST',
      url: '/api/coupons/x!/apply-coupon',
      token: fan.token,
      payload: {},
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('needs a login, and another fan’s order answers 404', async () => {
    const [fan, other] = [await t.fan(), await t.fan()];
    expect(
      (await t.request({ method: 'POST', url: '/api/payment/wallet/top-up', payload: { amount: 10 } }))
        .statusCode,
    ).toBe(401);
    const { order } = (await topUp(fan, { amount: 10 })).json().data;
    expect(
      (await t.request({ url: `/api/payment/orders/${order._id}`, token: other.token })).statusCode,
    ).toBe(404);
    expect((await pay(other, order._id, cards.ok)).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/payment/orders/${order._id}/cancel`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(await balanceOf(other)).toBe(0);
    expect(await balanceOf(fan)).toBe(0);
  });

  it('replays a top-up with the same Idempotency-Key without a second order', async () => {
    const fan = await t.fan();
    const key = randomUUID();
    const a = await topUp(fan, { amount: 12 }, key);
    const b = await topUp(fan, { amount: 12 }, key);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().data.order._id).toBe(a.json().data.order._id);
    expect((await topUp(fan, { amount: 13 }, key)).statusCode).toBe(422);
    const history = await t.request({ url: '/api/payment/transactions/user/search', token: fan.token });
    expect(history.json().total).toBe(1);
  });
});

describe('coupons', () => {
  const apply = (fan: Account, code: string, payload: object = { amount: 20 }) =>
    t.request({ method: 'POST', url: `/api/coupons/${code}/apply-coupon`, token: fan.token, payload });

  it('refuses an expired, inactive or used-up coupon', async () => {
    const fan = await t.fan();
    await createCoupon({ code: 'OLD', expiredDate: new Date(clock.now().getTime() - 1000).toISOString() });
    expect((await apply(fan, 'OLD')).json().message).toBe('This coupon has expired.');
    await createCoupon({ code: 'OFF', isActive: false });
    expect((await apply(fan, 'OFF')).json().message).toBe('This coupon is not active.');

    const once = await createCoupon({ code: 'ONCE', numberOfUses: 1, value: 50 });
    const first = await t.fan();
    const { order } = (await topUp(first, { amount: 20, couponCode: 'ONCE' })).json().data;
    expect(order.price).toBe(10);
    // Applying does not consume it: a second fan may still apply it until an order is paid.
    expect((await apply(fan, 'ONCE')).statusCode).toBe(200);
    await pay(first, order._id, cards.ok);
    expect(await balanceOf(first)).toBe(20);
    const usedUp = await apply(fan, 'ONCE');
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().message).toBe('This coupon has been used up.');
    const coupon = await t.request({ url: `/api/admin/coupons/${once._id}`, token: admin.token });
    expect(coupon.json().data.usedCount).toBe(1);
  });

  it('keeps codes unique whatever their case, and only admins manage them', async () => {
    const fan = await t.fan();
    await createCoupon({ code: 'Unique1' });
    const dup = await t.request({
      method: 'POST',
      url: '/api/admin/coupons',
      token: admin.token,
      payload: { code: 'UNIQUE1', value: 5, numberOfUses: 1 },
    });
    expect(dup.statusCode).toBe(409);
    const asFan = await t.request({
      method: 'POST',
      url: '/api/admin/coupons',
      token: fan.token,
      payload: { code: 'MINE', value: 5, numberOfUses: 1 },
    });
    expect(asFan.statusCode).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/coupons',
      token: admin.token,
      payload: { code: 'BAD', value: 150, numberOfUses: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('token packages', () => {
  it('admins manage packages; fans see active ones and top up with one', async () => {
    const fan = await t.fan();
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/package/token',
      token: admin.token,
      payload: { name: 'Bundle 100', tokens: 100, price: 90, ordering: 1 },
    });
    expect(created.statusCode).toBe(200);
    const pkg = created.json().data;
    const hidden = await t.request({
      method: 'POST',
      url: '/api/admin/package/token',
      token: admin.token,
      payload: { name: 'Hidden', tokens: 5, price: 5, isActive: false },
    });
    const list = await t.request({ url: '/api/package/token/search' });
    const names = list.json().data.map((p: { name: string }) => p.name);
    expect(names).toContain('Bundle 100');
    expect(names).not.toContain('Hidden');
    expect((await topUp(fan, { packageId: hidden.json().data._id })).statusCode).toBe(404);

    const { order } = (await topUp(fan, { packageId: pkg._id })).json().data;
    expect(order).toMatchObject({ amount: 100, price: 90, packageName: 'Bundle 100' });
    await pay(fan, order._id, cards.ok);
    expect(await balanceOf(fan)).toBe(100);

    const updated = await t.request({
      method: 'PUT',
      url: `/api/admin/package/token/${pkg._id}`,
      token: admin.token,
      payload: { price: 95 },
    });
    expect(updated.json().data).toMatchObject({ price: 95, tokens: 100 });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/package/token/${pkg._id}`,
      token: admin.token,
    });
    expect(removed.json()).toEqual({ data: { success: true } });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/package/token/${pkg._id}`, token: admin.token }))
        .statusCode,
    ).toBe(404);
    // The paid order keeps its amounts.
    expect((await orderOf(fan, order._id)).amount).toBe(100);
  });
});
