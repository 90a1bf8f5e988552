import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { chargeTypes } from './field-values';
import { ZChargeType } from './wallet';

/*
 * The admin dashboard and the ledger screen (`/admin`, `/admin/ledger`). Money here travels as
 * integer cents (`…Cents`), exactly as the ledger holds it, so the figures can be checked to the cent.
 */

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The periods the dashboard offers, in days (the last N UTC days, today included). */
export const dashboardPeriods = [7, 30, 90] as const;
export type TDashboardPeriod = (typeof dashboardPeriods)[number];

/** `GET /admin/dashboard?days=` */
export const ZAdminDashboardQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { message: 'The period must be 7, 30 or 90 days.' })
    .default('30')
    .transform((v) => Number(v) as TDashboardPeriod),
});
export type TAdminDashboardQuery = z.infer<typeof ZAdminDashboardQuery>;

/** One UTC day of the period: sales net of refunds made that day, as the ledger moved them. */
export const ZDashboardDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  signUps: z.number().int(),
  /** What fans paid for sales (creators' net + platform commission). */
  grossCents: z.number().int(),
  /** Entries on the platform revenue account from sales and refunds. */
  commissionCents: z.number().int(),
  /** Entries on creators' earnings accounts from sales and refunds. */
  netCents: z.number().int(),
  /** Sale transactions (charges and subscription payments) and refunds that day. */
  sales: z.number().int(),
  refunds: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

