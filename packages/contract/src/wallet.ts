import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { chargeTypes, maximumMoneyAmount } from './field-values';

/** The header every money route accepts; the same key from the same user returns the first result. */
export const idempotencyHeader = 'idempotency-key';
export const maximumIdempotencyKeyLength = 255;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A positive decimal amount with at most two places (stored as integer cents). */
export const ZMoneyAmount = z
  .number({ message: 'The amount must be a number, like 12.50.' })
  .refine((v) => Number.isFinite(v) && v > 0, { message: 'The amount must be more than 0.' })
  .refine((v) => v <= maximumMoneyAmount, {
    message: `The amount cannot be more than ${maximumMoneyAmount.toFixed(2)}.`,
  })
  .refine(hasAtMostTwoDecimals, { message: 'The amount can have at most two decimals.' });

export const ZChargeType = z.enum(chargeTypes);
export type TChargeType = z.infer<typeof ZChargeType>;

/** Items bought once through `POST /wallet/charges/{type}/{id}`. */
export const purchasableTypes = ['feed', 'video', 'gallery', 'message', 'stream'] as const;

export const ZTipParams = z.object({ performerId: ZId });
export const ZPurchaseParams = z.object({ id: ZId });

/** `POST /wallet/charges/tip/{performerId}` */
export const ZTipRequest = z
  .object({
    amount: ZMoneyAmount,
    /** The chat the tip was sent from (the tipper and the creator must be its members); a "tipped" message appears there. */
    conversationId: ZId.nullish(),
    /** The live stream the tip was sent from. */
    streamId: ZId.nullish(),
  })
  .strict();
export type TTipRequest = z.infer<typeof ZTipRequest>;

/** `POST /wallet/charges/{feed|video|gallery|message|stream}/{id}`: the price is the item's own; the body may be empty. */
export const ZPurchaseRequest = z.object({}).strict().nullish();

/** What a successful charge answers. */
export const ZCharge = z.object({
  /** The ledger transaction. */
  _id: ZId,
  type: ZChargeType,
  /** The item bought (null for tips). */
  targetId: ZId.nullable(),
  performerId: ZId,
  amount: z.number(),
  /** The payer's wallet balance after the charge. */
  balance: z.number(),
  createdAt: z.string(),
});
export type TCharge = z.infer<typeof ZCharge>;

export const ZDateRangeQuery = z.object({
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
});

/** `GET /wallet/charges/search` */
export const ZChargeSearchQuery = ZDateRangeQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: ZChargeType.optional(),
});
export type TChargeSearchQuery = z.infer<typeof ZChargeSearchQuery>;

export const ZChargeListItem = z.object({
  _id: ZId,
  type: ZChargeType,
  targetId: ZId.nullable(),
  performer: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }),
  amount: z.number(),
  createdAt: z.string(),
});
export type TChargeListItem = z.infer<typeof ZChargeListItem>;

/** `GET /wallet/transactions`: one line of the caller's statement. */
export const ZStatementQuery = ZDateRangeQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Which of the caller's accounts: the spendable wallet, or a creator's earnings (default by role). */
  account: z.enum(['wallet', 'earnings']).optional(),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ZStatementLine = z.object({
  /** The entry (ledger line). */
  _id: z.string(),
  transactionId: ZId,
  kind: z.string(),
  reference: z.string().nullable(),
  /** Signed: money in is positive, money out negative. */
  amount: z.number(),
  createdAt: z.string(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

/** `POST /admin/wallet/credit`: a test or goodwill credit to a wallet, paid by the platform. */
export const ZAdminCreditRequest = z
  .object({
    userId: ZId,
    amount: ZMoneyAmount,
    reason: z
      .string({ message: 'Say why the wallet is credited.' })
      .trim()
      .min(3, { message: 'Say why the wallet is credited (3 characters or more).' })
      .max(300),
  })
  .strict();
export type TAdminCreditRequest = z.infer<typeof ZAdminCreditRequest>;

export const ZAdminCredit = z.object({
  _id: ZId,
  userId: ZId,
  amount: z.number(),
  balance: z.number(),
  createdAt: z.string(),
});
export type TAdminCredit = z.infer<typeof ZAdminCredit>;

/** `GET /performer/earning/search` */
export const ZEarningSearchQuery = ZDateRangeQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: ZChargeType.optional(),
});
export type TEarningSearchQuery = z.infer<typeof ZEarningSearchQuery>;

export const ZEarning = z.object({
  _id: ZId,
  type: ZChargeType,
  sourceId: ZId.nullable(),
  fan: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }),
  grossPrice: z.number(),
  commission: z.number(),
  commissionRate: z.number(),
  netPrice: z.number(),
  createdAt: z.string(),
  /** When a refund gave this charge back (the row keeps the amounts charged); null otherwise. */
  refundedAt: z.string().nullable(),
});
export type TEarning = z.infer<typeof ZEarning>;

/**
 * Amounts of a range: charges made in it minus refunds made in it (a refund counts on the day it
 * happened, as in the ledger), so gross and net may be negative on a day with only refunds.
 */
const ZTotals = z.object({
  grossPrice: z.number(),
  commission: z.number(),
  netPrice: z.number(),
  /** Charges in the range. */
  count: z.number().int(),
  /** Gross and net given back by refunds in the range (already subtracted above), and how many. */
  refundedGross: z.number(),
  refundedNet: z.number(),
  refundCount: z.number().int(),
});

/** `GET /performer/earning/stats` */
export const ZEarningStats = ZTotals.extend({
  byType: z.array(ZTotals.extend({ type: ZChargeType })),
  /** One row per UTC day that has earnings, oldest first. */
  byDay: z.array(ZTotals.extend({ date: z.string() })),
  /** What the creator can still be paid out (earnings balance). */
  balance: z.number(),
});
export type TEarningStats = z.infer<typeof ZEarningStats>;
