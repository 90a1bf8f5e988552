import { randomUUID } from 'node:crypto';
import { eq, paymentOrders } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { reconcileLedger } from '../wallet';
import { expireTopUpsJobName } from './payments.jobs';
import {
  newSandboxEventId,
  sandboxSignatureHeader,
  signSandboxPayload,
  type TSandboxEvent,
} from './payments.sandbox';
import { expireAbandonedTopUps, topUpLifetimeMs } from './payments.service';

/*
 * Abandoned top-ups: a checkout nobody paid expires an hour after it started, so the wallet stops
 * waiting for it; a payment that still arrives afterwards is credited all the same.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const minuteMs = 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const balanceOf = async (account: Account) =>
  (await t.request({ url: '/api/users/me', token: account.token })).json().data.balance as number;

async function startTopUp(fan: Account, amount: number): Promise<{ _id: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    token: fan.token,
    payload: { amount },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.order;
}

const orderOf = async (fan: Account, id: string) =>
  (await t.request({ url: `/api/payment/orders/${id}`, token: fan.token })).json().data;

const paySandbox = (fan: Account, orderId: string, cardNumber: string) =>
  t.request({
    method: 'POST',
    url: `/api/payment/sandbox/checkout/${orderId}/pay`,
    token: fan.token,
    payload: { cardNumber, expiry: '12/30', cvc: '123' },
  });

/** The sandbox bank's signed webhook about an order, sent now. */
async function deliverSandbox(orderId: string, type: TSandboxEvent['type'], amountCents: number) {
  const [row] = await t.ctx.db.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  const failed = type === 'payment.failed';
  const event: TSandboxEvent = {
    id: newSandboxEventId(),
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      paymentId: row!.gatewayPaymentId!,
      orderId,
      amountCents,
      currency: 'usd',
      failureCode: failed ? 'card_declined' : null,
      failureMessage: failed ? 'The card was declined.' : null,
    },
  };
  const body = JSON.stringify(event);
  const res = await t.request({
    method: 'POST',
    url: '/api/payment/sandbox/webhook',
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: signSandboxPayload(t.ctx, body),
    },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().outcome as string;
}

describe('abandoned top-ups', () => {
  it('expires a top-up still pending an hour after it started, and tells the fan once that nothing was charged', async () => {
    const fan = await t.fan();
    const order = await startTopUp(fan, 40);
    const toUser = vi.spyOn(t.ctx.realtime, 'toUser');

    clock.advance(topUpLifetimeMs - minuteMs);
    expect(await expireAbandonedTopUps(t.ctx)).toBe(0);
    expect((await orderOf(fan, order._id)).status).toBe('pending');

    clock.advance(2 * minuteMs);
    expect(await expireAbandonedTopUps(t.ctx)).toBe(1);
    expect(await orderOf(fan, order._id)).toMatchObject({
      status: 'expired',
      failureReason: 'The payment was not completed within an hour, so nothing was charged.',
      paidAt: null,
    });
    expect(await balanceOf(fan)).toBe(0);
    expect(toUser).toHaveBeenCalledTimes(1);
    expect(toUser).toHaveBeenCalledWith(
      fan.user.id,
      'notification',
      expect.objectContaining({
        type: 'top-up',
        title: 'Your top-up was not completed',
        text: expect.stringContaining('nothing was charged'),
        link: '/user/wallet',
      }),
    );

    // A second run finds nothing more to do and says nothing again.
    expect(await expireAbandonedTopUps(t.ctx)).toBe(0);
    expect(toUser).toHaveBeenCalledTimes(1);

    const listed = await t.request({
      url: '/api/payment/transactions/user/search?status=expired',
      token: fan.token,
    });
    expect(listed.json().data.map((o: { _id: string }) => o._id)).toEqual([order._id]);
  });

  it('leaves paid, failed and cancelled orders as they are', async () => {
    const fan = await t.fan();
    const [paid, failed, cancelled] = [
      await startTopUp(fan, 10),
      await startTopUp(fan, 11),
      await startTopUp(fan, 12),
    ];
    expect((await paySandbox(fan, paid._id, '4242 4242 4242 4242')).json().data.status).toBe('paid');
    expect((await paySandbox(fan, failed._id, '4000 0000 0000 0002')).json().data.status).toBe('failed');
    await t.request({ method: 'POST', url: `/api/payment/orders/${cancelled._id}/cancel`, token: fan.token });

    clock.advance(topUpLifetimeMs + minuteMs);
    await expireAbandonedTopUps(t.ctx);
    expect((await orderOf(fan, paid._id)).status).toBe('paid');
    expect((await orderOf(fan, failed._id)).status).toBe('failed');
    expect((await orderOf(fan, cancelled._id)).status).toBe('cancelled');
    expect(await balanceOf(fan)).toBe(10);
  });

  it('refuses to pay an expired checkout with a sentence, and charges nothing', async () => {
    const fan = await t.fan();
    const order = await startTopUp(fan, 25);
    clock.advance(topUpLifetimeMs + minuteMs);
    await expireAbandonedTopUps(t.ctx);

    const res = await paySandbox(fan, order._id, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This checkout has expired and nothing was charged. Start a new top-up from your wallet.',
    );
    expect(await balanceOf(fan)).toBe(0);
    expect((await orderOf(fan, order._id)).status).toBe('expired');
  });

  it('credits the wallet once when the gateway confirms an expired top-up late (money is never dropped)', async () => {
    const fan = await t.fan();
    const order = await startTopUp(fan, 30);
    clock.advance(topUpLifetimeMs + minuteMs);
    expect(await expireAbandonedTopUps(t.ctx)).toBe(1);

    expect(await deliverSandbox(order._id, 'payment.succeeded', 3000)).toBe('credited');
    expect(await balanceOf(fan)).toBe(30);
    expect(await orderOf(fan, order._id)).toMatchObject({ status: 'paid', failureReason: null });

    // The same payment confirmed again moves nothing; a late failure does not undo it.
    expect(await deliverSandbox(order._id, 'payment.succeeded', 3000)).toBe('already_paid');
    expect(await deliverSandbox(order._id, 'payment.failed', 3000)).toBe('ignored_after_paid');
    expect(await balanceOf(fan)).toBe(30);
  });

  it('is run by the queued job', async () => {
    const fan = await t.fan();
    const order = await startTopUp(fan, 20);
    clock.advance(topUpLifetimeMs + minuteMs);
    await t.ctx.queue.send(expireTopUpsJobName, {});
    await vi.waitFor(async () => expect((await orderOf(fan, order._id)).status).toBe('expired'), {
      timeout: 30_000,
      interval: 250,
    });
  });
});
