import { describe, expect, it } from 'vitest';
import { createRecentForgets } from './recent-forgets';

describe('recent forgets', () => {
  it('answers the last forget of an id with the counter then, and counts every forget', () => {
    const forgets = createRecentForgets(1000);
    expect(forgets.seq).toBe(0);
    expect(forgets.note('a', 10)).toBe(1);
    expect(forgets.note('b', 20)).toBe(2);
    expect(forgets.note('a', 30)).toBe(3);
    expect(forgets.get('a')).toEqual({ at: 30, seq: 3 });
    expect(forgets.get('b')).toEqual({ at: 20, seq: 2 });
    expect(forgets.get('c')).toBeUndefined();
    expect(forgets.seq).toBe(3);
  });

  it('remembers a forget at least memoryMs, and an id forgotten again from its last forget', () => {
    const forgets = createRecentForgets(1000);
    forgets.note('a', 0);
    forgets.note('b', 0);
    forgets.note('a', 600);
    forgets.note('c', 999);
    expect(forgets.get('b')).toBeDefined();
    // At 1000 the forgets of 0 have aged out; a's last one (600) has not.
    forgets.note('d', 1000);
    expect(forgets.get('b')).toBeUndefined();
    expect(forgets.get('a')).toEqual({ at: 600, seq: 3 });
    forgets.note('d', 1600);
    expect(forgets.get('a')).toBeUndefined();
    expect(forgets.get('c')).toBeDefined();
    expect(forgets.size).toBe(2);
  });

  it('keeps the same size however often one id is forgotten (a busy person)', () => {
    const forgets = createRecentForgets(10_000);
    for (let k = 0; k < 5000; k++) forgets.note(`user-${k}`, 0);
    for (let k = 0; k < 20_000; k++) forgets.note('hot', 1 + k / 1000);
    expect(forgets.size).toBe(5001);
    expect(forgets.get('hot')?.seq).toBe(25_000);
    // Long after, one more forget drops every aged one, the busy id's included.
    forgets.note('late', 100_000);
    expect(forgets.size).toBe(1);
  });
});
