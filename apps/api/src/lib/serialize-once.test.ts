import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeOncePerData } from './serialize-once';

/** An account-like object that counts how often its name is read (once per check and write-out). */
function counted(name: string) {
  const data = { reads: 0, secret: 'left out' } as { reads: number; secret: string; name: string };
  Object.defineProperty(data, 'name', {
    enumerable: true,
    get() {
      data.reads++;
      return name;
    },
  });
  return data;
}

describe('serializeOncePerData', () => {
  const encode = serializeOncePerData({
    schema: z.object({ data: z.object({ name: z.string() }) }),
    method: 'GET',
    url: '/x',
  });

  it('checks and writes out each data object once, then sends its text again', () => {
    const data = counted('Ava');
    expect(encode({ data })).toBe('{"data":{"name":"Ava"}}');
    const readsOnce = data.reads;
    expect(readsOnce).toBeGreaterThan(0);
    expect(encode({ data })).toBe('{"data":{"name":"Ava"}}');
    expect(data.reads).toBe(readsOnce);
    // A new object (the cache read the account again) is written out anew.
    expect(encode({ data: { name: 'Noah' } })).toBe('{"data":{"name":"Noah"}}');
  });

  it('serializes an answer with more than data every time', () => {
    const data = counted('Ava');
    const withMore = { data, total: 1 } as { data: unknown };
    encode(withMore);
    const readsOnce = data.reads;
    encode(withMore);
    expect(data.reads).toBe(2 * readsOnce);
  });

  it('still refuses data that does not match the schema', () => {
    expect(() => encode({ data: { name: 42 } })).toThrow();
  });
});
