import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { ZMoneyAmount } from './wallet';

/** Gateways a top-up can go through; which one is used is the server's choice (env, then setting). */
export const paymentGatewayNames = ['sandbox', 'stripe'] as const;
export const ZPaymentGatewayName = z.enum(paymentGatewayNames);
export type TPaymentGatewayName = z.infer<typeof ZPaymentGatewayName>;

/** `expired`: a top-up not paid within an hour of its start; nothing was charged. */
export const paymentOrderStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export const ZPaymentOrderStatus = z.enum(paymentOrderStatuses);
export type TPaymentOrderStatus = z.infer<typeof ZPaymentOrderStatus>;

/** Test cards of the sandbox gateway (spaces are ignored). */
export const sandboxTestCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

const ZPageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---------------------------------------------------------------- token packages

export const ZTokenPackage = z.object({
  _id: ZId,
  name: z.string(),
  description: z.string(),
  /** Tokens credited to the wallet. */
  tokens: z.number(),
  /** What the fan pays (before a coupon). */
  price: z.number(),
  isActive: z.boolean(),
  ordering: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTokenPackage = z.infer<typeof ZTokenPackage>;

/** `GET /package/token/search` and the admin search. */
export const ZTokenPackageSearchQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional(),
});
export type TTokenPackageSearchQuery = z.infer<typeof ZTokenPackageSearchQuery>;

