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
/**
 * People per Redis round trip when a node refreshes or leaves: one MULTI for all of a node's 10 000
 * people (20 000 commands) held its event loop 120–170 ms to build and up to 70 ms more to read,
 * every 20 s, which every chat message in flight waited for. 500 take a few milliseconds each.
 */
export const presenceChunk = 500;

export function createRedisPresence(
  redis: Redis,
  nodeId: string = randomUUID(),
  prefix = 'fanstage',
): Presence {
  const keyOf = (userId: string) => `${prefix}:presence:${userId}`;
  const local = localCounter();
  /** Runs `write` for each chunk of people in its own MULTI, one chunk at a time. */
  const inChunks = async (
    userIds: string[],
    write: (batch: ReturnType<Redis['multi']>, userId: string) => void,
  ) => {
    for (let start = 0; start < userIds.length; start += presenceChunk) {
      const batch = redis.multi();
      for (const userId of userIds.slice(start, start + presenceChunk)) write(batch, userId);
      await batch.exec();
    }
  };
  const mark = (userIds: string[]) => {
    const until = String(Date.now() + seenForMs);
    return inChunks(userIds, (batch, userId) => {
      batch.hset(keyOf(userId), nodeId, until);
      batch.pexpire(keyOf(userId), seenForMs * 2);
    });
  };
  let refreshing = false;
  const timer = setInterval(() => {
    if (refreshing) return;
    refreshing = true;
    mark([...local.counts.keys()])
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
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
      await inChunks([...local.counts.keys()], (batch, userId) => batch.hdel(keyOf(userId), nodeId)).catch(
        () => undefined,
      );
    },
  };
}
