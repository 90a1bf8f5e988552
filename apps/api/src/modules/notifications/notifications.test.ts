import { sql } from '@fanstage/db';
import { buildProduct } from '@fanstage/db/factories';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { mailsTo, notificationsOf, waitForMail } from '../../../test/notifications';
import { grantWalletCredit } from '../wallet';
import { countNotificationsQuery, listNotificationsQuery } from './notifications.repo';
import { notificationEmailJobName, notify } from './notifications.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POLL_SECONDS: '0.5', PUBLIC_URL: 'https://fans.example.com' } });
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<TestApp['fan']>>;

const setPreference = (who: Account, type: string, channel: string) =>
  t.request({
    method: 'PUT',
    url: '/api/notifications/preferences',
    token: who.token,
    payload: { preferences: [{ type, channel }] },
  });

const listOf = async (who: Account, query = '') => {
  const res = await t.request({ url: `/api/notifications${query}`, token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: {
      _id: string;
      type: string;
      title: string;
      text: string;
      link: string | null;
      readAt: string | null;
    }[];
    total: number;
    unreadCount: number;
  };
};

describe('notify', () => {
  it('writes the in-app row, pushes it to the person and queues the mail when the preference is email', async () => {
    const fan = await t.fan();
    const pushed: unknown[] = [];
    const toUser = vi.spyOn(t.ctx.realtime, 'toUser').mockImplementation((userId, event, payload) => {
      if (userId === fan.user.id) pushed.push({ event, payload });
    });
    const sent = vi.spyOn(t.ctx.queue, 'send');
    try {
      await notify(t.ctx, {
        userIds: fan.user.id,
        type: 'order.shipped',
        title: 'Order #7 was shipped',
        text: 'Your order #7 is on its way. Tracking code: ZX1.',
        link: '/user/orders',
      });
    } finally {
      toUser.mockRestore();
    }
    const [row] = await notificationsOf(t.ctx, fan.user.id);
    expect(row).toMatchObject({
      type: 'order.shipped',
      title: 'Order #7 was shipped',
      link: '/user/orders',
      readAt: null,
    });
    expect(pushed).toEqual([
      {
        event: 'notification/created',
        payload: {
          notification: expect.objectContaining({ _id: row!.id, title: 'Order #7 was shipped' }),
          unreadCount: 1,
        },
      },
    ]);
    expect(sent.mock.calls.filter(([name]) => name === notificationEmailJobName)).toHaveLength(1);
    sent.mockRestore();

    const mail = await waitForMail(t.ctx, fan.user.email!, 'Order #7 was shipped');
    expect(mail.subject).toBe('Order #7 was shipped (Fanstage)');
    expect(mail.text).toContain(`Hello ${fan.user.name},`);
    expect(mail.text).toContain('Tracking code: ZX1.');
    expect(mail.text).toContain('https://fans.example.com/user/orders');
    expect(mail.html).toContain('href="https://fans.example.com/user/orders"');
  });

  it('writes the row without a mail when the preference is in-app, and nothing when it is off', async () => {
    const fan = await t.fan();
    expect((await setPreference(fan, 'order.shipped', 'in-app')).statusCode).toBe(200);
    const sent = vi.spyOn(t.ctx.queue, 'send');
    await notify(t.ctx, {
      userIds: fan.user.id,
      type: 'order.shipped',
      title: 'Shipped',
      text: 'On its way.',
    });
    expect(await notificationsOf(t.ctx, fan.user.id)).toHaveLength(1);
    expect(sent).not.toHaveBeenCalled();

    expect((await setPreference(fan, 'order.shipped', 'off')).statusCode).toBe(200);
    await notify(t.ctx, { userIds: fan.user.id, type: 'order.shipped', title: 'Shipped', text: 'Again.' });
    expect(await notificationsOf(t.ctx, fan.user.id)).toHaveLength(1);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('uses the type default without a stored choice (tips: in the bell only)', async () => {
    const creator = await t.creator();
    const sent = vi.spyOn(t.ctx.queue, 'send');
    await notify(t.ctx, { userIds: creator.user.id, type: 'tip.received', title: 'A tip', text: 'Ten.' });
    expect(await notificationsOf(t.ctx, creator.user.id)).toHaveLength(1);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('tells several people at once, each by their own preference', async () => {
    const [a, b] = [await t.admin(), await t.admin()];
    expect((await setPreference(b, 'payout.requested', 'off')).statusCode).toBe(200);
    await notify(t.ctx, {
      userIds: [a.user.id, b.user.id, a.user.id],
      type: 'payout.requested',
      title: 'Payout',
      text: 'x',
    });
    expect(await notificationsOf(t.ctx, a.user.id)).toHaveLength(1);
    expect(await notificationsOf(t.ctx, b.user.id)).toHaveLength(0);
  });

  it('writes the calls of one turn in one statement, each by its own preference and with running unread counts', async () => {
    const [creator, fan, quiet] = [await t.creator(), await t.fan(), await t.fan()];
    expect((await setPreference(quiet, 'order.shipped', 'off')).statusCode).toBe(200);
    expect((await setPreference(fan, 'order.shipped', 'email')).statusCode).toBe(200);
    const pushed: { userId: string; payload: { notification: { title: string }; unreadCount: number } }[] =
      [];
    const watched = new Set([creator.user.id, fan.user.id, quiet.user.id]);
    const toUser = vi.spyOn(t.ctx.realtime, 'toUser').mockImplementation((userId, _event, payload) => {
      if (typeof userId === 'string' && watched.has(userId))
        pushed.push({ userId, payload: payload as (typeof pushed)[number]['payload'] });
    });
    const sent = vi.spyOn(t.ctx.queue, 'send');
    const before = t.ctx.db.statements();
    try {
      // Three tips to one creator and an order notice to two fans, asked for together.
      await Promise.all([
        ...[1, 2, 3].map((n) =>
          notify(t.ctx, { userIds: creator.user.id, type: 'tip.received', title: `Tip ${n}`, text: `${n}.` }),
        ),
        notify(t.ctx, {
          userIds: [fan.user.id, quiet.user.id],
          type: 'order.shipped',
          title: 'Shipped',
          text: 'On its way.',
        }),
      ]);
    } finally {
      toUser.mockRestore();
    }
    const sentSql = t.ctx.db.lastStatements(t.ctx.db.statements() - before);
    expect(sentSql.filter((q) => q.includes('insert into "notifications"'))).toHaveLength(1);
    expect((await notificationsOf(t.ctx, creator.user.id)).map((n) => n.title).sort()).toEqual([
      'Tip 1',
      'Tip 2',
      'Tip 3',
    ]);
    expect(await notificationsOf(t.ctx, fan.user.id)).toHaveLength(1);
    expect(await notificationsOf(t.ctx, quiet.user.id)).toHaveLength(0);
    const creatorCounts = pushed
      .filter((p) => p.userId === creator.user.id)
      .map((p) => [p.payload.notification.title, p.payload.unreadCount]);
    expect(creatorCounts).toEqual([
      ['Tip 1', 1],
      ['Tip 2', 2],
      ['Tip 3', 3],
    ]);
    expect(pushed.filter((p) => p.userId === quiet.user.id)).toEqual([]);
    const mails = sent.mock.calls.filter(([name]) => name === notificationEmailJobName);
    expect(mails.map(([, job]) => (job as { userId: string }).userId)).toEqual([fan.user.id]);
    sent.mockRestore();
  });

  it('never throws: an unknown person is skipped and the failure is only logged', async () => {
    await expect(
      notify(t.ctx, {
        userIds: '00000000-0000-4000-8000-000000000000',
        type: 'tip.received',
        title: 'x',
        text: 'y',
      }),
    ).resolves.toBeUndefined();
  });
});

describe('GET /notifications and reading them', () => {
  it('lists newest first with the unread count, pages, and marks one or all read', async () => {
    const fan = await t.fan();
    for (const n of [1, 2, 3]) {
      await notify(t.ctx, {
        userIds: fan.user.id,
        type: 'order.delivered',
        title: `Order ${n}`,
        text: 'Delivered.',
      });
    }
    const all = await listOf(fan);
    expect(all.total).toBe(3);
    expect(all.unreadCount).toBe(3);
    const page = await listOf(fan, '?limit=2&offset=0');
    expect(page.data).toHaveLength(2);
    expect(page.total).toBe(3);

    const first = all.data[0]!;
    const read = await t.request({
      method: 'POST',
      url: `/api/notifications/${first._id}/read`,
      token: fan.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { unreadCount: 2 } });
    const after = await listOf(fan);
    expect(after.data.find((n) => n._id === first._id)?.readAt).not.toBeNull();
    expect((await listOf(fan, '?unread=true')).data.map((n) => n._id)).not.toContain(first._id);

    const readAll = await t.request({ method: 'POST', url: '/api/notifications/read-all', token: fan.token });
    expect(readAll.json()).toEqual({ data: { unreadCount: 0 } });
    expect((await listOf(fan)).unreadCount).toBe(0);
  });

  it('counts unread notifications up to 100 and keeps the unread list total exact', async () => {
    const fan = await t.fan();
    await t.ctx.db.db.execute(
      sql`insert into notifications (id, user_id, type, title, body, created_at)
          select gen_random_uuid(), ${fan.user.id}, 'order.delivered', 'Order ' || i, 'Delivered.', now() - i * interval '1 second'
          from generate_series(1, 104) i`,
    );
    const pushed: unknown[] = [];
    const toUser = vi.spyOn(t.ctx.realtime, 'toUser').mockImplementation((userId, event, payload) => {
      if (userId === fan.user.id) pushed.push({ event, payload });
    });
    try {
      await notify(t.ctx, { userIds: fan.user.id, type: 'order.delivered', title: 'Order 105', text: 'x' });
    } finally {
      toUser.mockRestore();
    }
    expect(pushed).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ unreadCount: 100 }) }),
    ]);
    const unread = await listOf(fan, '?unread=true');
    expect(unread.total).toBe(105);
    expect(unread.unreadCount).toBe(100);
    const first = unread.data[0]!;
    const read = await t.request({
      method: 'POST',
      url: `/api/notifications/${first._id}/read`,
      token: fan.token,
    });
    expect(read.json()).toEqual({ data: { unreadCount: 100 } });
    expect((await listOf(fan, '?unread=true')).total).toBe(104);
    await t.request({ method: 'POST', url: '/api/notifications/read-all', token: fan.token });
    await t.ctx.db.db.execute(
      sql`update notifications set read_at = null where id in (select id from notifications where user_id = ${fan.user.id} order by created_at desc limit 99)`,
    );
    expect((await listOf(fan)).unreadCount).toBe(99);
  });

  it("answers 404 for another person's notification and leaves it unread", async () => {
    const [owner, other] = [await t.fan(), await t.fan()];
    await notify(t.ctx, { userIds: owner.user.id, type: 'order.delivered', title: 'Mine', text: 'x' });
    const [row] = await notificationsOf(t.ctx, owner.user.id);
    const res = await t.request({
      method: 'POST',
      url: `/api/notifications/${row!.id}/read`,
      token: other.token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The notification was not found.');
    expect((await notificationsOf(t.ctx, owner.user.id))[0]?.readAt).toBeNull();
    const readAll = await t.request({
      method: 'POST',
      url: '/api/notifications/read-all',
      token: other.token,
    });
    expect(readAll.statusCode).toBe(200);
    expect((await notificationsOf(t.ctx, owner.user.id))[0]?.readAt).toBeNull();
    expect((await listOf(other)).data).toEqual([]);
  });

  it('refuses bad input with a sentence and anonymous callers with 401', async () => {
    const fan = await t.fan();
    const badId = await t.request({ method: 'POST', url: '/api/notifications/nope/read', token: fan.token });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
    const badLimit = await t.request({ url: '/api/notifications?limit=500', token: fan.token });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toContain('The limit can be at most 50.');
    expect((await t.request({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/notifications/preferences' })).statusCode).toBe(401);
  });
});

describe('the bell queries (every page of a logged-in person)', () => {
  it('read the list and the unread count from the notifications indexes, never a scan', async () => {
    const fan = await t.fan();
    const plans = await t.ctx.db.db.transaction(async (tx) => {
      // A test table is tiny, so the planner would rather scan it; forbid that to see the index is usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explain = async (query: { getSQL(): SQL }) => {
        const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      return {
        list: await explain(
          listNotificationsQuery(tx, { userId: fan.user.id, offset: 0, limit: 20, onlyUnread: false }),
        ),
        unread: await explain(countNotificationsQuery(tx, { userId: fan.user.id, onlyUnread: true })),
      };
    });
    expect(plans.list).toMatch(/notifications_user_created_idx/);
    expect(plans.list, plans.list).not.toMatch(/Sort/);
    expect(plans.unread).toMatch(/notifications_user_unread_idx/);
  });
});

describe('preferences', () => {
  it('lists the types of the role with their defaults and keeps a change', async () => {
    const creator = await t.creator();
    const res = await t.request({ url: '/api/notifications/preferences', token: creator.token });
    expect(res.statusCode).toBe(200);
    const types = (res.json().data as { type: string; channel: string }[]).map((p) => [p.type, p.channel]);
    expect(types).toContainEqual(['tip.received', 'in-app']);
    expect(types).toContainEqual(['order.placed', 'email']);
    expect(types.map(([type]) => type)).not.toContain('order.shipped');
    expect(types.map(([type]) => type)).not.toContain('account.deactivated');

    const put = await setPreference(creator, 'tip.received', 'email');
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toContainEqual(
      expect.objectContaining({ type: 'tip.received', channel: 'email' }),
    );
    const again = await t.request({ url: '/api/notifications/preferences', token: creator.token });
    expect(again.json().data).toContainEqual(
      expect.objectContaining({ type: 'tip.received', channel: 'email' }),
    );
  });

  it('refuses a type the role never receives (422), an unknown type or channel (400), and changes nothing', async () => {
    const fan = await t.fan();
    const foreign = await setPreference(fan, 'payout.requested', 'off');
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe('"Payout requests" is not a notification your account can choose.');
    const unknown = await setPreference(fan, 'nonsense', 'off');
    expect(unknown.statusCode).toBe(400);
    const badChannel = await setPreference(fan, 'order.shipped', 'pigeon');
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().message).toContain('Choose email, in-app or off.');
    const empty = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: fan.token,
      payload: { preferences: [] },
    });
    expect(empty.statusCode).toBe(400);
    const prefs = await t.request({ url: '/api/notifications/preferences', token: fan.token });
    expect(prefs.json().data).toContainEqual(
      expect.objectContaining({ type: 'order.shipped', channel: 'email' }),
    );
  });

  it('a mandatory notice is mailed whatever the stored choice', async () => {
    const fan = await t.fan();
    await notify(t.ctx, {
      userIds: fan.user.id,
      type: 'account.deactivated',
      title: 'Your account was deactivated',
      text: 'Reason: spam.',
    });
    await waitForMail(t.ctx, fan.user.email!, 'Your account was deactivated');
    expect((await mailsTo(t.ctx, fan.user.email!))[0]?.text).not.toContain('choose which mails');
  });
});

describe('wired events', () => {
  it('a tip tells the creator once, even when the same Idempotency-Key is replayed', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 5000,
      reason: 'test',
      initiatorId: null,
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'POST',
        url: `/api/wallet/charges/tip/${creator.user.id}`,
        token: fan.token,
        headers: { 'idempotency-key': 'tip-notify-once' },
        payload: { amount: 12.5 },
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await notificationsOf(t.ctx, creator.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'tip.received',
      title: `${fan.user.username} sent you a tip`,
      body: `${fan.user.username} tipped you $12.50.`,
      link: '/creator/earnings',
    });
  });

  const fund = (who: Account, cents: number) =>
    grantWalletCredit(t.ctx, { userId: who.user.id, amountCents: cents, reason: 'test', initiatorId: null });
  const post = (who: Account, url: string, payload: object = {}) =>
    t.request({ method: 'POST', url, token: who.token, payload });
  const typesOf = async (who: Account) => (await notificationsOf(t.ctx, who.user.id)).map((n) => n.type);

  it('a wallet subscription tells the creator of the new subscriber', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
    await fund(fan, 2000);
    const res = await post(fan, '/api/payment/subscribe/performers', {
      performerId: creator.user.id,
      type: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await notificationsOf(t.ctx, creator.user.id);
    expect(row).toMatchObject({
      type: 'subscription.new',
      title: `${fan.user.username} subscribed to you`,
      link: '/creator/subscribers',
    });
  });

  it('a payout request tells every admin; the review tells the creator', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const admins = [await t.admin(), await t.admin()];
    await fund(fan, 20_000);
    expect((await post(fan, `/api/wallet/charges/tip/${creator.user.id}`, { amount: 100 })).statusCode).toBe(
      200,
    );
    const bank = await t.request({
      method: 'PUT',
      url: '/api/performers/banking-settings',
      token: creator.token,
      payload: {
        holderName: 'Luna Rivers',
        bankName: 'Example Bank',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        swiftCode: 'DEUTDEFF',
        country: 'de',
      },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const made = await post(creator, '/api/payout-requests', { amount: 50 });
    expect(made.statusCode, made.body).toBe(200);
    for (const admin of admins) {
      const rows = await notificationsOf(t.ctx, admin.user.id);
      expect(rows.map((r) => [r.type, r.link])).toContainEqual(['payout.requested', '/admin/payouts']);
    }
    const rejected = await post(admins[0]!, `/api/admin/payout-requests/${made.json().data._id}/reject`, {
      reason: 'Wrong bank',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [told] = await notificationsOf(t.ctx, creator.user.id);
    expect(told).toMatchObject({ type: 'payout.updated', title: 'Your payout request of 50.00 is rejected' });
    expect(told?.body).toContain('Reason: Wrong bank');
  });

  it('an order tells the creator its number; shipping and delivery tell the fan', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan, 10_000);
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, name: 'Glossy Zine' });
    const address = await post(fan, '/api/addresses/create', {
      name: 'Home',
      fullName: 'Ava Thompson',
      street: '1 Main Street',
      city: 'Springfield',
      country: 'United States',
    });
    const bought = await post(fan, `/api/wallet/charges/product/${product.id}`, {
      quantity: 2,
      deliveryAddressId: address.json().data._id,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { orderId, orderNumber } = bought.json().data as { orderId: string; orderNumber: number };
    const [placed] = await notificationsOf(t.ctx, creator.user.id);
    expect(placed).toMatchObject({
      type: 'order.placed',
      title: `New order #${orderNumber}`,
      body: `${fan.user.username} ordered 2 × Glossy Zine (order #${orderNumber}).`,
    });

    const update = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/orders/${orderId}/update`, token: creator.token, payload });
    expect((await update({ deliveryStatus: 'shipping', trackingCode: 'TRACK-123' })).statusCode).toBe(200);
    const [shipped] = await notificationsOf(t.ctx, fan.user.id);
    expect(shipped).toMatchObject({ type: 'order.shipped', link: '/user/orders' });
    expect(shipped?.body).toContain('Tracking code: TRACK-123.');
    // The same status again (a tracking code fix) tells nobody again.
    expect((await update({ deliveryStatus: 'shipping', trackingCode: 'TRACK-124' })).statusCode).toBe(200);
    expect(await typesOf(fan)).toEqual(['order.shipped']);
    expect((await update({ deliveryStatus: 'delivered' })).statusCode).toBe(200);
    expect(await typesOf(fan)).toEqual(['order.delivered', 'order.shipped']);
  });

  it("a creator's answer to a private show request tells the fan", async () => {
    const [fan, creator] = [
      await t.fan(),
      await t.creator({ privateCallPrice: 1, profile: { acceptsCalls: true } }),
    ];
    const ask = () =>
      post(fan, '/api/streaming/private/request', {
        performerId: creator.user.id,
        scheduledAt: new Date(t.ctx.clock.now().getTime() + 3_600_000).toISOString(),
        timezone: 'Europe/Paris',
        note: 'Hello',
      });
    await fund(fan, 5000);
    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    const approved = await post(creator, `/api/streaming/private/request/${first.json().data._id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [told] = await notificationsOf(t.ctx, fan.user.id);
    expect(told).toMatchObject({
      type: 'private-show.answered',
      title: `${creator.user.username} approved your private show`,
      link: `/private-shows/${first.json().data._id}`,
    });
  });
});