/** `POST /admin/package/token` */
export const ZTokenPackageCreateRequest = z
  .object({
    name: z
      .string({ message: 'Give the package a name.' })
      .trim()
      .min(1, { message: 'Give the package a name.' })
      .max(100),
    description: z.string().trim().max(500).default(''),
    tokens: ZMoneyAmount,
    price: ZMoneyAmount,
    isActive: z.boolean().default(true),
    ordering: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type TTokenPackageCreateRequest = z.infer<typeof ZTokenPackageCreateRequest>;

/** `PUT /admin/package/token/{id}`: any subset of the fields. */
export const ZTokenPackageUpdateRequest = z
  .object({
    name: z.string().trim().min(1, { message: 'Give the package a name.' }).max(100).optional(),
    description: z.string().trim().max(500).optional(),
    tokens: ZMoneyAmount.optional(),
    price: ZMoneyAmount.optional(),
    isActive: z.boolean().optional(),
    ordering: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type TTokenPackageUpdateRequest = z.infer<typeof ZTokenPackageUpdateRequest>;

// ---------------------------------------------------------------- coupons

const ZCouponCode = z
  .string({ message: 'Enter a coupon code.' })
  .trim()
  .min(2, { message: 'A coupon code has 2 to 40 characters.' })
  .max(40, { message: 'A coupon code has 2 to 40 characters.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'A coupon code has only letters, digits, dashes and underscores.' });

export const ZCoupon = z.object({
  _id: ZId,
  name: z.string(),
  code: z.string(),
  /** Percent off the price, 1–100. */
  value: z.number().int(),
  expiredDate: z.string().nullable(),
  numberOfUses: z.number().int(),
  usedCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const ZCouponSearchQuery = ZPageQuery.extend({ q: z.string().trim().max(200).optional() });
export type TCouponSearchQuery = z.infer<typeof ZCouponSearchQuery>;

/** `POST /admin/coupons` */
export const ZCouponCreateRequest = z
  .object({
    name: z.string().trim().max(100).default(''),
    code: ZCouponCode,
    value: z
      .number({ message: 'The discount is a whole percentage from 1 to 100.' })
      .int({ message: 'The discount is a whole percentage from 1 to 100.' })
      .min(1, { message: 'The discount is a whole percentage from 1 to 100.' })
      .max(100, { message: 'The discount is a whole percentage from 1 to 100.' }),
    expiredDate: ZIsoDate.nullish(),
    numberOfUses: z
      .number({ message: 'Say how many times the coupon may be used.' })
      .int()
      .min(1, { message: 'A coupon needs at least 1 use.' })
      .max(1_000_000),
    isActive: z.boolean().default(true),
  })
  .strict();
export type TCouponCreateRequest = z.infer<typeof ZCouponCreateRequest>;

/**
 * `PUT /admin/coupons/{id}`: any subset of the fields. The create schema's defaults are dropped, so a
 * field left out keeps its value (a partial with defaults had reset the name and re-activated the coupon).
 */
export const ZCouponUpdateRequest = ZCouponCreateRequest.extend({
  name: z.string().trim().max(100),
  isActive: z.boolean(),
})
  .partial()
  .strict();
export type TCouponUpdateRequest = z.infer<typeof ZCouponUpdateRequest>;

export const ZCouponParams = z.object({ code: ZCouponCode });

/** `POST /coupons/{code}/apply-coupon`: what the fan wants to buy (a free amount or a package). */
export const ZApplyCouponRequest = z
  .object({
    amount: ZMoneyAmount.optional(),
    packageId: ZId.optional(),
  })
  .strict()
  .nullish();
export type TApplyCouponRequest = z.infer<typeof ZApplyCouponRequest>;

export const ZAppliedCoupon = z.object({
  couponId: ZId,
  code: z.string(),
  /** Percent off. */
  discountPercentage: z.number().int(),
  /** Tokens credited (null when the request named no amount). */
  amount: z.number().nullable(),
  /** What the fan pays for that amount after the discount (null without an amount). */
  price: z.number().nullable(),
});
export type TAppliedCoupon = z.infer<typeof ZAppliedCoupon>;

// ---------------------------------------------------------------- top-ups and orders

/** `POST /payment/wallet/top-up`: a free amount or a package, optionally a coupon and a saved card. */
export const ZTopUpRequest = z
  .object({
    amount: ZMoneyAmount.optional(),
    packageId: ZId.optional(),
    couponCode: z.string().trim().max(40).optional(),
    /** A saved card (Stripe): the payment is confirmed at once, off the page. */
    paymentCardId: ZId.optional(),
  })
  .strict()
  .refine((v) => (v.amount === undefined) !== (v.packageId === undefined), {
    message: 'Choose a token package or enter an amount (one of the two).',
    path: ['amount'],
  });
export type TTopUpRequest = z.infer<typeof ZTopUpRequest>;

export const paymentOrderTypes = ['wallet_top_up', 'subscription'] as const;

export const ZPaymentOrder = z.object({
  _id: ZId,
  /** A top-up credits tokens; a subscription order pays one period of a card subscription. */
  type: z.enum(paymentOrderTypes),
  /** What is paid for, in words ("Monthly subscription to Ann"). */
  description: z.string(),
  /** Where the checkout page sends the fan back to afterwards. */
  returnPath: z.string(),
  /** Tokens credited when paid. */
  amount: z.number(),
  /** Price before the coupon. */
  originalPrice: z.number(),
  /** What is charged. */
  price: z.number(),
  currency: z.string(),
  discountPercentage: z.number().int(),
  couponCode: z.string().nullable(),
  packageId: ZId.nullable(),
  packageName: z.string().nullable(),
  gateway: ZPaymentGatewayName,
  status: ZPaymentOrderStatus,
  failureReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TPaymentOrder = z.infer<typeof ZPaymentOrder>;

export const ZTopUp = z.object({
  order: ZPaymentOrder,
  /** Where to send the browser to pay (sandbox: a page of this site); null when no page is needed. */
  checkoutUrl: z.string().nullable(),
  /** Stripe: the PaymentIntent's client secret for Stripe.js, when the card is entered on the page. */
  clientSecret: z.string().nullable(),
});
export type TTopUp = z.infer<typeof ZTopUp>;

export const ZPaymentOrderParams = z.object({ id: ZId });

/** `GET /payment/transactions/user/search` */
export const ZPaymentOrderSearchQuery = ZPageQuery.extend({ status: ZPaymentOrderStatus.optional() });
export type TPaymentOrderSearchQuery = z.infer<typeof ZPaymentOrderSearchQuery>;

/** `POST /payment/sandbox/checkout/{id}/pay`: the sandbox's card form. */
export const ZSandboxPayRequest = z
  .object({
    cardNumber: z
      .string({ message: 'Enter the card number.' })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { message: 'A card number has 12 to 19 digits.' })),
    expiry: z
      .string({ message: 'Enter the expiry date.' })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { message: 'Enter the expiry as MM/YY.' }),
    cvc: z
      .string({ message: 'Enter the security code.' })
      .trim()
      .regex(/^\d{3,4}$/, { message: 'The security code has 3 or 4 digits.' }),
    name: z.string().trim().max(100).optional(),
  })
  .strict();
export type TSandboxPayRequest = z.infer<typeof ZSandboxPayRequest>;

// ---------------------------------------------------------------- gateway in use

/** `GET /payment/gateway`: which gateway takes card payments now, for the pages' card forms. */
export const ZPaymentGatewayInfo = z.object({
  /** null when no gateway is configured (then only the wallet pays). */
  gateway: ZPaymentGatewayName.nullable(),
  /** Stripe.js key, when the gateway is Stripe and the admin set it. */
  stripePublishableKey: z.string().nullable(),
  /** Creators can connect a Stripe account for payouts. */
  stripeConnect: z.boolean(),
});
export type TPaymentGatewayInfo = z.infer<typeof ZPaymentGatewayInfo>;

// ---------------------------------------------------------------- card subscriptions

export const cardSubscriptionStatuses = ['incomplete', 'active', 'past_due', 'ended'] as const;
export const ZCardSubscriptionStatus = z.enum(cardSubscriptionStatuses);

/**
 * A subscription paid by card with recurring billing at the gateway. Subscribing by card answers it
 * in status `incomplete` with where to pay; access starts only when the gateway confirms the payment.
 */
export const ZCardSubscription = z.object({
  _id: ZId,
  kind: z.enum(['performer', 'site']),
  performerId: ZId.nullable(),
  plan: z.enum(['monthly', 'yearly', 'site']),
  gateway: ZPaymentGatewayName,
  status: ZCardSubscriptionStatus,
  /** Price of one period. */
  price: z.number(),
  currency: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The fan's subscription row once the first period is paid (creator subscriptions). */
  subscriptionId: ZId.nullable(),
  createdAt: z.string(),
});
export type TCardSubscription = z.infer<typeof ZCardSubscription>;

/** What subscribing by card answers: the pending subscription and how to pay its first period. */
export const ZCardCheckout = z.object({
  paymentMethod: z.literal('card'),
  cardSubscription: ZCardSubscription,
  /** Sandbox: the hosted checkout page of this site. */
  checkoutUrl: z.string().nullable(),
  /** Stripe: the first invoice's PaymentIntent secret for Stripe.js (null when a saved card paid). */
  clientSecret: z.string().nullable(),
});
export type TCardCheckout = z.infer<typeof ZCardCheckout>;

export const ZCardSubscriptionParams = z.object({ id: ZId });

// ---------------------------------------------------------------- saved cards

export const ZPaymentCard = z.object({
  _id: ZId,
  gateway: ZPaymentGatewayName,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TPaymentCard = z.infer<typeof ZPaymentCard>;

export const ZCardProviderParams = z.object({ provider: z.enum(['stripe']) });

/** `POST /{provider}/cards`: a payment method made on the page by the gateway's script. */
export const ZAddCardRequest = z
  .object({
    paymentMethodId: z
      .string({ message: 'The card reference is missing.' })
      .regex(/^pm_[A-Za-z0-9_]{3,200}$/, { message: 'That is not a card reference.' }),
  })
  .strict();
export type TAddCardRequest = z.infer<typeof ZAddCardRequest>;
