import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/health', () => {
  it('tells an admin how this node, its dependencies, the queues and the ledger are doing', async () => {
    const admin = await t.admin();
    await t.ctx.queue.send('health-nobody-works-this', { n: 1 });
    const res = await t.request({
      url: '/api/admin/health',
      token: admin.token,
      headers: { 'x-request-id': 'health-check-1' },
    });
    expect(res.statusCode).toBe(200);
    const health = res.json().data;
    expect(health.node).toMatchObject({ pid: process.pid, requestId: 'health-check-1' });
    expect(health.node.memoryMb).toBeGreaterThan(10);
    expect(health.checks.database).toMatchObject({ ok: true, engine: t.ctx.db.engine });
    expect(health.checks.redis.configured).toBe(Boolean(process.env.TEST_REDIS_URL));
    expect(health.checks.storage).toMatchObject({
      ok: true,
      kind: process.env.TEST_STORAGE === 's3' ? 's3' : 'local',
    });
    expect(health.checks.mail).toMatchObject({ ok: true, transport: 'outbox', failures: 0 });
    expect(health.checks.ledger).toMatchObject({ ok: true, problems: 0 });
    expect(health.queues).toContainEqual(
      expect.objectContaining({ name: 'health-nobody-works-this', waiting: 1 }),
    );
    expect(health.liveShows).toBe(0);
  });

  it('is for admins only', async () => {
    expect((await t.request({ url: '/api/admin/health' })).statusCode).toBe(401);
    const fan = await t.fan();
    const res = await t.request({ url: '/api/admin/health', token: fan.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this.');
    const creator = await t.creator();
    expect((await t.request({ url: '/api/admin/health', token: creator.token })).statusCode).toBe(403);
  });
});
