import { payoutRequests } from '@fanstage/db';
import { buildProduct } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { grantWalletCredit } from '../wallet';

/*
 * The admin money lists (orders, payout requests, coupons, token packages) page with offset and
 * limit, filter and search, and refuse bad paging with 400 and non-admins with 403.
 */

let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
let admin: Account;
let fan: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  fan = await t.fan();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, as: Account = admin) => t.request({ url, token: as.token });
const ids = (res: Awaited<ReturnType<typeof get>>) => res.json().data.map((r: { _id: string }) => r._id);

const badPaging = ['limit=0', 'limit=101', 'offset=-1', 'offset=x', 'limit=2.5'];

async function expectPaging(url: string, expectedTotal: number) {
  const sep = url.includes('?') ? '&' : '?';
  const first = await get(`${url}${sep}limit=2`);
  expect(first.statusCode).toBe(200);
  expect(first.json().total).toBe(expectedTotal);
  expect(first.json().data).toHaveLength(Math.min(2, expectedTotal));
  const rest = await get(`${url}${sep}limit=2&offset=2`);
  expect(rest.json().total).toBe(expectedTotal);
  const seen = [...ids(first), ...ids(rest)];
  expect(new Set(seen).size).toBe(seen.length);
  const past = await get(`${url}${sep}offset=${expectedTotal}`);
  expect(past.json()).toEqual({ data: [], total: expectedTotal });
}

async function expectRefused(url: string) {
  const sep = url.includes('?') ? '&' : '?';
  for (const bad of badPaging) expect((await get(`${url}${sep}${bad}`)).statusCode, bad).toBe(400);
  expect((await get(url, fan)).statusCode).toBe(403);
  expect((await t.request({ url })).statusCode).toBe(401);
}

describe('GET /api/admin/orders/search', () => {
  it('pages the orders and finds them by buyer, creator or product name and by status', async () => {
    const ada = await t.fan({ name: 'Ada Quartz' });
    const bob = await t.fan({ name: 'Bob Stone' });
    const maker = await t.creator({ name: 'Mira Maker' });
    const other = await t.creator({ name: 'Otto Other' });
    const product = await buildProduct(t.ctx.db.db, {
      performerId: maker.user.id,
      name: 'Glossy Zine',
      type: 'digital',
      priceCents: 1000,
      stock: null,
    });
    const poster = await buildProduct(t.ctx.db.db, {
      performerId: other.user.id,
      name: 'Big Poster',
      type: 'digital',
      priceCents: 1000,
      stock: null,
    });
    const orderIds: string[] = [];
    for (const [buyer, item] of [
      [ada, product],
      [ada, poster],
      [bob, product],
    ] as const) {
      await grantWalletCredit(t.ctx, {
        userId: buyer.user.id,
        amountCents: 1000,
        reason: 't',
        initiatorId: null,
      });
      const res = await t.request({
        method: 'POST',
        url: `/api/wallet/charges/product/${item.id}`,
        token: buyer.token,
        payload: { quantity: 1 },
      });
      expect(res.statusCode).toBe(200);
      orderIds.push(res.json().data.orderId);
    }
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${orderIds[1]}/refund`,
      token: admin.token,
    });
    expect(refund.statusCode).toBe(200);

    await expectPaging('/api/admin/orders/search', 3);
    expect(ids(await get('/api/admin/orders/search?q=quartz'))).toEqual([orderIds[1], orderIds[0]]);
    expect(ids(await get('/api/admin/orders/search?q=Mira'))).toEqual([orderIds[2], orderIds[0]]);
    expect(ids(await get(`/api/admin/orders/search?q=${other.user.username}`))).toEqual([orderIds[1]]);
    expect(ids(await get('/api/admin/orders/search?q=zine&deliveryStatus=delivered'))).toEqual([
      orderIds[2],
      orderIds[0],
    ]);
    const refunded = await get('/api/admin/orders/search?q=ada&deliveryStatus=refunded');
    expect(refunded.json()).toMatchObject({ total: 1, data: [{ _id: orderIds[1] }] });
    // Wildcards are taken literally.
    expect((await get('/api/admin/orders/search?q=%25')).json().total).toBe(0);
    // A creator's own search takes the same q, within their orders only.
    const mine = await t.request({ url: '/api/orders/search?q=ada', token: maker.token });
    expect(ids(mine)).toEqual([orderIds[0]]);
  });

  it('refuses bad paging, an unknown status and a huge query with 400, and non-admins', async () => {
    await expectRefused('/api/admin/orders/search');
    expect((await get('/api/admin/orders/search?deliveryStatus=lost')).statusCode).toBe(400);
    expect((await get(`/api/admin/orders/search?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/payout-requests/search', () => {
  it('pages the requests and filters them by status', async () => {
    const creators = await Promise.all([1, 2, 3, 4].map(() => t.creator()));
    const statuses = ['pending', 'pending', 'approved', 'rejected'] as const;
    await t.ctx.db.db.insert(payoutRequests).values(
      creators.map((c, i) => ({
        performerId: c.user.id,
        amountCents: 5000 + i,
        method: 'bank' as const,
        status: statuses[i]!,
      })),
    );
    await expectPaging('/api/admin/payout-requests/search', 4);
    const pending = await get('/api/admin/payout-requests/search?status=pending&limit=1');
    expect(pending.json().total).toBe(2);
    expect(pending.json().data).toHaveLength(1);
    expect(pending.json().data[0].status).toBe('pending');
    const approved = await get('/api/admin/payout-requests/search?status=approved');
    expect(approved.json()).toMatchObject({ total: 1, data: [{ status: 'approved' }] });
  });

  it('refuses bad paging and an unknown status with 400, and non-admins', async () => {
    await expectRefused('/api/admin/payout-requests/search');
    expect((await get('/api/admin/payout-requests/search?status=lost')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/coupons/search and /api/admin/package/token/search', () => {
  it('pages coupons and token packages and finds them by code or name', async () => {
    for (const code of ['SPRING10', 'SPRING20', 'SUMMER5']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/coupons',
        token: admin.token,
        payload: { code, value: 10, numberOfUses: 5 },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const name of ['Starter 100', 'Fan 500', 'Whale 5000']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/package/token',
        token: admin.token,
        payload: { name, tokens: 100, price: 90, ordering: 1 },
      });
      expect(res.statusCode).toBe(200);
    }
    await expectPaging('/api/admin/coupons/search', 3);
    expect((await get('/api/admin/coupons/search?q=spring')).json().total).toBe(2);
    await expectPaging('/api/admin/package/token/search', 3);
    expect((await get('/api/admin/package/token/search?q=whale')).json().total).toBe(1);
  });

  it('refuses bad paging with 400, and non-admins', async () => {
    await expectRefused('/api/admin/coupons/search');
    await expectRefused('/api/admin/package/token/search');
  });
});
