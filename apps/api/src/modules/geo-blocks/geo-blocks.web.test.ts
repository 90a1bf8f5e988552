import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipv4In } from '../../../test/geo';
import { createTestApp, type TestApp } from '../../../test/helpers';

const hasWebBuild = existsSync(resolve(import.meta.dirname, '../../../../web/build/server/index.js'));

describe.runIf(hasWebBuild)('server-rendered pages for a country closed site-wide', () => {
  let t: TestApp;
  const FR = ipv4In('FR');
  const DE = ipv4In('DE');
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { TRUST_PROXY: '127.0.0.1' } });
    const admin = await t.admin();
    await t.request({
      method: 'PUT',
      url: '/api/admin/block/countries',
      token: admin.token,
      payload: { countryCodes: ['FR'] },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders the geo-block layout with 451 on every page, judged by the visitor and not the loopback', async () => {
    // A page that sends visitors elsewhere (`/`, or `/home` to the login) still does (a loader's
    // redirect wins over the page's data); the page it sends them to is blocked.
    for (const url of ['/', '/home']) {
      expect((await t.request({ url, headers: { 'x-forwarded-for': FR } })).statusCode, url).toBe(302);
    }
    for (const url of ['/explore', '/auth/login', '/some-creator']) {
      const res = await t.request({ url, headers: { 'x-forwarded-for': FR } });
      expect(res.statusCode, url).toBe(451);
      expect(res.body).toContain('Not available in your country');
    }
    const other = await t.request({ url: '/explore', headers: { 'x-forwarded-for': DE } });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('Not available in your country');
  });

  it('does not believe a client that names its own address in the internal header', async () => {
    const res = await t.request({ url: '/explore', headers: { 'x-fanstage-client-ip': FR } });
    expect(res.statusCode).toBe(200);
  });
});
