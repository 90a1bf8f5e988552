import { describe, expect, it } from 'vitest';
import {
  accessLabel,
  feedTypeOf,
  formatDuration,
  lockCallToAction,
  pollPercentages,
  timeAgo,
} from './feed-format';

const now = new Date('2026-06-15T12:00:00Z');

describe('timeAgo', () => {
  it('says "just now" under a minute', () => {
    expect(timeAgo('2026-06-15T11:59:30Z', now)).toBe('just now');
  });
  it('counts minutes, hours and days for the last week', () => {
    expect(timeAgo('2026-06-15T11:55:00Z', now)).toBe('5m');
    expect(timeAgo('2026-06-15T09:00:00Z', now)).toBe('3h');
    expect(timeAgo('2026-06-12T12:00:00Z', now)).toBe('3d');
  });
  it('gives the date after a week, with the year only for earlier years', () => {
    expect(timeAgo('2026-03-04T12:00:00Z', now)).toBe('Mar 4');
    expect(timeAgo('2025-03-04T12:00:00Z', now)).toBe('Mar 4, 2025');
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(42)).toBe('0:42');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3729)).toBe('1:02:09');
  });
});

describe('accessLabel', () => {
  it('names subscribers, a price or free', () => {
    expect(accessLabel({ isSale: false, price: 0 })).toBe('Subscribers');
    expect(accessLabel({ isSale: true, price: 4.99 })).toBe('$4.99');
    expect(accessLabel({ isSale: true, price: 0 })).toBe('Free');
  });
});

describe('lockCallToAction', () => {
  it('asks to subscribe with the monthly price when known', () => {
    const cta = lockCallToAction({ reason: 'needs-subscription', price: 0, isSale: false }, 9.99);
    expect(cta).toMatchObject({ kind: 'subscribe', title: 'Subscribe to see this post' });
    expect(cta.action).toBe('Subscribe for $9.99/month');
  });
  it('asks to subscribe without a price when it is unknown', () => {
    expect(lockCallToAction({ reason: 'needs-subscription', price: 0, isSale: false }).action).toBe(
      'Subscribe',
    );
  });
  it('offers to unlock a pay-per-view post for its price', () => {
    expect(lockCallToAction({ reason: 'needs-purchase', price: 12.5, isSale: true }).action).toBe(
      'Unlock for $12.50',
    );
  });
  it('asks a visitor to log in, saying what the post needs', () => {
    expect(lockCallToAction({ reason: 'needs-login', price: 0, isSale: true })).toMatchObject({
      kind: 'login',
      title: 'Free for fans who log in',
    });
    expect(lockCallToAction({ reason: 'needs-login', price: 3, isSale: true }).title).toBe(
      'Unlock this post for $3.00',
    );
  });
  it('offers nothing to a blocked viewer', () => {
    expect(lockCallToAction({ reason: 'blocked', price: 0, isSale: false }).action).toBeNull();
  });
});

describe('pollPercentages', () => {
  it('answers zeros before the first vote', () => {
    expect(pollPercentages([0, 0, 0])).toEqual([0, 0, 0]);
  });
  it('rounds so that the shares add up to 100', () => {
    const shares = pollPercentages([1, 1, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    expect(shares).toEqual([34, 33, 33]);
  });
  it('keeps exact shares as they are', () => {
    expect(pollPercentages([3, 1])).toEqual([75, 25]);
  });
});

describe('feedTypeOf', () => {
  it('follows what is attached: video, audio, photos, poll, else text', () => {
    expect(feedTypeOf({ photos: 2, videos: 1, audios: 0, pollOptions: 0 })).toBe('video');
    expect(feedTypeOf({ photos: 0, videos: 0, audios: 1, pollOptions: 0 })).toBe('audio');
    expect(feedTypeOf({ photos: 3, videos: 0, audios: 0, pollOptions: 0 })).toBe('photo');
    expect(feedTypeOf({ photos: 0, videos: 0, audios: 0, pollOptions: 2 })).toBe('poll');
    expect(feedTypeOf({ photos: 0, videos: 0, audios: 0, pollOptions: 0 })).toBe('text');
  });
});
