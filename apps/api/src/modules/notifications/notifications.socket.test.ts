import type { AddressInfo } from 'node:net';
import type { ServerEventName, ServerEventPayloads } from '@fanstage/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { grantWalletCredit } from '../wallet';

/*
 * The bell of every open tab: a notification reaches each connection of its person (a second tab
 * too), nobody else's, and reading it in one tab updates the others.
 */

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
});

/** A connected, authenticated socket (a tab of the person with this token). */
async function tab(token: string) {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, query: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('auth/result', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function collect<K extends ServerEventName>(socket: Socket, event: K) {
  const received: ServerEventPayloads[K][] = [];
  socket.on(event as string, (payload: ServerEventPayloads[K]) => received.push(payload));
  return received;
}

describe('notifications over the socket', () => {
  it("a tip reaches both of the creator's tabs at once, and no one else's", async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 2000,
      reason: 'test',
      initiatorId: null,
    });
    const [first, second, fansTab] = [
      await tab(creator.token),
      await tab(creator.token),
      await tab(fan.token),
    ];
    const inFirst = collect(first, 'notification/created');
    const inSecond = collect(second, 'notification/created');
    const inFans = collect(fansTab, 'notification/created');

    const res = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      payload: { amount: 15 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(inSecond).toHaveLength(1), { timeout: 5000, interval: 20 });
    await vi.waitFor(() => expect(inFirst).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(inSecond[0]).toMatchObject({
      notification: { type: 'tip.received', title: `${fan.user.username} sent you a tip`, readAt: null },
      unreadCount: 1,
    });
    expect(inFirst[0]).toEqual(inSecond[0]);
    expect(inFans).toEqual([]);
  });

  it('reading in one tab tells the other tabs the new unread count', async () => {
    const fan = await t.fan();
    const [reader, other] = [await tab(fan.token), await tab(fan.token)];
    const created = collect(reader, 'notification/created');
    const { notify } = await import('./notifications.service');
    await notify(t.ctx, { userIds: fan.user.id, type: 'order.delivered', title: 'Delivered', text: 'x' });
    await vi.waitFor(() => expect(created).toHaveLength(1), { timeout: 5000, interval: 20 });
    const read = collect(other, 'notification/read');
    const id = created[0]!.notification._id;
    const res = await t.request({ method: 'POST', url: `/api/notifications/${id}/read`, token: fan.token });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(read).toEqual([{ ids: [id], unreadCount: 0 }]), {
      timeout: 5000,
      interval: 20,
    });
  });
});
