/*
 * Reads of one thing asked at once, done once. A node's short-lived copies (repeat pages, signed-out
 * profiles) run out together for everyone who reads them: without this, the tens of requests that
 * arrive in the milliseconds after a busy page's copy ran out each read it again. A request joins a
 * read under way only when the cache's forget counter has not moved since that read began, so what
 * it gets is what a copy kept at that moment would have given.
 */

export interface SharedReads<T> {
  /**
   * The read of `key` under way since the counter stood at `since`, or `read()` started now (and
   * offered to the requests that come while it runs). `join: false` always reads anew (a reload).
   */
  run(key: string, since: number, read: () => Promise<T>, options?: { join?: boolean }): Promise<T>;
  /** Reads under way (tests). */
  readonly size: number;
}

export function createSharedReads<T>(): SharedReads<T> {
  const underWay = new Map<string, { since: number; value: Promise<T> }>();
  return {
    run(key, since, read, options = {}) {
      const found = options.join === false ? undefined : underWay.get(key);
      if (found && found.since === since) return found.value;
      const entry = { since, value: read() };
      underWay.set(key, entry);
      const settle = () => {
        if (underWay.get(key) === entry) underWay.delete(key);
      };
      entry.value.then(settle, settle);
      return entry.value;
    },
    get size() {
      return underWay.size;
    },
  };
}
