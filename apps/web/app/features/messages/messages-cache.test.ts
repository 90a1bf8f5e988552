import type { TMessage } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import { hasOlder, lastMessageId, type Thread, threadMessages, upsertMessages } from './messages-cache';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, patch: Partial<TMessage> = {}): TMessage {
  return {
    _id: id(n),
    conversationId: id(999),
    senderId: id(1),
    type: 'text',
    text: `message ${n}`,
    isDeleted: false,
    isSale: false,
    price: 0,
    isLocked: false,
    isBought: false,
    files: [],
    tipAmount: null,
    isSeen: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...patch,
  };
}

/** Pages as the API gives them: [newest 25, the 25 before, …], each oldest first. */
const thread = (pages: number[][], total: number): Thread => ({
  pages: pages.map((ns) => ({ data: ns.map((n) => message(n)), total })),
  pageParams: pages.map((_, i) => i * 25),
});

describe('threadMessages', () => {
  it('puts older pages first and each message once (overlapping pages after new arrivals)', () => {
    const t = thread(
      [
        [3, 4, 5],
        [1, 2, 3],
      ],
      5,
    );
    expect(threadMessages(t).map((m) => m.text)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
  });
});

describe('upsertMessages', () => {
  it('adds a new message at the end, once, however often it arrives', () => {
    let t = thread([[1, 2]], 2) as Thread | undefined;
    t = upsertMessages(t, [message(3)]);
    t = upsertMessages(t, [message(3)]);
    expect(threadMessages(t).map((m) => m._id)).toEqual([id(1), id(2), id(3)]);
    expect(t?.pages[0]?.total).toBe(3);
    expect(lastMessageId(t)).toBe(id(3));
  });

  it('replaces a deleted message in place', () => {
    const t = upsertMessages(thread([[1, 2, 3]], 3), [
      message(2, { isDeleted: true, text: 'Message deleted!' }),
    ]);
    const all = threadMessages(t);
    expect(all.map((m) => m.text)).toEqual(['message 1', 'Message deleted!', 'message 3']);
    expect(all[1]?.isDeleted).toBe(true);
  });

  it('leaves a thread that is not loaded alone', () => {
    expect(upsertMessages(undefined, [message(1)])).toBeUndefined();
  });
});

describe('hasOlder', () => {
  it('is true while fewer are loaded than the server counts', () => {
    expect(hasOlder(thread([[26, 27]], 27))).toBe(true);
    expect(hasOlder(thread([[1, 2]], 2))).toBe(false);
    expect(hasOlder(thread([[], []], 5))).toBe(false);
  });
});
