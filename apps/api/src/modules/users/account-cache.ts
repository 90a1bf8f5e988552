import type { TCurrentUser } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { batchPerTurn } from '../../lib/per-turn';
import { createRecentForgets } from '../../lib/recent-forgets';

/*
 * `GET /users/me` answered from this node's memory: every signed-in page asks for it, and on a warm
 * node it sends no SQL (STYLE habit 14). An entry is the presented account, keyed by the person's id.
 *
 * Every write to an account row (a balance, an avatar, a name, a membership, a verified email, a
 * status) calls `forgetAccounts` (or `forgetActors`, which forgets the account too), on this node
 * at once and on the others through the realtime hub. Writes inside a transaction may call it
 * before their commit: a forgotten account is not cached again for `settleMs`, so a read that ran
 * before the commit is never kept. A node that missed a broadcast serves the old row for at most
 * `ttlMs`.
 */

/** How long an account is trusted without reading it again. */
export const accountCacheTtlMs = 30_000;
/** How long after a change an account is read from the database on every request. */
export const accountSettleMs = 5_000;
/** How many accounts one node keeps; the least recently stored one goes first. */
export const accountCacheSize = 10_000;

interface Entry<T> {
  value: T;
  cachedAt: number;
}

/**
 * How long a forget is remembered (real time). Kept apart from the entries, so a burst of balance
 * changes (a show full of tips) does not push the cached accounts of other people out.
 */
const forgetMemoryMs = 15_000;

export interface AccountCache<T = TCurrentUser> {
  get(userId: string, now: number): T | undefined;
  /** Call before reading the row; pass its answer to `set`. */
  begin(): number;
  /**
   * Keeps a row read since `begin()`, unless the account was forgotten since then or within
   * `settleMs` (`monotonicNow` is real time, not the app clock: it measures commits).
   */
  set(userId: string, value: T, options: { now: number; readSince: number }): void;
  forget(userId: string): void;
  /** Calls `listener` with every id forgotten here (other per-node caches of the same people). */
  onForget(listener: (userId: string) => void): void;
  readonly size: number;
}

export function createAccountCache<T = TCurrentUser>(
  options: { ttlMs?: number; settleMs?: number; maxEntries?: number; monotonicNow?: () => number } = {},
): AccountCache<T> {
  const ttlMs = options.ttlMs ?? accountCacheTtlMs;
  const settleMs = options.settleMs ?? accountSettleMs;
  const maxEntries = options.maxEntries ?? accountCacheSize;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();
  const forgotten = createRecentForgets(forgetMemoryMs);
  const listeners: ((userId: string) => void)[] = [];

  return {
    get(userId, now) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= ttlMs || now < entry.cachedAt) {
        entries.delete(userId);
        return undefined;
      }
      return entry.value;
    },
    begin: () => forgotten.seq,
    set(userId, value, { now, readSince }) {
      const forget = forgotten.get(userId);
      if (forget && (forget.seq > readSince || monotonicNow() - forget.at < settleMs)) return;
      entries.delete(userId);
      entries.set(userId, { value, cachedAt: now });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    forget(userId) {
      const at = monotonicNow();
      entries.delete(userId);
      forgotten.note(userId, at);
      for (const listener of listeners) listener(userId);
    },
    onForget(listener) {
      listeners.push(listener);
    },
    get size() {
      return entries.size;
    },
  };
}

type Forgetter = Pick<AppContext, 'accountCache' | 'realtime'>;
const announceAccounts = batchPerTurn<Forgetter>((ctx, ids) => ctx.realtime.announceAccountsChanged(ids));

/**
 * Every node forgets these accounts (their row changed: call it for any write to `users`, inside
 * the transaction or after it). The other nodes hear of the ids of one event-loop turn in one
 * broadcast.
 */
export function forgetAccounts(ctx: Forgetter, userIds: Iterable<string>): void {
  const ids = [...userIds];
  for (const id of ids) ctx.accountCache.forget(id);
  announceAccounts(ctx, ids);
}

const changesOfTransactions = new WeakMap<object, Set<string>>();

/**
 * Notes, inside a database transaction, that it writes a person's account row (a wallet balance, a
 * membership's expiry); `inMoneyTransaction` forgets the noted accounts once it committed.
 */
export function noteAccountChanged(tx: object, userId: string): void {
  let changes = changesOfTransactions.get(tx);
  if (!changes) {
    changes = new Set();
    changesOfTransactions.set(tx, changes);
  }
  changes.add(userId);
}

/** The accounts noted in `tx` (and forgets the notes). */
export function takeAccountChanges(tx: object): string[] {
  const changes = changesOfTransactions.get(tx);
  changesOfTransactions.delete(tx);
  return changes ? [...changes] : [];
}
