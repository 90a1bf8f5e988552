import { z } from 'zod';
import { ZId } from './common';
import { ZCountryCode } from './reference';
import { ZMoneyAmount } from './wallet';

/** Letters and digits of an account number or IBAN, spaces and dashes dropped. */
const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** An IBAN (two letters, two check digits, then up to 30 characters) passes the mod-97 check. */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

const looksLikeIban = (value: string) => /^[A-Z]{2}\d{2}/.test(compact(value));

/** `PUT /performers/banking-settings` */
export const ZBankingSettingsRequest = z
  .object({
    holderName: z
      .string({ message: 'Enter the account holder name.' })
      .trim()
      .min(2, { message: 'Enter the account holder name.' })
      .max(120),
    bankName: z
      .string({ message: 'Enter the bank name.' })
      .trim()
      .min(2, { message: 'Enter the bank name.' })
      .max(120),
    /** An IBAN (checked) or a local account number of 4 to 34 letters and digits. */
    accountNumber: z
      .string({ message: 'Enter the IBAN or account number.' })
      .trim()
      .transform(compact)
      .refine((v) => /^[A-Z0-9]{4,34}$/.test(v), {
        message: 'The IBAN or account number must be 4 to 34 letters and digits.',
      })
      .refine((v) => !looksLikeIban(v) || isValidIban(v), {
        message: 'This IBAN is not valid; check it again.',
      }),
    swiftCode: z
      .string()
      .trim()
      .transform(compact)
      .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), {
        message: 'The SWIFT/BIC code has 8 or 11 characters, like DEUTDEFF.',
      }),
    country: ZCountryCode,
  })
  .strict();
export type TBankingSettingsRequest = z.infer<typeof ZBankingSettingsRequest>;

/** `PUT /performers/payment-gateway-settings`: a PayPal email (null removes it). */
export const ZPaymentGatewaySettingsRequest = z
  .object({
    paypalEmail: z.email({ message: 'Enter a valid PayPal email.' }).max(254).nullable(),
  })
  .strict();
export type TPaymentGatewaySettingsRequest = z.infer<typeof ZPaymentGatewaySettingsRequest>;

export const payoutMethodValues = ['bank', 'paypal', 'stripe'] as const;
export const ZPayoutMethod = z.enum(payoutMethodValues, { message: 'Choose bank, paypal or stripe.' });
export type TPayoutMethod = z.infer<typeof ZPayoutMethod>;

/** What the creator has configured (the account number is shown masked). */
export const ZPayoutSettings = z.object({
  banking: z
    .object({
      holderName: z.string(),
      bankName: z.string(),
      accountNumberMasked: z.string(),
      swiftCode: z.string(),
      country: z.string(),
    })
    .nullable(),
  paypalEmail: z.string().nullable(),
  /** Set by the Stripe Connect onboarding (`POST /stripe/accounts`). */
  stripeAccountId: z.string().nullable(),
  /** Stripe Connect: whether the site offers it and how far the creator's account is. */
  stripeConnect: z.object({
    available: z.boolean(),
    /** Stripe let the account receive payouts (from its `account.updated` event). */
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
  }),
  /** The methods a payout request may use now. */
  methods: z.array(ZPayoutMethod),
});
export type TPayoutSettings = z.infer<typeof ZPayoutSettings>;

/** `POST /stripe/accounts`: the Stripe onboarding page to send the creator to. */
export const ZStripeAccountLink = z.object({ accountId: z.string(), url: z.string() });
export type TStripeAccountLink = z.infer<typeof ZStripeAccountLink>;

/** `POST /payout-requests/calculate` */
export const ZPayoutCalculation = z.object({
  /** Net earned over all time, refunds taken out. */
  totalEarned: z.number(),
  paidOut: z.number(),
  /** Held by requests pending review or approved and not yet paid. */
  pending: z.number(),
  /** The earnings balance: what a new request may ask for. */
  available: z.number(),
  minimumPayoutAmount: z.number(),
});
export type TPayoutCalculation = z.infer<typeof ZPayoutCalculation>;

export const payoutStatusValues = ['pending', 'approved', 'paid', 'rejected'] as const;
export const ZPayoutStatus = z.enum(payoutStatusValues);
export type TPayoutStatus = z.infer<typeof ZPayoutStatus>;

const ZNote = z.string().trim().max(500, { message: 'The note can have at most 500 characters.' });

/** `POST /payout-requests` (with an Idempotency-Key). The method defaults to the first configured one. */
export const ZPayoutRequestCreate = z
  .object({ amount: ZMoneyAmount, method: ZPayoutMethod.optional(), note: ZNote.optional() })
  .strict();
export type TPayoutRequestCreate = z.infer<typeof ZPayoutRequestCreate>;

/** `PUT /payout-requests/{id}`: a pending request's amount and note. */
export const ZPayoutRequestUpdate = z
  .object({ amount: ZMoneyAmount.optional(), note: ZNote.optional() })
  .strict();
export type TPayoutRequestUpdate = z.infer<typeof ZPayoutRequestUpdate>;

export const ZPayoutRequestParams = z.object({ id: ZId });

export const ZPayoutRequest = z.object({
  _id: ZId,
  performer: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }),
  amount: z.number(),
  method: ZPayoutMethod,
  note: z.string(),
  status: ZPayoutStatus,
  /** The admin's reason when rejected. */
  adminNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPayoutRequest = z.infer<typeof ZPayoutRequest>;

/** `GET /payout-requests/search` and `GET /admin/payout-requests/search` */
export const ZPayoutSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: ZPayoutStatus.optional(),
  /** Admin search only. */
  performerId: ZId.optional(),
});
export type TPayoutSearchQuery = z.infer<typeof ZPayoutSearchQuery>;

/** `GET /payout-requests/check/pending-review` */
export const ZPayoutPendingReview = z.object({
  pending: z.boolean(),
  request: ZPayoutRequest.nullable(),
});
export type TPayoutPendingReview = z.infer<typeof ZPayoutPendingReview>;

/** `POST /admin/payout-requests/{id}/reject` */
export const ZPayoutRejectRequest = z
  .object({
    reason: z
      .string({ message: 'Say why the request is rejected.' })
      .trim()
      .min(3, { message: 'Say why the request is rejected (3 characters or more).' })
      .max(500),
  })
  .strict();
export type TPayoutRejectRequest = z.infer<typeof ZPayoutRejectRequest>;
