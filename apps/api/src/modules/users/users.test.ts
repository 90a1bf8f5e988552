import { eq, users } from '@fanstage/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelFloodPng } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (name: string, bytes: Buffer | string, filename: string, type = 'application/octet-stream') => {
  const fd = new FormData();
  fd.append(name, new Blob([bytes], { type }), filename);
  return fd;
};

describe('GET /api/users/me', () => {
  it('answers the current user with the fields of the spec and no password hash', async () => {
    const { user, token } = await t.fan({ balanceCents: 1250 });
    const res = await t.request({ url: '/api/users/me', token });
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me).toMatchObject({
      _id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      isPerformer: false,
      balance: 12.5,
      siteSubscription: { expiredAt: null },
    });
    expect(me.avatar).toBe('/api/files/defaults/avatar.svg');
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|passwordHash/);
  });

  it('answers 401 without a session, and with a made-up token', async () => {
    expect((await t.request({ url: '/api/users/me' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/users/me', token: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('marks creators as performers', async () => {
    const { token } = await t.creator();
    expect((await t.request({ url: '/api/users/me', token })).json().data.isPerformer).toBe(true);
  });
});

describe('PUT /api/users', () => {
  it('updates only the caller, whatever ids the body carries', async () => {
    const a = await t.fan();
    const b = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { name: 'New Name', _id: b.user.id },
    });
    expect(res.statusCode).toBe(400);
    const ok = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { name: 'New Name' },
    });
    expect(ok.statusCode).toBe(200);
    const [other] = await t.ctx.db.db.select().from(users).where(eq(users.id, b.user.id));
    expect(other!.name).toBe(b.user.name);
  });

  it("refuses another account's username in any case and changes nothing", async () => {
    const a = await t.fan();
    const b = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { username: b.user.username!.toUpperCase(), name: 'Changed' },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.name).toBe(a.user.name);
  });

  it('refuses to change an existing email (that needs the password and a confirmation link)', async () => {
    const a = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { email: 'Moved@Example.test' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ path: 'email', message: expect.any(String) }]);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.email).toBe(a.user.email);
  });

  it('sets the first email of an account that has none, to be verified', async () => {
    const a = await t.fan({ email: null });
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { email: 'First@Example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'first@example.test', verifiedEmail: false });
  });

  it('accepts the unchanged email with other fields', async () => {
    const a = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: a.token,
      payload: { email: a.user.email!.toUpperCase(), name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Renamed');
  });

  it.each([
    ['a reserved username', { username: 'admin' }],
    ['a bad email', { email: 'nope' }],
    ['a 10 MB name', { name: 'y'.repeat(10 * 1024 * 1024) }],
    ['a wrong type', { name: ['a'] }],
  ])('answers %s with 4xx and a message', async (_l, payload) => {
    const a = await t.fan();
    const res = await t.request({ method: 'PUT', url: '/api/users', token: a.token, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('avatar upload', () => {
  it('re-encodes an image to a square WebP served publicly with long cache', async () => {
    const { token } = await t.fan();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e91e63' } })
      .png()
      .toBuffer();
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: form('file', png, 'me.png', 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    const img = await t.request({ url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('immutable');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 512, undefined]);
    expect((await t.request({ url: '/api/users/me', token })).json().data.avatar).toBe(url);
  });

  it('refuses a PDF with 415, even named .jpg', async () => {
    const { token } = await t.fan();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: form('file', pdf, 'me.jpg', 'image/jpeg'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/upload an image/i);
  });

  it('refuses HTML named .jpg', async () => {
    const { token } = await t.fan();
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: form('file', '<html><script>alert(1)</script></html>', 'x.jpg', 'image/jpeg'),
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a pixel flood (30000 x 30000 PNG) without decoding it', async () => {
    const { token } = await t.fan();
    const flood = pixelFloodPng(30_000, 30_000);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: form('file', flood, 'big.png', 'image/png'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/too large in pixels/);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { token } = await t.fan();
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: form('file', big, 'big.png'),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a JSON body and an empty form', async () => {
    const { token } = await t.fan();
    const json = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const empty = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      token,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('needs a login', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users/avatar/upload',
      payload: form('file', 'x', 'x.png'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves no file outside the public folders', async () => {
    for (const url of [
      '/api/files/public/../db/x',
      '/api/files/public/private/documents/a.webp',
      '/api/files/public/avatars/..%2f..%2fx.webp',
    ]) {
      const res = await t.request({ url });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('user search and view', () => {
  it('lists public fields only, and needs a login', async () => {
    const { token } = await t.fan();
    await t.fan({ name: 'Zelda Searchable' });
    expect((await t.request({ url: '/api/users/search?q=zelda' })).statusCode).toBe(401);
    const res = await t.request({ url: '/api/users/search?q=zelda', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(Object.keys(res.json().data[0]).sort()).toEqual([
      '_id',
      'avatar',
      'createdAt',
      'isPerformer',
      'name',
      'username',
    ]);
  });

  it('shows a public view without email or balance', async () => {
    const { user } = await t.fan();
    const res = await t.request({ url: `/api/users/view/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBeUndefined();
    expect(res.json().data.balance).toBeUndefined();
  });

  it('answers 404 for an unknown or inactive account and 400 for a malformed id', async () => {
    const { user } = await t.fan({ status: 'inactive' });
    expect((await t.request({ url: `/api/users/view/${user.id}` })).statusCode).toBe(404);
    expect(
      (await t.request({ url: '/api/users/view/01a2019b-4926-76fd-a59f-71dafbdd39d1' })).statusCode,
    ).toBe(404);
    expect((await t.request({ url: '/api/users/view/not-an-id' })).statusCode).toBe(400);
  });

  it('rejects bad paging values', async () => {
    const { token } = await t.fan();
    expect((await t.request({ url: '/api/users/search?limit=1000', token })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/users/search?offset=-1', token })).statusCode).toBe(400);
  });
});
