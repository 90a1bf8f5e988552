import { describe, expect, it } from 'vitest';
import { dayLabel } from './message-thread';

describe('dayLabel', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it('says Today, Yesterday, the weekday and date, and the year for older years', () => {
    expect(dayLabel(new Date(2026, 10, 22, 9, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 19, 12, 0).toISOString(), now)).toBe('Thursday, November 19');
    expect(dayLabel(new Date(2025, 0, 2, 12, 0).toISOString(), now)).toBe('January 2, 2025');
  });
});
