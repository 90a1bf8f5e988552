/*
 * The forgets of a node's caches in the last `memoryMs`: for each id, when it was last forgotten and a
 * counter's value then, so that a cache does not store a read that began before a forget (or ran too
 * close to one). A repeat forget of an id updates its entry in place, and a queue in time order says
 * which entries have aged out. Keeping the Map itself in time order (deleting and inserting the id on
 * every forget) left a deleted slot per forget in that id's hash chain until V8 rebuilt the Map: a
 * busy person's forgets then cost 12 µs each with 5 000 others remembered, and a look-up as much.
 */

export interface Forget {
  /** The monotonic time of the id's last forget. */
  at: number;
  /** The counter's value at that forget (the counter goes up by one per forget). */
  seq: number;
}

export interface RecentForgets {
  /** Notes a forget of `id` at `at` (monotonic, never going back); answers the counter's new value. */
  note(id: string, at: number): number;
  /** The last forget of `id`, while it is remembered (at least `memoryMs`). */
  get(id: string): Forget | undefined;
  /** The counter's value now: a read notes it when it begins. */
  readonly seq: number;
  readonly size: number;
}

export function createRecentForgets(memoryMs: number): RecentForgets {
  const latest = new Map<string, Forget>();
  /** Every forget of the last `memoryMs` and a little more, oldest first, from `head` on. */
  const queue: { id: string; at: number; seq: number }[] = [];
  let head = 0;
  let seq = 0;

  return {
    note(id, at) {
      seq += 1;
      const entry = latest.get(id);
      if (entry) {
        entry.at = at;
        entry.seq = seq;
      } else latest.set(id, { at, seq });
      queue.push({ id, at, seq });
      while (head < queue.length && at - queue[head]!.at >= memoryMs) {
        const old = queue[head++]!;
        // Only when this was the id's last forget: a later one keeps it remembered.
        if (latest.get(old.id)?.seq === old.seq) latest.delete(old.id);
      }
      if (head >= 1024 && head * 2 >= queue.length) {
        queue.splice(0, head);
        head = 0;
      }
      return seq;
    },
    get: (id) => latest.get(id),
    get seq() {
      return seq;
    },
    get size() {
      return latest.size;
    },
  };
}
