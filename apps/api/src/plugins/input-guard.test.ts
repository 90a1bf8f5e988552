import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/*
 * Text the database cannot store (U+0000, unpaired surrogates) is refused at the edge of every
 * route with a 400 that names the field, never a 500 from PostgreSQL.
 */

let t: TestApp;
let creator: Awaited<ReturnType<TestApp['creator']>>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'error' } });
  creator = await t.creator();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const nul = 'bad\u0000text';
const loneSurrogate = 'bad\ud800text';

const expectRefused = (res: { statusCode: number; json(): unknown }, field: string, message: RegExp) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: expect.stringMatching(message),
    details: [{ path: field, message: expect.stringMatching(message) }],
  });
};

describe('U+0000 in any text', () => {
  it('is refused in a JSON body (login) with a sentence naming the field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: nul, password: 'password123' },
    });
    expectRefused(res, 'username', /^Text cannot contain the character U\+0000\.$/);
  });

  it('is refused in a nested JSON field', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/performers/me',
      token: creator.token,
      payload: { bio: 'fine', socials: [{ url: nul }] },
    });
    expectRefused(res, 'socials.0.url', /U\+0000/);
  });

  it('is refused in a query string (creator search)', async () => {
    const res = await t.request({ url: '/api/performers/user/search?q=%00' });
    expectRefused(res, 'q', /U\+0000/);
  });

  it('is refused in a path parameter', async () => {
    const res = await t.request({ url: '/api/performers/%00' });
    expectRefused(res, 'id', /U\+0000/);
  });

  it('is refused in a multipart text field (creator sign-up) and nothing is created', async () => {
    const fd = new FormData();
    const values = {
      name: 'Nul Creator',
      username: nul,
      email: 'nul@example.test',
      password: 'password123',
      dateOfBirth: '1994-03-02',
      country: 'DE',
    };
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    fd.append('idVerification', new Blob([png]), 'id.png');
    fd.append('documentVerification', new Blob([png]), 'selfie.png');
    const res = await t.request({ method: 'POST', url: '/api/auth/performers/register', payload: fd });
    expectRefused(res, 'username', /U\+0000/);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nul@example.test', password: 'password123' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('is refused in an uploaded file name', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([png], { type: 'image/png' }), `photo${'\u0000'}.png`);
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds/photo/upload',
      token: creator.token,
      payload: fd,
    });
    expectRefused(res, 'file.filename', /U\+0000/);
  });
});

describe('other text that is not storable', () => {
  it('refuses an unpaired surrogate instead of storing U+FFFD', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"bad\\ud800text","password":"password123"}',
    });
    expectRefused(res, 'username', /unpaired surrogate/);
    expect(loneSurrogate).toHaveLength(8);
  });

  it('answers an address that cannot be decoded in the one error shape', async () => {
    const res = await t.request({ url: '/api/performers/%ED%A0%80' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'This address is not valid.',
    });
  });

  it('refuses a body nested deeper than any form, without crashing', async () => {
    const depth = 100_000;
    const res = await t.request({
      method: 'PUT',
      url: '/api/performers/me',
      token: creator.token,
      headers: { 'content-type': 'application/json' },
      payload: `{"bio":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
  });
});
