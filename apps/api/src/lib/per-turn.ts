/**
 * Gathers ids per owner (an app's context) during one event-loop turn and hands each owner's set to
 * `flush` once, after the turn: the broadcasts of many changes in one turn (a batch of charges, a
 * mass message) go out as one.
 */
export function batchPerTurn<Owner extends object>(
  flush: (owner: Owner, ids: string[]) => void,
): (owner: Owner, ids: Iterable<string>) => void {
  const pending = new WeakMap<Owner, Set<string>>();
  return (owner, ids) => {
    let gathered = pending.get(owner);
    const isFirst = !gathered;
    if (!gathered) {
      gathered = new Set();
      pending.set(owner, gathered);
    }
    for (const id of ids) gathered.add(id);
    if (!isFirst) return;
    setImmediate(() => {
      const all = pending.get(owner);
      pending.delete(owner);
      if (all && all.size > 0) flush(owner, [...all]);
    });
  };
}