export const ZAdminDashboard = z.object({
  days: z.number().int(),
  /** First and last day of the period, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  totals: ZDashboardDay.omit({ date: true }),
  /** Every day of the period, oldest first (days with nothing have zeros). */
  byDay: z.array(ZDashboardDay),
  /** Creator subscriptions running now (free ones included), and site memberships running now. */
  activeSubscriptions: z.number().int(),
  activeSiteMemberships: z.number().int(),
  /** Payout requests waiting for review, and approved ones waiting to be paid. */
  pendingPayouts: z.number().int(),
  approvedPayouts: z.number().int(),
  /** The payouts account's balance: what is held for requested payouts not yet paid. */
  heldForPayoutsCents: z.number().int(),
  pendingVerifications: z.number().int(),
  openReports: z.number().int(),
  liveShows: z.number().int(),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** `GET /admin/ledger/reconciliation`: the same check as `npm run reconcile`. */
export const ZLedgerReconciliation = z.object({
  ok: z.boolean(),
  transactions: z.number().int(),
  entries: z.number().int(),
  accounts: z.number().int(),
  /** Balance of each account kind (summed over its accounts), in cents. */
  totalsByKind: z.record(z.string(), z.number().int()),
  /** Sentences naming what drifted; empty when ok. */
  problems: z.array(z.string()),
  checkedAt: z.string(),
});
export type TLedgerReconciliation = z.infer<typeof ZLedgerReconciliation>;

export const ledgerTransactionKindValues = [
  'charge',
  'admin_credit',
  'top_up',
  'subscription',
  'payout',
  'refund',
  'adjustment',
] as const;
export const ZLedgerTransactionKind = z.enum(ledgerTransactionKindValues, {
  message: 'The kind must be charge, admin_credit, top_up, subscription, payout, refund or adjustment.',
});

/** A day (YYYY-MM-DD, UTC: the whole day) or an instant (ISO date-time). */
const ZDayOrInstant = z.union([z.iso.date(), ZIsoDate], {
  message: 'Dates must be YYYY-MM-DD or an ISO date-time.',
});

const rangeQuery = {
  q: optionalFilter(z.string().trim().max(200, 'The search text must be at most 200 characters.')),
  userId: optionalFilter(z.uuid({ message: 'The user filter must be a valid id.' })),
  fromDate: optionalFilter(ZDayOrInstant),
  toDate: optionalFilter(ZDayOrInstant),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};

const startNotAfterEnd = (v: { fromDate?: string; toDate?: string }) =>
  !v.fromDate || !v.toDate || v.fromDate.slice(0, 10) <= v.toDate.slice(0, 10);
const rangeMessage = { message: 'The start date must not be after the end date.', path: ['fromDate'] };

/** `GET /admin/transactions` (and `/admin/transactions.csv` without offset and limit). */
export const ZAdminTransactionQuery = z
  .object({ ...rangeQuery, kind: optionalFilter(ZLedgerTransactionKind) })
  .refine(startNotAfterEnd, rangeMessage);
export type TAdminTransactionQuery = z.infer<typeof ZAdminTransactionQuery>;

const ZPerson = z.object({ _id: ZId, name: z.string(), username: z.string().nullable() });

export const ZAdminLedgerEntry = z.object({
  account: z.string(),
  /** The account's owner (fan wallets and creators' earnings); null for system accounts. */
  user: ZPerson.nullable(),
  amountCents: z.number().int(),
});

export const ZAdminTransaction = z.object({
  _id: ZId,
  kind: z.string(),
  reference: z.string().nullable(),
  initiator: ZPerson.nullable(),
  /** What moved: the sum of the positive entries. */
  amountCents: z.number().int(),
  entries: z.array(ZAdminLedgerEntry),
  createdAt: z.string(),
  /**
   * Whether an admin may refund it now: a charge or a creator subscription payment (one with an
   * earning) that was not refunded yet.
   */
  isRefundable: z.boolean(),
  /** When a charge was refunded, and by which ledger transaction; null when it was not. */
  refundedAt: z.string().nullable(),
  refundTransactionId: ZId.nullable(),
});
export type TAdminTransaction = z.infer<typeof ZAdminTransaction>;

/** Longest reason an admin may give for a refund. */
export const maxRefundReason = 500;

/** `POST /admin/transactions/{id}/refund` */
export const ZChargeRefundParams = z.object({ id: ZId });
export const ZChargeRefundRequest = z
  .object({
    reason: z
      .string({ message: 'Say why the charge is refunded.' })
      .trim()
      .min(1, { message: 'Say why the charge is refunded.' })
      .max(maxRefundReason, { message: `The reason must be at most ${maxRefundReason} characters.` }),
  })
  .strict();
export type TChargeRefundRequest = z.infer<typeof ZChargeRefundRequest>;

/** A refunded charge: the reversing transaction and who got or gave what, in cents. */
export const ZChargeRefund = z.object({
  /** The refund's ledger transaction. */
  _id: ZId,
  chargeTransactionId: ZId,
  /** What was paid for: tip, feed, video, gallery, message, stream, private_call, subscription, product. */
  type: ZChargeType,
  fan: ZPerson,
  creator: ZPerson,
  /** What the fan gets back. */
  grossCents: z.number().int(),
  /** Where it goes: the fan's wallet, or the card that paid (through the payment gateway). */
  refundedTo: z.enum(['wallet', 'card']),
  /** Taken from the creator's earnings. */
  netCents: z.number().int(),
  /** Taken from the platform's commission. */
  commissionCents: z.number().int(),
  reason: z.string().nullable(),
  refundedAt: z.string(),
});
export type TChargeRefund = z.infer<typeof ZChargeRefund>;

/** `GET /admin/earnings` (and `/admin/earnings.csv`). */
export const ZAdminEarningQuery = z
  .object({
    ...rangeQuery,
    type: optionalFilter(
      z.enum(chargeTypes, { message: `The type must be one of ${chargeTypes.join(', ')}.` }),
    ),
  })
  .refine(startNotAfterEnd, rangeMessage);
export type TAdminEarningQuery = z.infer<typeof ZAdminEarningQuery>;

export const ZAdminEarning = z.object({
  _id: ZId,
  transactionId: ZId,
  type: ZChargeType,
  sourceId: ZId.nullable(),
  creator: ZPerson,
  fan: ZPerson,
  grossCents: z.number().int(),
  commissionCents: z.number().int(),
  commissionRate: z.number(),
  netCents: z.number().int(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type TAdminEarning = z.infer<typeof ZAdminEarning>;

/** Most rows a CSV export holds (transactions, or earnings); narrow the filters for more. */
export const adminExportLimit = 10_000;
