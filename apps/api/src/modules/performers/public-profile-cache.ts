import type { TPerformerPublic } from '@fanstage/contract';
import { createRecentForgets } from '../../lib/recent-forgets';

/*
 * A creator's profile as signed-out visitors see it, kept by this node for a few seconds: a
 * profile shared on social media is opened by many visitors at once, and each view would otherwise
 * be one statement. Signed-in views are never served from here (they show the viewer's follow,
 * subscription and block).
 *
 * Keyed by what the visitor asked for (an id or a username, any case) and the visitor's country
 * (a creator may block countries). A change to the creator's account or profile (name, avatar,
 * cover, prices, welcome video, blocked countries, status, documents) forgets the creator's
 * entries on every node, through the account cache's `forgetAccounts`. What changes without such a
 * call (the follower, post and like counts, subscribers whose subscription ran out) is at most
 * `publicProfileTtlMs` old.
 */

/** How long a signed-out view is reused. */
export const publicProfileTtlMs = 3_000;
/** How many (creator, country) pairs one node keeps; the least recently stored goes first. */
export const publicProfileCacheSize = 5_000;
/** How long a forget is remembered, so that a read begun before it is not stored after it. */
const forgetMemoryMs = 10_000;

interface Entry {
  profile: TPerformerPublic;
  performerId: string;
  /** The app clock's time of the read (a subscription ends by that clock). */
  storedAt: number;
}

export interface PublicProfileCache {
  get(idOrUsername: string, country: string | null, now: number): TPerformerPublic | undefined;
  /** Call before reading; pass its answer to `set`. */
  begin(): number;
  set(
    idOrUsername: string,
    country: string | null,
    profile: TPerformerPublic,
    options: { now: number; readSince: number },
  ): void;
  /** Drops every entry of this creator (the id may be anyone's: most are not creators). */
  forget(performerId: string): void;
  /** Goes up by one with every forget: a read may be shared while it stays the same. */
  readonly generation: number;
  /** The key of a creator's entry for a country (how requests for one view are told apart). */
  keyOf(idOrUsername: string, country: string | null): string;
  readonly size: number;
}

/**
 * `now` arguments are the app clock's (entries age by it); `monotonicNow` orders reads and forgets
 * in real time.
 */
export function createPublicProfileCache(
  options: { ttlMs?: number; maxEntries?: number; monotonicNow?: () => number } = {},
): PublicProfileCache {
  const ttlMs = options.ttlMs ?? publicProfileTtlMs;
  const maxEntries = options.maxEntries ?? publicProfileCacheSize;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const keysOf = new Map<string, Set<string>>();
  const forgotten = createRecentForgets(forgetMemoryMs);
  const keyOf = (idOrUsername: string, country: string | null) =>
    `${idOrUsername.toLowerCase()}\u0000${country ?? ''}`;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.performerId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.performerId);
  };

  return {
    get(idOrUsername, country, now) {
      const key = keyOf(idOrUsername, country);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.storedAt >= ttlMs || now < entry.storedAt) {
        drop(key);
        return undefined;
      }
      return entry.profile;
    },
    begin: monotonicNow,
    set(idOrUsername, country, profile, { now, readSince }) {
      const performerId = profile._id;
      const forget = forgotten.get(performerId);
      if (forget !== undefined && forget.at >= readSince) return;
      const key = keyOf(idOrUsername, country);
      drop(key);
      entries.set(key, { profile, performerId, storedAt: now });
      let keys = keysOf.get(performerId);
      if (!keys) {
        keys = new Set();
        keysOf.set(performerId, keys);
      }
      keys.add(key);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    forget(performerId) {
      const at = monotonicNow();
      forgotten.note(performerId, at);
      for (const key of keysOf.get(performerId) ?? []) entries.delete(key);
      keysOf.delete(performerId);
    },
    get generation() {
      return forgotten.seq;
    },
    keyOf,
    get size() {
      return entries.size;
    },
  };
}
