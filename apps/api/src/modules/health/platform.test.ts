import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { securityHeaders } from '../../plugins/security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A route that fails unexpectedly, to see what a client is told.
    beforeReady: (app) =>
      app.get('/api/__boom', async () => {
        throw new Error('secret internal detail');
      }),
  });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.request({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    // With Redis (TEST_REDIS_URL) a node is ready once its connections are up: a moment after start.
    let ready = await t.request({ url: '/api/ready' });
    for (let i = 0; i < 100 && ready.statusCode === 503; i++) {
      expect(ready.json().message).toBe('Redis is not reachable.');
      await new Promise((r) => setTimeout(r, 50));
      ready = await t.request({ url: '/api/ready' });
    }
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while it shuts down', async () => {
    // server.ts marks the node draining when SIGTERM comes, before it closes anything.
    t.ctx.lifecycle.draining = true;
    try {
      const res = await t.request({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('This node is shutting down.');
    } finally {
      t.ctx.lifecycle.draining = false;
    }
  });

  it('publishes OpenAPI with the spec routes and a docs page', async () => {
    const spec = (await t.request({ url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/login',
      '/api/users/me',
      '/api/settings/public',
      '/api/auth/users/register',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    const docs = await t.request({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.request({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no such API route.' });
  });

  it('hides unexpected errors behind a generic message with a request id', async () => {
    const res = await t.request({ url: '/api/__boom', headers: { 'x-request-id': 'req-12345678' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json()).toMatchObject({ code: 'INTERNAL', requestId: 'req-12345678' });
  });

  it('sets the security headers on every answer: success, missing route, bad input, server error', async () => {
    const answers = [
      await t.request({ url: '/api/health' }),
      await t.request({ url: '/api/no-such-route' }),
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 1 } }),
      await t.request({ url: '/api/__boom' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 500]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // The document-only headers stay off the API's data.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    // A document (the API docs, a missing page) gets the whole set.
    for (const res of [await t.request({ url: '/api/docs/' }), await t.request({ url: '/no-such-page' })]) {
      for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers[name]).toBe(value);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    }
  });

  it('answers cross-origin requests only from CORS_ORIGINS', async () => {
    const preflight = (app: TestApp, origin: string) =>
      app.request({
        method: 'OPTIONS',
        url: '/api/settings/public',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    // No origins configured (the default): same-origin only, no CORS headers, no preflight answer.
    const none = await preflight(t, 'https://other.example');
    expect(none.statusCode).toBe(404);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await t.request({
      url: '/api/settings/public',
      headers: { origin: 'https://other.example' },
    });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();

    const withOrigins = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example' } });
    try {
      const allowed = await preflight(withOrigins, 'https://app.example');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      const read = await withOrigins.request({
        url: '/api/settings/public',
        headers: { origin: 'https://app.example' },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await withOrigins.request({
        url: '/api/settings/public',
        headers: { origin: 'https://other.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await withOrigins.close();
    }
  });

  it('refuses a body above 1 MB on JSON routes with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large.');
  });
});
