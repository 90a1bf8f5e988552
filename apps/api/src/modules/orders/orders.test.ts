import { earningRefunds, eq, files, orders, products } from '@fanstage/db';
import { buildProduct } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { earningsBalance, reconcileLedger } from '../wallet';
import { parseOrderSearch } from './orders.service';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const balanceOf = async (account: Account) =>
  (await t.request({ url: '/api/users/me', token: account.token })).json().data.balance as number;

const addressPayload = {
  name: 'Home',
  fullName: 'Ava Thompson',
  phone: '+1 555 0100',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
};

async function addAddress(fan: Account, overrides: object = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/addresses/create',
    token: fan.token,
    payload: { ...addressPayload, ...overrides },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

const buy = (fan: Account, productId: string, payload: object, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/wallet/charges/product/${productId}`,
    token: fan.token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

const stockOf = async (id: string) =>
  (await t.ctx.db.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

/** A digital product whose file is stored as uploads are: under `…/file`, with no extension. */
async function digitalProduct(
  performerId: string,
  options: { name?: string; bytes?: Buffer; originalName?: string } = {},
) {
  const bytes = options.bytes ?? Buffer.from('the digital goods');
  const key = `private/products/${performerId}-${Math.random().toString(36).slice(2)}/file`;
  await t.ctx.storage.put(key, bytes);
  const [file] = await t.ctx.db.db
    .insert(files)
    .values({
      ownerId: performerId,
      kind: 'product-digital',
      visibility: 'private',
      storageKey: key,
      mimeType: 'application/octet-stream',
      size: bytes.length,
      status: 'ready',
      originalName: options.originalName ?? 'goods.zip',
    })
    .returning();
  return buildProduct(t.ctx.db.db, {
    performerId,
    type: 'digital',
    stock: null,
    priceCents: 500,
    digitalFileId: file!.id,
    ...(options.name ? { name: options.name } : {}),
  });
}

/** The start of a PDF: what file-type needs to name it. */
const pdfBytes = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
  'latin1',
);

describe('addresses', () => {
  it("creates, lists, changes and deletes the fan's own addresses; others' ids answer 404", async () => {
    const [fan, other] = [await t.fan(), await t.fan()];
    const id = await addAddress(fan);
    const list = await t.request({ url: '/api/addresses/search', token: fan.token });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: id, city: 'Springfield' }] });
    const put = (token: string) =>
      t.request({
        method: 'PUT',
        url: `/api/addresses/${id}`,
        token,
        payload: { ...addressPayload, city: 'Chicago' },
      });
    expect((await put(other.token)).statusCode).toBe(404);
    expect((await put(fan.token)).json().data.city).toBe('Chicago');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/addresses/${id}`, token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/addresses/${id}`, token: fan.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ url: '/api/addresses/search', token: fan.token })).json().total).toBe(0);
  });

  it('refuses incomplete addresses with 400', async () => {
    const fan = await t.fan();
    for (const payload of [{}, { ...addressPayload, street: '' }, { ...addressPayload, extra: 1 }]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/addresses/create',
        token: fan.token,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('product charge and orders', () => {
  it('stock 2: buying 3 is refused, buying 2 makes a processing order and stock 0', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      stock: 2,
      priceCents: 1500,
    });
    const addressId = await addAddress(fan);

    const tooMany = await buy(fan, product.id, { quantity: 3, deliveryAddressId: addressId });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Not enough stock');
    expect(await balanceOf(fan)).toBe(100);

    const noAddress = await buy(fan, product.id, { quantity: 1 });
    expect(noAddress.statusCode).toBe(422);

    const ok = await buy(fan, product.id, { quantity: 2, deliveryAddressId: addressId }, 'buy-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 'product', amount: 30, balance: 70, targetId: product.id });
    const replay = await buy(fan, product.id, { quantity: 2, deliveryAddressId: addressId }, 'buy-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(product.id)).toBe(0);
    expect(await balanceOf(fan)).toBe(70);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(2400);

    const orderId = ok.json().data.orderId as string;
    const order = await t.request({ url: `/api/orders/${orderId}`, token: fan.token });
    expect(order.json().data).toMatchObject({
      deliveryStatus: 'processing',
      quantity: 2,
      totalPrice: 30,
      deliveryAddress: { city: 'Springfield', fullName: 'Ava Thompson' },
    });
    const sellerList = await t.request({ url: '/api/orders/search', token: creator.token });
    expect(sellerList.json()).toMatchObject({ total: 1, data: [{ _id: orderId }] });
    const buyerList = await t.request({ url: '/api/orders/users/search', token: fan.token });
    expect(buyerList.json()).toMatchObject({ total: 1, data: [{ _id: orderId }] });
  });

  it('the address changes only while processing; delivery moves forward only, by the seller', async () => {
    const [fan, creator, stranger] = [await t.fan(), await t.creator(), await t.fan()];
    await t.fund(fan.user, 100);
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, stock: 5 });
    const home = await addAddress(fan);
    const work = await addAddress(fan, { name: 'Work', city: 'Chicago' });
    const strangerAddress = await addAddress(stranger);
    const orderId = (await buy(fan, product.id, { quantity: 1, deliveryAddressId: home })).json().data
      .orderId as string;

    const changeAddress = (account: Account, deliveryAddressId: string) =>
      t.request({
        method: 'PUT',
        url: `/api/orders/${orderId}/update/delivery-address`,
        token: account.token,
        payload: { deliveryAddressId },
      });
    expect((await changeAddress(fan, strangerAddress)).statusCode).toBe(404);
    expect((await changeAddress(stranger, strangerAddress)).statusCode).toBe(404);
    const changed = await changeAddress(fan, work);
    expect(changed.json().data.deliveryAddress.city).toBe('Chicago');

    const update = (account: Account, payload: object) =>
      t.request({ method: 'PUT', url: `/api/orders/${orderId}/update`, token: account.token, payload });
    expect((await update(fan, { deliveryStatus: 'shipping' })).statusCode).toBe(404);
    const shipped = await update(creator, { deliveryStatus: 'shipping', trackingCode: 'TRACK-123' });
    expect(shipped.json().data).toMatchObject({ deliveryStatus: 'shipping', trackingCode: 'TRACK-123' });
    expect((await changeAddress(fan, home)).statusCode).toBe(422);
    expect((await update(creator, { deliveryStatus: 'processing' })).statusCode).toBe(422);
    expect((await update(creator, { deliveryStatus: 'refunded' })).statusCode).toBe(400);
    expect((await update(creator, { deliveryStatus: 'delivered' })).json().data.deliveryStatus).toBe(
      'delivered',
    );
    expect((await t.request({ url: `/api/orders/${orderId}`, token: stranger.token })).statusCode).toBe(404);
  });

  it('a digital product is delivered at once with an expiring download link for the buyer only', async () => {
    const [fan, creator, other] = [await t.fan(), await t.creator(), await t.fan()];
    await t.fund(fan.user, 20);
    const product = await digitalProduct(creator.user.id);
    const link = (account: Account) =>
      t.request({ url: `/api/performer-assets/products/${product.id}/download-link`, token: account.token });
    expect((await link(fan)).statusCode).toBe(404);

    const bought = await buy(fan, product.id, {});
    expect(bought.statusCode).toBe(200);
    const order = await t.request({ url: `/api/orders/${bought.json().data.orderId}`, token: fan.token });
    expect(order.json().data).toMatchObject({ deliveryStatus: 'delivered', deliveryAddress: null });

    const res = await link(fan);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    const file = await t.request({ url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the digital goods');
    expect((await link(other)).statusCode).toBe(404);
    expect((await link(creator)).statusCode).toBe(200);

    clock.advance(11 * 60 * 1000);
    expect((await t.request({ url })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await buy(fan, product.id, { quantity: 2 })).statusCode).toBe(422);
  });

  it('gives every order the next number, in the charge, the order and every list', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    await t.fund(fan.user, 50);
    const first = await buy(fan, (await digitalProduct(creator.user.id)).id, {});
    const second = await buy(fan, (await digitalProduct(creator.user.id)).id, {});
    const [a, b] = [first.json().data, second.json().data];
    expect(Number.isInteger(a.orderNumber)).toBe(true);
    expect(a.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(b.orderNumber).toBe(a.orderNumber + 1);

    const order = await t.request({ url: `/api/orders/${a.orderId}`, token: fan.token });
    expect(order.json().data).toMatchObject({ _id: a.orderId, number: a.orderNumber });
    for (const [url, account] of [
      ['/api/orders/users/search', fan],
      ['/api/orders/search', creator],
      ['/api/admin/orders/search', admin],
    ] as const) {
      const list = await t.request({ url, token: account.token });
      expect(list.json().data.find((o: { _id: string }) => o._id === b.orderId)?.number, url).toBe(
        b.orderNumber,
      );
    }
  });

  it('finds an order by "#1042" or "1042" only in the lists of those who may see it', async () => {
    const [fan, other, creator, otherCreator, admin] = [
      await t.fan(),
      await t.fan(),
      await t.creator(),
      await t.creator(),
      await t.admin(),
    ];
    await t.fund(fan.user, 50);
    await t.fund(other.user, 50);
    const mine = (await buy(fan, (await digitalProduct(creator.user.id)).id, {})).json().data;
    const theirs = (await buy(other, (await digitalProduct(otherCreator.user.id)).id, {})).json().data;
    const search = async (url: string, account: Account, q: string) => {
      const res = await t.request({ url, query: { q }, token: account.token });
      expect(res.statusCode, `${url}?q=${q}`).toBe(200);
      return res.json().data.map((o: { _id: string }) => o._id);
    };

    for (const q of [`#${mine.orderNumber}`, `${mine.orderNumber}`, `Order #${mine.orderNumber}`]) {
      expect(await search('/api/orders/users/search', fan, q), q).toEqual([mine.orderId]);
      expect(await search('/api/orders/search', creator, q), q).toEqual([mine.orderId]);
      expect(await search('/api/admin/orders/search', admin, q), q).toEqual([mine.orderId]);
    }
    // Someone else's order number finds nothing: the number is no way around who may see an order.
    expect(await search('/api/orders/users/search', fan, `#${theirs.orderNumber}`)).toEqual([]);
    expect(await search('/api/orders/search', creator, `#${theirs.orderNumber}`)).toEqual([]);
    expect(await search('/api/admin/orders/search', admin, `#${theirs.orderNumber}`)).toEqual([
      theirs.orderId,
    ]);
    // A number no order can have is a search that finds nothing, not an error.
    expect(await search('/api/admin/orders/search', admin, '#99999999999')).toEqual([]);
    expect(await search('/api/admin/orders/search', admin, '#')).toEqual([]);
  });

  it('saves the download under the product name with the extension of the stored bytes', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20);
    const product = await digitalProduct(creator.user.id, {
      name: 'Café Zine ☕',
      bytes: pdfBytes,
      originalName: 'export-final',
    });
    expect((await buy(fan, product.id, {})).statusCode).toBe(200);
    const link = await t.request({
      url: `/api/performer-assets/products/${product.id}/download-link`,
      token: fan.token,
    });
    const url = link.json().data.url as string;

    const file = await t.request({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Cafe Zine.pdf"; filename*=UTF-8''Caf%C3%A9%20Zine%20%E2%98%95.pdf`,
    );
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);

    // The name is signed with the link: another name makes it no link at all.
    const renamed = url.replace(/name=[^&]+/, `name=${encodeURIComponent('invoice.exe')}`);
    expect((await t.request({ url: renamed })).statusCode).toBe(403);
  });

  it('keeps the uploaded extension for bytes of no known type, and names by the file when the product name has no letters left', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20);
    const product = await digitalProduct(creator.user.id, {
      name: '***',
      bytes: Buffer.from('plain words, no magic number'),
      originalName: 'Lyrics & Chords.txt',
    });
    await buy(fan, product.id, {});
    const link = await t.request({
      url: `/api/performer-assets/products/${product.id}/download-link`,
      token: fan.token,
    });
    const file = await t.request({ url: link.json().data.url });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Lyrics & Chords.txt"; filename*=UTF-8''Lyrics%20%26%20Chords.txt`,
    );
  });

  it('20 fans buying the last 5 units at once: exactly 5 succeed and stock ends at 0', async () => {
    const creator = await t.creator();
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      stock: 5,
      priceCents: 1000,
    });
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.fan()));
    const addressIds: string[] = [];
    for (const fan of fans) {
      await t.fund(fan.user, 10);
      addressIds.push(await addAddress(fan));
    }
    const results = await Promise.all(
      fans.map((fan, i) => buy(fan, product.id, { quantity: 1, deliveryAddressId: addressIds[i] })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    expect(
      results.filter((r) => r.statusCode === 422).every((r) => r.json().message === 'Not enough stock'),
    ).toBe(true);
    expect(await stockOf(product.id)).toBe(0);
    const rows = await t.ctx.db.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(rows).toHaveLength(5);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(5 * 800);
  });

  it('refuses bad input with 4xx and unknown or own products with 404/422', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 50);
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id });
    const addressId = await addAddress(fan);
    for (const payload of [
      { quantity: 0 },
      { quantity: 1.5 },
      { quantity: 'x' },
      { deliveryAddressId: 'nope' },
      { x: 1 },
    ]) {
      expect((await buy(fan, product.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await buy(fan, '00000000-0000-4000-8000-000000000000', { deliveryAddressId: addressId })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/wallet/charges/product/abc', token: fan.token }))
        .statusCode,
    ).toBe(400);
    const draft = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, status: 'draft' });
    expect((await buy(fan, draft.id, { deliveryAddressId: addressId })).statusCode).toBe(404);
    const creatorAddress = await addAddress(creator);
    expect((await buy(creator, product.id, { deliveryAddressId: creatorAddress })).statusCode).toBe(422);
    const poor = await t.fan();
    const poorAddress = await addAddress(poor);
    const broke = await buy(poor, product.id, { deliveryAddressId: poorAddress });
    expect(broke.json().message).toBe('You have an insufficient wallet balance. Please top up.');
    expect(await stockOf(product.id)).toBe(10);
    expect((await t.request({ url: '/api/orders/not-an-id', token: fan.token })).statusCode).toBe(400);
  });

  it('refuses a quantity sent as a string with a sentence and charges nothing', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 50);
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id });
    const addressId = await addAddress(fan);
    const res = await buy(fan, product.id, { quantity: '1', deliveryAddressId: addressId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The quantity must be a number, like 2.');
    expect(res.json().details).toEqual([
      { path: 'quantity', message: 'The quantity must be a number, like 2.' },
    ]);
    expect(await balanceOf(fan)).toBe(50);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe('refunds', () => {
  it('an admin refund reverses the money, restores unshipped stock, marks the order and is idempotent', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    await t.fund(fan.user, 50);
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      stock: 3,
      priceCents: 1250,
    });
    const addressId = await addAddress(fan);
    const orderId = (await buy(fan, product.id, { quantity: 2, deliveryAddressId: addressId })).json().data
      .orderId as string;
    expect(await balanceOf(fan)).toBe(25);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(2000);

    const refund = () =>
      t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, token: admin.token });
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, token: fan.token }))
        .statusCode,
    ).toBe(403);
    const first = await refund();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.order).toMatchObject({ deliveryStatus: 'refunded' });
    expect(first.json().data.order.refundedAt).not.toBeNull();
    const second = await refund();
    expect(second.json().data.transactionId).toBe(first.json().data.transactionId);

    expect(await balanceOf(fan)).toBe(50);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(0);
    expect(await stockOf(product.id)).toBe(3);
    const reversed = await t.ctx.db.db.select().from(earningRefunds);
    expect(reversed.filter((r) => r.refundTransactionId === first.json().data.transactionId)).toMatchObject([
      { grossCents: 2500, netCents: 2000, commissionCents: 500 },
    ]);
    const update = await t.request({
      method: 'PUT',
      url: `/api/orders/${orderId}/update`,
      token: creator.token,
      payload: { deliveryStatus: 'shipping' },
    });
    expect(update.statusCode).toBe(422);
  });

  it('a refund of a shipped order gives the money back but no stock', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    await t.fund(fan.user, 20);
    const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, stock: 1 });
    const orderId = (await buy(fan, product.id, { deliveryAddressId: await addAddress(fan) })).json().data
      .orderId as string;
    await t.request({
      method: 'PUT',
      url: `/api/orders/${orderId}/update`,
      token: creator.token,
      payload: { deliveryStatus: 'shipping' },
    });
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, token: admin.token }))
        .statusCode,
    ).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
    expect(await balanceOf(fan)).toBe(20);
  });
});

describe('parseOrderSearch', () => {
  it('reads "#1042" and "Order #1042" as a number only, bare digits as a number or a name', () => {
    expect(parseOrderSearch('#1042')).toEqual({ number: 1042 });
    expect(parseOrderSearch('# 1042')).toEqual({ number: 1042 });
    expect(parseOrderSearch('Order #1042')).toEqual({ number: 1042 });
    expect(parseOrderSearch('1042')).toEqual({ number: 1042, text: '1042' });
    expect(parseOrderSearch('zine')).toEqual({ text: 'zine' });
    expect(parseOrderSearch('#12a')).toEqual({ text: '#12a' });
    expect(parseOrderSearch(undefined)).toEqual({});
  });

  it('searches a number larger than any order number as text, so it cannot overflow the column', () => {
    expect(parseOrderSearch('#2147483648')).toEqual({ text: '#2147483648' });
    expect(parseOrderSearch('#2147483647')).toEqual({ number: 2147483647 });
  });
});
