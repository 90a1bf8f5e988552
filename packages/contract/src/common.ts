import { z } from 'zod';

export const ZId = z.uuid({ message: 'Must be a valid id.' });

/** `{ data }` envelope for one object. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/** `{ data: [...], total }` envelope for lists. */
export const listOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), total: z.number().int() });

export const ZOk = z.object({ data: z.object({ success: z.boolean() }) });

/** The list query every list route accepts. */
export const ZListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sortBy: z.string().max(40).default('updatedAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(200).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** Amounts travel as decimal numbers with two places; they are stored as integer cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number | bigint): number => Number(cents) / 100;
/**
 * An amount in messages: "$1,250.00" (a negative one "$-1,250.00"). Written out by hand: Intl's
 * `toLocaleString` cost a busy server more than a tip's SQL did.
 */
export const formatAmount = (amount: number): string => {
  const cents = Math.abs(Math.round(amount * 100));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `$${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
};

export const ZIsoDate = z.string().datetime({ offset: true });
