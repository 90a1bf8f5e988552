import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/*
 * Every admin route of the published OpenAPI document (its path starts with /api/admin), walked by a
 * fan, a creator and a visitor with an empty body, a body of the wrong shape and a made-up id: each
 * gets 403 (the visitor 401) before anything of the request is read. A new admin route is covered
 * by being in the document.
 */

let t: TestApp;
let spec: { paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.request({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

const adminRoutes = () =>
  Object.entries(spec.paths)
    .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));

describe('admin routes refuse everyone but admins', () => {
  it('finds the admin routes in the document', () => {
    expect(adminRoutes().length).toBeGreaterThan(40);
  });

  it('answers 403 to fans and creators and 401 to visitors, whatever the body and ids', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const wrong: string[] = [];
    for (const { method, path } of adminRoutes()) {
      const url = path.replace(/\{(\w+)\}/g, () => randomUUID());
      const bodies: (object | string | undefined)[] =
        method === 'GET' || method === 'DELETE' ? [undefined] : [{}, { amount: 'lots', id: 42 }, '[1,2'];
      for (const payload of bodies) {
        const send = (token?: string) =>
          t.request({
            method: method as 'GET',
            url: `${url}?limit=nonsense`,
            token,
            headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
            ...(payload === undefined ? {} : { payload }),
          });
        for (const [who, token, expected] of [
          ['fan', fan.token, 403],
          ['creator', creator.token, 403],
          ['visitor', undefined, 401],
        ] as const) {
          const res = await send(token);
          if (res.statusCode !== expected) {
            wrong.push(`${method} ${path} as ${who}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
