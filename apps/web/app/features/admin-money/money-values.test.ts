import type { TCoupon } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import {
  canRefund,
  couponBodyOf,
  couponStateOf,
  emptyCouponForm,
  emptyPackageForm,
  expiryDayOf,
  expiryInstantOf,
  packageBodyOf,
  pageCountOf,
  pageQueryOf,
  ZCouponForm,
  ZPackageForm,
} from './money-values';

const coupon = (over: Partial<TCoupon> = {}): TCoupon => ({
  _id: 'c1',
  name: '',
  code: 'SPRING',
  value: 20,
  expiredDate: null,
  numberOfUses: 10,
  usedCount: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const now = new Date('2026-06-01T12:00:00Z');

describe('token package form', () => {
  it('asks for a name, tokens and a price when they are empty', () => {
    const result = ZPackageForm.safeParse(emptyPackageForm);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['name', 'tokens', 'price']));
  });

  it('refuses a price with more than two decimals', () => {
    const result = ZPackageForm.safeParse({ ...emptyPackageForm, name: 'A', tokens: 10, price: 9.999 });
    expect(result.error?.issues[0]?.message).toBe('The price can have at most two decimals.');
  });

  it('sends trimmed text and numbers', () => {
    expect(
      packageBodyOf({
        name: ' Gold ',
        description: ' Best ',
        tokens: 100,
        price: 89.99,
        ordering: 2,
        isActive: false,
      }),
    ).toEqual({ name: 'Gold', description: 'Best', tokens: 100, price: 89.99, ordering: 2, isActive: false });
  });
});

describe('coupon form', () => {
  it('refuses a discount that is not a whole percentage from 1 to 100', () => {
    for (const value of [0, 101, 12.5]) {
      const result = ZCouponForm.safeParse({ ...emptyCouponForm, code: 'ABC', value });
      expect(result.error?.issues[0]?.message).toBe('The discount is a whole percentage from 1 to 100.');
    }
  });

  it('asks for a code when it is empty', () => {
    const result = ZCouponForm.safeParse({ ...emptyCouponForm, value: 5 });
    expect(result.error?.issues[0]?.message).toBe('Enter a coupon code.');
  });

  it('refuses codes with spaces', () => {
    const result = ZCouponForm.safeParse({ ...emptyCouponForm, code: 'TWO WORDS', value: 5 });
    expect(result.error?.issues[0]?.path).toEqual(['code']);
  });

  it('sends no expiry as null and a day as the end of that day', () => {
    expect(couponBodyOf({ ...emptyCouponForm, code: 'X1', value: 5 }).expiredDate).toBeNull();
    const instant = expiryInstantOf('2026-07-04');
    expect(instant).not.toBeNull();
    expect(expiryDayOf(instant)).toBe('2026-07-04');
    expect(new Date(instant ?? '').getHours()).toBe(23);
  });
});

describe('coupon state', () => {
  it('says why a coupon does not work, inactive first', () => {
    expect(couponStateOf(coupon(), now)).toBe('active');
    expect(couponStateOf(coupon({ isActive: false, usedCount: 10 }), now)).toBe('inactive');
    expect(couponStateOf(coupon({ expiredDate: '2026-05-31T23:59:59Z' }), now)).toBe('expired');
    expect(couponStateOf(coupon({ usedCount: 10 }), now)).toBe('used up');
  });
});

describe('refunds', () => {
  it('allows one refund per order', () => {
    expect(canRefund({ deliveryStatus: 'delivered', refundedAt: null })).toBe(true);
    expect(canRefund({ deliveryStatus: 'refunded', refundedAt: '2026-01-01T00:00:00Z' })).toBe(false);
  });
});

describe('admin list paging', () => {
  it('asks for 20 rows from the start of the page, and the search only when it says something', () => {
    expect(pageQueryOf(1, '')).toEqual({ offset: 0, limit: 20 });
    expect(pageQueryOf(3, '  ada  ')).toEqual({ offset: 40, limit: 20, q: 'ada' });
    expect(pageQueryOf(0, '   ')).toEqual({ offset: 0, limit: 20 });
    expect(pageQueryOf(2, 'x'.repeat(300)).q).toHaveLength(200);
  });

  it('counts at least one page', () => {
    expect([0, 1, 20, 21, 45].map(pageCountOf)).toEqual([1, 1, 1, 2, 3]);
  });
});
