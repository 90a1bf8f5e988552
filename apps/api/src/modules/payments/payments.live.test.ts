import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serverEvents, type TBalanceChangedEvent, type TNotificationEvent } from '@fanstage/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/* A confirmed top-up reaches the fan's open pages: the new balance and a notice, over the socket. */

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

async function connectAs(token: string) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, query: { token } });
  await new Promise((resolve, reject) => {
    socket.once(serverEvents.authResult, resolve);
    socket.once('connect_error', reject);
  });
  const balances: TBalanceChangedEvent[] = [];
  const notices: TNotificationEvent[] = [];
  socket.on(serverEvents.balanceChanged, (e: TBalanceChangedEvent) => balances.push(e));
  socket.on(serverEvents.notification, (e: TNotificationEvent) => notices.push(e));
  return { socket, balances, notices };
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('top-up confirmations over the socket', () => {
  let socket: Socket | null = null;
  afterAll(() => {
    socket?.disconnect();
  });

  it('a paid top-up sends the new balance and a notice once; a declined card sends only the reason', async () => {
    const fan = await t.fan();
    const other = await t.fan();
    const live = await connectAs(fan.token);
    const otherLive = await connectAs(other.token);
    socket = live.socket;
    const start = async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/payment/wallet/top-up',
        token: fan.token,
        payload: { amount: 20 },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.order._id as string;
    };
    const pay = (orderId: string, cardNumber: string) =>
      t.request({
        method: 'POST',
        url: `/api/payment/sandbox/checkout/${orderId}/pay`,
        token: fan.token,
        payload: { cardNumber, expiry: '12/30', cvc: '123', name: 'Test Fan' },
      });

    const declinedOrder = await start();
    expect((await pay(declinedOrder, '4000 0000 0000 0002')).statusCode).toBe(200);
    await until(() => live.notices.length > 0);
    expect(live.balances).toEqual([]);
    expect(live.notices).toEqual([
      expect.objectContaining({
        type: 'top-up',
        title: 'Your top-up did not go through',
        link: '/user/wallet',
      }),
    ]);

    const paidOrder = await start();
    expect((await pay(paidOrder, '4242 4242 4242 4242')).statusCode).toBe(200);
    await until(() => live.balances.length > 0 && live.notices.length > 1);
    expect(live.balances).toEqual([{ balance: 20 }]);
    expect(live.notices[1]).toMatchObject({
      type: 'top-up',
      title: 'Top-up received',
      text: '20.00 was added to your wallet.',
    });
    // Paying the same order again is refused and announces nothing more.
    expect((await pay(paidOrder, '4242 4242 4242 4242')).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 150));
    expect(live.balances).toHaveLength(1);
    expect(otherLive.balances).toEqual([]);
    expect(otherLive.notices).toEqual([]);
    otherLive.socket.disconnect();
  });
});
