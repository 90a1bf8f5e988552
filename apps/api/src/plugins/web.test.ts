import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const client = resolve(import.meta.dirname, '../../../web/build/client');
const hasWebBuild = existsSync(resolve(client, '../server/index.js'));

describe.runIf(hasWebBuild)('the web build’s static files', () => {
  let t: TestApp;
  // The largest script of the build: it has a Brotli and a gzip copy (apps/web/scripts/precompress.mjs).
  const script =
    readdirSync(join(client, 'assets'))
      .filter((f) => f.endsWith('.js') && existsSync(join(client, 'assets', `${f}.br`)))
      .sort(
        (a, b) =>
          readFileSync(join(client, 'assets', b)).length - readFileSync(join(client, 'assets', a)).length,
      )[0] ?? '';
  const url = `/assets/${script}`;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  it('sends the build’s Brotli copy as it is to a browser that takes Brotli, cached for good', async () => {
    const res = await t.request({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(readFileSync(join(client, 'assets', `${script}.br`)))).toBe(true);
  });

  it('sends the gzip copy to one that takes gzip only, and the file itself to one that takes neither', async () => {
    const gz = await t.request({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(join(client, 'assets', `${script}.gz`)))).toBe(true);
    const plain = await t.request({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(join(client, 'assets', script)))).toBe(true);
  });

  it('answers 404 for a script the build does not have', async () => {
    const res = await t.request({
      url: '/assets/no-such-chunk-123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
  });
});
