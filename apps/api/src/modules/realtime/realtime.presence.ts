import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * Who is online: a person is online while at least one of their connections is open on some node.
 * Each node counts its own connections per person. In Redis each person has a hash of node id →
 * "seen until" (ms); a node refreshes its people every 20 s, so a node that dies stops counting
 * within a minute without anyone cleaning up after it.
 */

export interface Presence {
  /** A connection of this person opened on this node. */
  connected(userId: string): Promise<void>;
  /** A connection of this person closed on this node. */
  disconnected(userId: string): Promise<void>;
  /** Which of these people are online anywhere. */
  onlineOf(userIds: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

function localCounter() {
  const counts = new Map<string, number>();
  return {
    counts,
    add(userId: string) {
      const next = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, next);
      return next;
    },
    remove(userId: string) {
      const next = (counts.get(userId) ?? 1) - 1;
      if (next <= 0) counts.delete(userId);
      else counts.set(userId, next);
      return next;
    },
  };
}

export function createMemoryPresence(): Presence {
  const local = localCounter();
  return {
    async connected(userId) {
      local.add(userId);
    },
    async disconnected(userId) {
      local.remove(userId);
    },
    async onlineOf(userIds) {
      return new Set(userIds.filter((id) => local.counts.has(id)));
    },
    async close() {},
  };
}

const seenForMs = 60_000;
const refreshEveryMs = 20_000;
export function createRedisPresence(
  redis: Redis,
  nodeId: string = randomUUID(),
  prefix = 'fanstage',
): Presence {
  const keyOf = (userId: string) => `${prefix}:presence:${userId}`;
  const local = localCounter();
  const mark = (userIds: string[]) => {
    if (userIds.length === 0) return Promise.resolve();
    const until = String(Date.now() + seenForMs);
    const batch = redis.multi();
    for (const userId of userIds) {
      batch.hset(keyOf(userId), nodeId, until);
      batch.pexpire(keyOf(userId), seenForMs * 2);
    }
    return batch.exec().then(() => undefined);
  };
  const timer = setInterval(() => {
    mark([...local.counts.keys()]).catch(() => undefined);
  }, refreshEveryMs);
  timer.unref();

  return {
    async connected(userId) {
      local.add(userId);
      await mark([userId]);
    },
    async disconnected(userId) {
      if (local.remove(userId) <= 0) await redis.hdel(keyOf(userId), nodeId);
    },
    async onlineOf(userIds) {
      if (userIds.length === 0) return new Set();
      const batch = redis.pipeline();
      for (const userId of userIds) batch.hvals(keyOf(userId));
      const results = (await batch.exec()) ?? [];
      const now = Date.now();
      const online = new Set<string>();
      results.forEach(([error, values], index) => {
        const userId = userIds[index];
        if (error || !userId) return;
        if ((values as string[]).some((until) => Number(until) > now)) online.add(userId);
      });
      return online;
    },
    async close() {
      clearInterval(timer);
      const batch = redis.multi();
      for (const userId of local.counts.keys()) batch.hdel(keyOf(userId), nodeId);
      await batch.exec().catch(() => undefined);
    },
  };
}
