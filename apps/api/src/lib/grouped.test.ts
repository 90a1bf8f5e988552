import { describe, expect, it } from 'vitest';
import { groupWhileBusy } from './grouped';

describe('groupWhileBusy', () => {
  it('runs the first call alone, then every call that came meanwhile together, up to the maximum', async () => {
    const groups: number[][] = [];
    const call = groupWhileBusy<number, string>(
      async (inputs) => {
        groups.push(inputs);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return inputs.map((n) => `#${n}`);
      },
      { max: 3 },
    );
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => call(n)));
    expect(answers).toEqual(['#0', '#1', '#2', '#3', '#4', '#5', '#6', '#7']);
    expect(groups).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
    // Quiet again: the next call runs at once and alone.
    expect(await call(8)).toBe('#8');
    expect(groups.at(-1)).toEqual([8]);
  });

  it('an Error answered for one input rejects only that call; a thrown error rejects its whole group', async () => {
    let fail = false;
    const call = groupWhileBusy<number, number>(
      async (inputs) => {
        if (fail) throw new Error('the statement failed');
        return inputs.map((n) => (n === 2 ? new Error('two is refused') : n * 10));
      },
      { max: 10 },
    );
    const outcomes = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('two is refused');
    fail = true;
    const failed = await Promise.allSettled([call(4), call(5)]);
    expect(failed.every((o) => o.status === 'rejected')).toBe(true);
    // The writer goes on after a failed group.
    fail = false;
    expect(await call(6)).toBe(60);
  });

  it('with two lanes, a group that waits holds up only its own lane', async () => {
    let releaseFirst: () => void = () => {};
    const groups: number[][] = [];
    const call = groupWhileBusy<number, number>(
      async (inputs) => {
        groups.push(inputs);
        // The first group waits (as a statement on a locked row would) until told.
        if (inputs.includes(0)) await new Promise<void>((resolve) => (releaseFirst = resolve));
        else await new Promise((resolve) => setTimeout(resolve, 2));
        return inputs;
      },
      { max: 10, lanes: 2 },
    );
    const first = call(0);
    const others = await Promise.all([1, 2, 3, 4, 5].map((n) => call(n)));
    // All the others were answered by the second lane while the first still waited.
    expect(others).toEqual([1, 2, 3, 4, 5]);
    expect(groups[0]).toEqual([0]);
    releaseFirst();
    expect(await first).toBe(0);
  });
});
