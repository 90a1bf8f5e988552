/*
 * Pages a signed-in person reads again and again (the home timeline, a creator's feed, a
 * conversation), kept by this node as the bytes that were sent, for a few seconds: a repeat read
 * sends no SQL and serializes nothing.
 *
 * An entry depends on the people whose data it shows (the reader, the creators of its posts, the
 * other member of a conversation). It is forgotten, on every node:
 * - when one of them sends any request that may change something (POST, PUT, PATCH, DELETE: the
 *   app's `onSend` hook), so everyone sees their own change and the changes of the people on the
 *   page at once; an admin's change forgets every entry;
 * - when one of their accounts is forgotten (a balance, a membership, a profile: the account
 *   cache's `onForget`), which covers payments that arrive by webhook;
 * - when a job changes what a page shows (a post fanned out to timelines, media processed):
 *   `forgetViews` with the person or one of the `viewTopics`.
 * What changes without any of these (the like count of a post after someone else's like, a
 * subscription running out by the clock, a scheduled post coming due) is at most `viewTtlMs` old,
 * by the app clock.
 *
 * A request with `Cache-Control: no-cache` (a browser's hard reload) is always read.
 */

import { createRecentForgets } from './recent-forgets';

/** How long a page is reused (app clock). */
export const viewTtlMs = 3_000;
/**
 * How long after a forget a page of that person is not kept: some forgets run inside a transaction,
 * before its commit, and a read in between would see the old rows (real time).
 */
export const viewSettleMs = 2_000;
/** How many bytes of pages one node keeps; the least recently stored go first. */
export const viewCacheBytes = 32 * 1024 * 1024;
/** How long a forget is remembered, so that a read begun before it is not stored after it. */
const forgetMemoryMs = 10_000;

/** Dependencies that are not a person. */
export const viewTopics = {
  /** Every home timeline (a post was fanned out to some of them). */
  homeTimelines: 'topic:home-timelines',
  /** Every page (an admin changed something). */
  all: 'topic:all',
} as const;

interface Entry {
  body: Buffer;
  people: readonly string[];
  storedAt: number;
}

export interface ViewCache {
  get(key: string, now: number): Buffer | undefined;
  /** Call before reading; pass its answer to `set`. */
  begin(): number;
  /**
   * Keeps a page read since `begin()` unless one of the people (or topics) it depends on was
   * forgotten since then or within `viewSettleMs`.
   */
  set(
    key: string,
    body: Buffer,
    options: { people: readonly string[]; now: number; readSince: number },
  ): void;
  /** Drops every page that depends on this person or topic (`viewTopics.all`: every page). */
  forget(personOrTopic: string): void;
  /** Whether this person's pages were forgotten in the last `ms` (real time): they just changed something. */
  forgotWithin(person: string, ms: number): boolean;
  readonly size: number;
  readonly bytes: number;
}

export function createViewCache(
  options: { ttlMs?: number; settleMs?: number; maxBytes?: number; monotonicNow?: () => number } = {},
): ViewCache {
  const ttlMs = options.ttlMs ?? viewTtlMs;
  const settleMs = options.settleMs ?? viewSettleMs;
  const maxBytes = options.maxBytes ?? viewCacheBytes;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  /** The keys of the pages that depend on each person or topic. */
  const keysOf = new Map<string, Set<string>>();
  const forgotten = createRecentForgets(forgetMemoryMs);
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
    for (const person of entry.people) {
      const keys = keysOf.get(person);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(person);
    }
  };
  const isUnsettled = (person: string, readSince: number, at: number) => {
    const forget = forgotten.get(person);
    return forget !== undefined && (forget.seq > readSince || at - forget.at < settleMs);
  };

  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.storedAt >= ttlMs || now < entry.storedAt) {
        drop(key);
        return undefined;
      }
      return entry.body;
    },
    begin: () => forgotten.seq,
    set(key, body, { people, now, readSince }) {
      const at = monotonicNow();
      if (isUnsettled(viewTopics.all, readSince, at)) return;
      for (const person of people) if (isUnsettled(person, readSince, at)) return;
      drop(key);
      const unique = [...new Set(people)];
      entries.set(key, { body, people: unique, storedAt: now });
      bytes += body.length;
      for (const person of unique) {
        let keys = keysOf.get(person);
        if (!keys) {
          keys = new Set();
          keysOf.set(person, keys);
        }
        keys.add(key);
      }
      while (bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    forget(personOrTopic) {
      const at = monotonicNow();
      forgotten.note(personOrTopic, at);
      if (personOrTopic === viewTopics.all) {
        entries.clear();
        keysOf.clear();
        bytes = 0;
        return;
      }
      for (const key of [...(keysOf.get(personOrTopic) ?? [])]) drop(key);
    },
    forgotWithin(person, ms) {
      const forget = forgotten.get(person);
      return forget !== undefined && monotonicNow() - forget.at < ms;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
