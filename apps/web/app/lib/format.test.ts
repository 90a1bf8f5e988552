import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, groupThousands, plural, priceBadge, subscriptionOffer } from './format';

const offer = (over: Partial<Parameters<typeof subscriptionOffer>[0]> = {}) => ({
  monthlyPrice: null,
  yearlyPrice: null,
  freeSubscription: false,
  ...over,
});

describe('formatPrice', () => {
  it('always writes two places, whole amounts too, so no screen says $0 where another says $0.00', () => {
    expect(formatPrice(9.99)).toBe('$9.99');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(300)).toBe('$300.00');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(-20)).toBe('-$20.00');
  });
});

describe('formatCount and plural', () => {
  it('shortens large counts and picks the singular for one', () => {
    expect(formatCount(950)).toBe('950');
    // Below a thousand it skips the (slow to build) Intl formatter and must read the same.
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
    for (let n = -999; n <= 999; n += 1) expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(999.5)).toBe(intl.format(999.5));
    expect(formatCount(1250)).toBe('1.3K');
    expect(plural(1, 'follower')).toBe('1 follower');
    expect(plural(12, 'follower')).toBe('12 followers');
  });
});

describe('subscriptionOffer', () => {
  it('puts the monthly price on the button and the yearly plan with its saving in the note', () => {
    expect(subscriptionOffer(offer({ monthlyPrice: 9.99, yearlyPrice: 99.99 }), 1)).toEqual({
      label: 'Subscribe for $9.99/month',
      note: 'or $99.99/year (save 17%)',
    });
  });

  it('leads with the free period when one is on offer', () => {
    expect(subscriptionOffer(offer({ freeSubscription: true, monthlyPrice: 5 }), 7)).toEqual({
      label: 'Free for 7 days',
      note: 'then $5.00/month',
    });
    expect(subscriptionOffer(offer({ freeSubscription: true }), 1).label).toBe('Free for 1 day');
  });

  it('offers the yearly plan alone, or a plain Subscribe when no price is set', () => {
    expect(subscriptionOffer(offer({ yearlyPrice: 50 }), 1).label).toBe('Subscribe for $50.00/year');
    expect(subscriptionOffer(offer(), 1)).toEqual({ label: 'Subscribe', note: null });
  });

  it('does not claim a saving when the yearly plan costs as much as twelve months', () => {
    expect(subscriptionOffer(offer({ monthlyPrice: 10, yearlyPrice: 120 }), 1).note).toBe('or $120.00/year');
  });
});

describe('priceBadge', () => {
  it('prefers Free, then the monthly price, then the yearly one', () => {
    expect(priceBadge(offer({ freeSubscription: true, monthlyPrice: 5 }))).toBe('Free');
    expect(priceBadge(offer({ monthlyPrice: 4.95 }))).toBe('$4.95/mo');
    expect(priceBadge(offer({ yearlyPrice: 40 }))).toBe('$40.00/yr');
    expect(priceBadge(offer())).toBeNull();
  });
});

describe('groupThousands', () => {
  it('writes an integer as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -9876543, 1e15])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatPrice', () => {
  it('writes dollars as Intl’s en-US currency format does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const values = [0, -0, 0.5, 9.99, 12.5, 1234, -20, 1234567.89, 0.004, 0.005, 2.675, -0.001, 99.995];
    for (let c = -250_000; c <= 250_000; c += 997) values.push(c / 100);
    for (const v of values) expect(formatPrice(v), String(v)).toBe(intl.format(v));
  });
});
