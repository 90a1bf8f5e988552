/*
 * Resolved sessions, kept in this process for a short while so a logged-in request on a warm node
 * sends no SQL to learn who it comes from. Keyed by the token's hash (the token itself is never
 * kept). Entries hold what the actor carries, never the password hash. Every change that ends a
 * session or changes what an actor carries calls `forgetUser` on every node (sessions.ts
 * `forgetActors`); a node that missed that broadcast serves a revoked session for at most `ttlMs`.
 */

/**
 * How long a resolved session is trusted at most without reading it again. Each entry lives a random
 * span between three quarters of it and all of it: sessions read at the same moment (a node's
 * reconnect storm) are read again spread over several seconds, not all in the same one.
 */
export const sessionCacheTtlMs = 30_000;
/** How many sessions one node keeps; the one cached longest ago goes first. */
export const sessionCacheSize = 10_000;

export interface CachedSession<T> {
  userId: string;
  sessionId: string;
  /** The session's own end: an entry never outlives it. */
  expiresAt: number;
  /** The session's lastUsedAt as last written, so a hit knows when to refresh it. */
  lastUsedAt: number;
  actor: T;
}

interface Entry<T> extends CachedSession<T> {
  cachedAt: number;
  /** When this entry stops being trusted: its own share of the TTL after `cachedAt`. */
  staleAt: number;
}

export interface SessionCache<T> {
  /** The entry of a token hash while it is younger than the TTL and its session has not ended. */
  get(tokenHash: string, now: number): CachedSession<T> | undefined;
  /**
   * Keeps an entry read at `epoch` (from `epoch()` before the read): when someone was forgotten
   * since, the read may predate that change, so it is not kept.
   */
  set(tokenHash: string, entry: CachedSession<T>, options: { now: number; epoch: number }): void;
  /** Drops every entry of a person (their sessions ended or what their actor carries changed). */
  forgetUser(userId: string): void;
  /** Counts invalidations; a read that saw a different count than at its start is not cached. */
  epoch(): number;
  readonly size: number;
}

/**
 * A Map in the order the entries were cached. Every entry expires at most `ttlMs` after it was cached;
 * a full cache drops the one cached longest ago. A hit does not move its entry to
 * the end: deleting and inserting the same key on every request left a deleted slot per request in
 * that key's hash chain until the Map was rebuilt, and one reader's repeated requests made each
 * look-up walk thousands of them (28 µs a request with 10 000 sessions cached, against 0.2 µs).
 */
export function createSessionCache<T>(
  options: { ttlMs?: number; maxEntries?: number } = {},
): SessionCache<T> {
  const ttlMs = options.ttlMs ?? sessionCacheTtlMs;
  const maxEntries = options.maxEntries ?? sessionCacheSize;
  const entries = new Map<string, Entry<T>>();
  let invalidations = 0;

  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now >= entry.staleAt || now < entry.cachedAt || now >= entry.expiresAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash, entry, { now, epoch }) {
      if (epoch !== invalidations) return;
      entries.delete(tokenHash);
      const staleAt = now + ttlMs - Math.floor(Math.random() * (ttlMs / 4));
      entries.set(tokenHash, { ...entry, cachedAt: now, staleAt });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    forgetUser(userId) {
      invalidations++;
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    epoch: () => invalidations,
    get size() {
      return entries.size;
    },
  };
}
