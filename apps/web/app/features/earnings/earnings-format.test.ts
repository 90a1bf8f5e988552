import { describe, expect, it } from 'vitest';
import { money, refundNote } from './earnings-format';

describe('earnings format', () => {
  it('writes negative amounts with the sign before the dollar', () => {
    expect(money(12.5)).toBe('$12.50');
    expect(money(-20)).toBe('-$20.00');
    expect(money(0)).toBe('$0.00');
  });

  it('says how many refunds took how much back from the net', () => {
    expect(refundNote({ refundCount: 1, refundedNet: 20 })).toBe('After 1 refund (-$20.00)');
    expect(refundNote({ refundCount: 3, refundedNet: 48.4 })).toBe('After 3 refunds (-$48.40)');
  });
});
