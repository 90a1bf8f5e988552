import type {
  TCoupon,
  TCouponCreateRequest,
  TOrder,
  TTokenPackage,
  TTokenPackageCreateRequest,
} from '@fanstage/contract';
import { z } from 'zod';

/** An empty number field reads '' so the input can be cleared; the schema turns it into a message. */
const numberField = (message: string) =>
  z.union([z.number(), z.literal('')]).refine((v): boolean => v !== '', { message });

const hasTwoDecimalsAtMost = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const ZAmountField = (what: string) =>
  numberField(`Enter the ${what}.`)
    .refine((v) => v === '' || v > 0, { message: `The ${what} must be more than 0.` })
    .refine((v) => v === '' || hasTwoDecimalsAtMost(v), {
      message: `The ${what} can have at most two decimals.`,
    });

// ---------------------------------------------------------------- token packages

export const ZPackageForm = z.object({
  name: z.string().trim().min(1, { message: 'Give the package a name.' }).max(100),
  description: z.string().trim().max(500, { message: 'The description can have at most 500 characters.' }),
  tokens: ZAmountField('number of tokens'),
  price: ZAmountField('price'),
  ordering: numberField('Enter a position, 0 comes first.').refine(
    (v) => v === '' || (Number.isInteger(v) && v >= 0 && v <= 10_000),
    { message: 'The position is a whole number from 0 to 10000.' },
  ),
  isActive: z.boolean(),
});
export type PackageFormValues = z.infer<typeof ZPackageForm>;

export const emptyPackageForm: PackageFormValues = {
  name: '',
  description: '',
  tokens: '',
  price: '',
  ordering: 0,
  isActive: true,
};

export const packageFormOf = (p: TTokenPackage): PackageFormValues => ({
  name: p.name,
  description: p.description,
  tokens: p.tokens,
  price: p.price,
  ordering: p.ordering,
  isActive: p.isActive,
});

/** The request body for create and update (the update takes the same full set of fields). */
export const packageBodyOf = (v: PackageFormValues): TTokenPackageCreateRequest => ({
  name: v.name.trim(),
  description: v.description.trim(),
  tokens: Number(v.tokens),
  price: Number(v.price),
  ordering: Number(v.ordering),
  isActive: v.isActive,
});

// ---------------------------------------------------------------- coupons

export const ZCouponForm = z.object({
  name: z.string().trim().max(100, { message: 'The name can have at most 100 characters.' }),
  code: z
    .string()
    .trim()
    .min(1, { message: 'Enter a coupon code.' })
    .min(2, { message: 'A coupon code has 2 to 40 characters.' })
    .max(40, { message: 'A coupon code has 2 to 40 characters.' })
    .regex(/^[A-Za-z0-9_-]+$/, {
      message: 'A coupon code has only letters, digits, dashes and underscores.',
    }),
  value: numberField('Enter the discount in percent.').refine(
    (v) => v === '' || (Number.isInteger(v) && v >= 1 && v <= 100),
    { message: 'The discount is a whole percentage from 1 to 100.' },
  ),
  /** `YYYY-MM-DD`, the last day the coupon works; '' for never. */
  expiry: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Pick a date.' })]),
  numberOfUses: numberField('Say how many times the coupon may be used.').refine(
    (v) => v === '' || (Number.isInteger(v) && v >= 1 && v <= 1_000_000),
    { message: 'A coupon needs 1 to 1000000 uses.' },
  ),
  isActive: z.boolean(),
});
export type CouponFormValues = z.infer<typeof ZCouponForm>;

export const emptyCouponForm: CouponFormValues = {
  name: '',
  code: '',
  value: '',
  expiry: '',
  numberOfUses: 100,
  isActive: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (local time) of an expiry instant, for a date input. */
export function expiryDayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A coupon works through the whole of its last day: the end of that day in local time. */
export function expiryInstantOf(day: string): string | null {
  if (!day) return null;
  return new Date(`${day}T23:59:59.999`).toISOString();
}

export const couponFormOf = (c: TCoupon): CouponFormValues => ({
  name: c.name,
  code: c.code,
  value: c.value,
  expiry: expiryDayOf(c.expiredDate),
  numberOfUses: c.numberOfUses,
  isActive: c.isActive,
});

export const couponBodyOf = (v: CouponFormValues): TCouponCreateRequest => ({
  name: v.name.trim(),
  code: v.code.trim(),
  value: Number(v.value),
  expiredDate: expiryInstantOf(v.expiry),
  numberOfUses: Number(v.numberOfUses),
  isActive: v.isActive,
});

export type CouponState = 'active' | 'inactive' | 'expired' | 'used up';

/** Whether a fan could use the coupon now, and if not, the first reason the API would give. */
export function couponStateOf(c: TCoupon, now: Date): CouponState {
  if (!c.isActive) return 'inactive';
  if (c.expiredDate && new Date(c.expiredDate).getTime() < now.getTime()) return 'expired';
  if (c.usedCount >= c.numberOfUses) return 'used up';
  return 'active';
}

export const couponStateColors: Record<CouponState, string> = {
  active: 'teal',
  inactive: 'gray',
  expired: 'orange',
  'used up': 'yellow',
};

// ---------------------------------------------------------------- orders

/** A refund puts the whole price back in the fan's wallet; a refunded order cannot be refunded again. */
export const canRefund = (o: Pick<TOrder, 'deliveryStatus' | 'refundedAt'>): boolean =>
  o.deliveryStatus !== 'refunded' && o.refundedAt === null;

export const deliveryStatusColors: Record<TOrder['deliveryStatus'], string> = {
  processing: 'yellow',
  shipping: 'blue',
  delivered: 'teal',
  refunded: 'gray',
};

// ---------------------------------------------------------------- paging

/** Rows per page of the admin money lists. */
export const adminPageSize = 20;

/** The query of one page (1-based) of an admin list, with the search when it says something. */
export function pageQueryOf(page: number, search: string): { offset: number; limit: number; q?: string } {
  const q = search.trim().slice(0, 200);
  return {
    offset: (Math.max(1, Math.floor(page)) - 1) * adminPageSize,
    limit: adminPageSize,
    ...(q ? { q } : {}),
  };
}

/** How many pages `total` rows fill (at least one). */
export const pageCountOf = (total: number): number => Math.max(1, Math.ceil(total / adminPageSize));
