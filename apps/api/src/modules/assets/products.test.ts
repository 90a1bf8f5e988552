import { buildProduct } from '@fanstage/db/factories';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#ff9800' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

const mine = '/api/performer/performer-assets/products';

const productForm = (fields: Record<string, string>, files: { images?: number; digital?: string } = {}) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (let i = 0; i < (files.images ?? 0); i++) fd.append('image', new Blob([png]), `p${i}.png`);
  if (files.digital) fd.append('digitalFile', new Blob([files.digital]), 'ebook.pdf');
  return fd;
};

describe('creator products', () => {
  it('creates a physical product from JSON, edits, lists, views and deletes it', async () => {
    const me = await t.creator();
    const created = await t.request({
      method: 'POST',
      url: mine,
      token: me.token,
      payload: { name: 'Mug', type: 'physical', price: 15.5, stock: 3 },
    });
    expect(created.statusCode).toBe(200);
    const product = created.json().data;
    expect(product).toMatchObject({ name: 'Mug', type: 'physical', price: 15.5, stock: 3, images: [] });
    const updated = await t.request({
      method: 'PUT',
      url: `${mine}/${product._id}`,
      token: me.token,
      payload: productForm({ price: '12', stock: '5' }, { images: 2 }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ price: 12, stock: 5 });
    expect(updated.json().data.images).toHaveLength(2);
    const list = await t.request({ url: `${mine}/search`, token: me.token });
    expect(list.json().total).toBe(1);
    expect((await t.request({ url: `${mine}/${product._id}/view`, token: me.token })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `${mine}/${product._id}`, token: me.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ url: `${mine}/${product._id}/view`, token: me.token })).statusCode).toBe(404);
  });

  it('keeps a digital product’s file private: never in a response, the owner only learns it is there', async () => {
    const me = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: mine,
      token: me.token,
      payload: productForm(
        { name: 'E-book', type: 'digital', price: '9.99' },
        { images: 1, digital: '%PDF-1.4 secret' },
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'digital', stock: null, hasDigitalFile: true });
    expect(res.body).not.toContain('products/');
    const fan = await t.fan();
    const seen = await t.request({
      url: `/api/performer-assets/products/${res.json().data._id}`,
      token: fan.token,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.hasDigitalFile).toBeUndefined();
    expect(seen.body).not.toContain('products/');
    expect(seen.json().data.images[0].urls.thumbnail).toContain('/api/files/private/');
  });

  it('refuses bad input with readable messages', async () => {
    const me = await t.creator();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'x', type: 'physical', price: 1 }, /stock/],
      [{ name: 'x', type: 'digital', price: 1 }, /digitalFile/],
      [{ name: 'x', type: 'gift', price: 1 }, /type/],
      [{ name: 'x', type: 'physical', price: 20000, stock: 1 }, /price/],
      [{ name: 'x', type: 'physical', price: 1, stock: -1 }, /stock/],
      [{ name: '', type: 'physical', price: 1, stock: 1 }, /name/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request({ method: 'POST', url: mine, token: me.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const notImage = await t.request({
      method: 'POST',
      url: mine,
      token: me.token,
      payload: (() => {
        const fd = productForm({ name: 'x', type: 'physical', price: '1', stock: '1' });
        fd.append('image', new Blob(['plain text']), 'a.png');
        return fd;
      })(),
    });
    expect(notImage.statusCode).toBe(415);
  });

  it('refuses a price or a stock outside its limits with the limit in words and creates nothing', async () => {
    const me = await t.creator();
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: 'Mug', type: 'physical', price: 100000, stock: 1 },
        'The price cannot be more than $10,000.00.',
      ],
      [{ name: 'Mug', type: 'physical', price: -5, stock: 1 }, 'The price cannot be below $0.00.'],
      [{ name: 'Mug', type: 'physical', price: 5, stock: -4 }, 'The stock cannot be below 0.'],
      [{ name: 'Mug', type: 'physical', price: 5, stock: 2.5 }, 'The stock must be a whole number.'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request({ method: 'POST', url: mine, token: me.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const list = await t.request({ url: `${mine}/search`, token: me.token });
    expect(list.json().total).toBe(0);
  });

  it("answers 404 for another creator's product and 403 for fans", async () => {
    const me = await t.creator();
    const other = await t.creator();
    const theirs = await buildProduct(t.ctx.db.db, { performerId: other.user.id });
    for (const [method, url] of [
      ['GET', `${mine}/${theirs.id}/view`],
      ['PUT', `${mine}/${theirs.id}`],
      ['DELETE', `${mine}/${theirs.id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: me.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
    }
    const fan = await t.fan();
    expect((await t.request({ method: 'POST', url: mine, token: fan.token, payload: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('fans and products', () => {
  it('lists only active products of visible creators', async () => {
    const me = await t.creator();
    const active = await buildProduct(t.ctx.db.db, { performerId: me.user.id });
    const draft = await buildProduct(t.ctx.db.db, { performerId: me.user.id, status: 'draft' });
    const fan = await t.fan();
    const list = await t.request({
      url: `/api/performer-assets/products/search?performerId=${me.user.id}`,
      token: fan.token,
    });
    expect(list.json().data.map((p: { _id: string }) => p._id)).toEqual([active.id]);
    expect(list.json().data[0]).toMatchObject({ price: 20, stock: 10 });
    expect(
      (await t.request({ url: `/api/performer-assets/products/${draft.id}`, token: fan.token })).statusCode,
    ).toBe(404);
    const hidden = await t.creator({ documentsVerified: false });
    const hiddenProduct = await buildProduct(t.ctx.db.db, { performerId: hidden.user.id });
    expect(
      (await t.request({ url: `/api/performer-assets/products/${hiddenProduct.id}`, token: fan.token }))
        .statusCode,
    ).toBe(404);
    const all = await t.request({ url: '/api/performer-assets/products/search', token: fan.token });
    expect(all.json().data.map((p: { _id: string }) => p._id)).not.toContain(hiddenProduct.id);
  });
});
