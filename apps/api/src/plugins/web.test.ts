import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { securityHeaders } from './security-headers';
import { pageEncoding } from './web';

const client = resolve(import.meta.dirname, '../../../web/build/client');
const hasWebBuild = existsSync(resolve(client, '../server/index.js'));

describe.runIf(hasWebBuild)('the web build’s static files', () => {
  let t: TestApp;
  // The largest script of the build: it has a Brotli and a gzip copy (apps/web/scripts/precompress.mjs).
  // Read in beforeAll: vitest runs a skipped describe's body too, and without a build there is no folder.
  let script = '';
  let url = '';
  beforeAll(async () => {
    const assets = join(client, 'assets');
    script =
      readdirSync(assets)
        .filter((f) => f.endsWith('.js') && existsSync(join(assets, `${f}.br`)))
        .sort((a, b) => readFileSync(join(assets, b)).length - readFileSync(join(assets, a)).length)[0] ?? '';
    url = `/assets/${script}`;
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

describe.runIf(hasWebBuild)('rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  it('are sent Brotli-compressed to a browser that takes Brotli, gzip to one that takes gzip, plain otherwise', async () => {
    const plain = await t.request({ url: '/auth/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('</html>');

    const br = await t.request({ url: '/auth/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(br.headers.vary)).toMatch(/Cookie/);
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toContain('</html>');
    expect(br.rawPayload.length).toBeLessThan(html.length / 2);

    const gz = await t.request({ url: '/auth/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('</html>');
  });

  it('carry the security headers, as the static files and the API do', async () => {
    for (const url of ['/auth/login', '/no/such/page/here', '/favicon.svg']) {
      const res = await t.request({ url });
      expect(res.headers, url).toMatchObject(securityHeaders);
    }
  });

  it('takes q=0 as a refusal', async () => {
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('gzip;q=0.5, br;q=1')).toBe('br');
  });

  it('a not-found page is compressed too and keeps its status', async () => {
    const res = await t.request({ url: '/no/such/page/here', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('</html>');
  });
});
