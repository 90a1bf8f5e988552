import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatMonthYear } from './dates';

// The shapes the pages used dayjs for; the same answers in the machine's time zone.
describe('formatDate', () => {
  const samples = [
    '2026-03-04T14:05:00Z',
    '2025-12-31T23:59:59Z',
    '2026-01-01T00:00:00Z',
    '2026-07-09T08:07:00Z',
  ];
  it.each(samples)('matches dayjs for %s', (iso) => {
    expect(formatDate(iso)).toBe(dayjs(iso).format('MMM D'));
    expect(formatDate(iso, { year: true })).toBe(dayjs(iso).format('MMM D, YYYY'));
    expect(formatDate(iso, { time: true })).toBe(dayjs(iso).format('MMM D, HH:mm'));
    expect(formatDate(iso, { year: true, time: true })).toBe(dayjs(iso).format('MMM D, YYYY HH:mm'));
    expect(formatDate(iso, { year: true, longMonth: true })).toBe(dayjs(iso).format('MMMM D, YYYY'));
  });
});

describe('formatMonthYear', () => {
  it('reads as Intl writes a month and year in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const at of ['2026-10-31T23:30:00Z', '2026-01-01T00:10:00Z', '1999-12-31T12:00:00.000Z'])
      expect(formatMonthYear(at)).toBe(intl.format(new Date(at)));
  });
});

describe('formatDuration', () => {
  it('gives the two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45.9)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(12 * 60 + 59)).toBe('12 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatDuration(2 * 86400 + 4 * 3600 + 7)).toBe('2 d 4 h');
    expect(formatDuration(86400)).toBe('1 d');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
