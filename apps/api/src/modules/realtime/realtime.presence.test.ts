import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisPresence, presenceChunk } from './realtime.presence';

/*
 * Presence in Redis for a node with more people online than one round trip carries: the refresh and
 * the goodbye go in chunks of `presenceChunk`, and every person is still counted.
 */
describe.runIf(process.env.TEST_REDIS_URL)('presence in Redis, many people on one node', () => {
  let redis: Redis;
  const prefix = `presence-test-${randomBytes(4).toString('hex')}`;
  const people = Array.from({ length: presenceChunk * 2 + 37 }, () => randomUUID());

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('refreshes everyone in chunks and lets them all go on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const node = createRedisPresence(redis, 'node-1', prefix);
    for (const id of people) await node.connected(id);
    expect((await node.onlineOf(people)).size).toBe(people.length);

    // Forget the "seen until" of everyone, then let the 20 s refresh write it again.
    for (const id of people) await redis.hset(`${prefix}:presence:${id}`, 'node-1', '0');
    expect((await node.onlineOf(people)).size).toBe(0);
    vi.advanceTimersByTime(20_000);
    await vi.waitFor(async () => expect((await node.onlineOf(people)).size).toBe(people.length), {
      timeout: 5_000,
    });

    await node.close();
    expect((await node.onlineOf(people)).size).toBe(0);
  });
});
