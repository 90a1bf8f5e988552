import { z } from 'zod';
import { ZId, ZListQuery } from './common';

/*
 * Subscriptions (business-rules.md "Subscriptions"): a fan's subscription to a creator (monthly,
 * yearly or free), the site-wide membership, and the lists of both sides.
 */

export const subscriptionTypes = ['monthly', 'yearly', 'free'] as const;
export const ZSubscriptionType = z.enum(subscriptionTypes);
export type TSubscriptionType = z.infer<typeof ZSubscriptionType>;

/** Days one period of each paid plan lasts (the free one lasts the setting freeSubscriptionDuration). */
export const subscriptionPeriodDays = { monthly: 30, yearly: 365 } as const;
/** Days one paid month of the site membership lasts. */
export const siteSubscriptionPeriodDays = 30;

/**
 * - active: running and renewing (or free, until it ends);
 * - cancelled: the fan stopped renewal; access lasts until `expiredAt`;
 * - lapsed: a wallet renewal could not be paid, so it ended;
 * - expired: ended.
 */
export const subscriptionStatuses = ['active', 'cancelled', 'lapsed', 'expired'] as const;
export const ZSubscriptionStatus = z.enum(subscriptionStatuses);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** `wallet` pays at once; `card` starts recurring billing at the payment gateway. */
export const ZSubscriptionPaymentMethod = z.enum(['wallet', 'card']);

/** `POST /payment/subscribe/performers` */
export const ZSubscribePerformerRequest = z
  .object({
    performerId: ZId,
    type: ZSubscriptionType.default('monthly'),
    paymentMethod: ZSubscriptionPaymentMethod.default('wallet'),
    /** With `card` and Stripe: a saved card pays at once (else the page confirms with Stripe.js). */
    paymentCardId: ZId.optional(),
  })
  .strict();
export type TSubscribePerformerRequest = z.infer<typeof ZSubscribePerformerRequest>;

/** A short card of the other side of a subscription. */
export const ZSubscriptionParty = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
});
export type TSubscriptionParty = z.infer<typeof ZSubscriptionParty>;

export const ZSubscription = z.object({
  _id: ZId,
  fanId: ZId,
  performerId: ZId,
  type: ZSubscriptionType,
  paymentMethod: z.enum(['wallet', 'card', 'free']),
  status: ZSubscriptionStatus,
  /** The fan sees subscriber content while this is true (expiredAt > now). */
  isActive: z.boolean(),
  autoRenew: z.boolean(),
  startedAt: z.string(),
  expiredAt: z.string(),
  cancelledAt: z.string().nullable(),
  renewalFailedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** What subscribing answers: the subscription, what was charged and the wallet after it. */
export const ZSubscribeResult = ZSubscription.extend({
  amount: z.number(),
  balance: z.number(),
});
export type TSubscribeResult = z.infer<typeof ZSubscribeResult>;

/** A row of the fan's list: the creator's card. */
export const ZUserSubscriptionItem = ZSubscription.extend({ performer: ZSubscriptionParty });
export type TUserSubscriptionItem = z.infer<typeof ZUserSubscriptionItem>;

/** A row of the creator's list: the fan's card. */
export const ZPerformerSubscriberItem = ZSubscription.extend({ fan: ZSubscriptionParty });
export type TPerformerSubscriberItem = z.infer<typeof ZPerformerSubscriberItem>;

export const subscriptionSortFields = ['updatedAt', 'createdAt', 'expiredAt', 'startedAt'] as const;

/** `GET /subscriptions/user/search` */
export const ZUserSubscriptionSearchQuery = ZListQuery.extend({
  sortBy: z.enum(subscriptionSortFields).default('updatedAt'),
  status: ZSubscriptionStatus.optional(),
  type: ZSubscriptionType.optional(),
});
export type TUserSubscriptionSearchQuery = z.infer<typeof ZUserSubscriptionSearchQuery>;

/** `GET /subscriptions/performer/search`: `q` matches the fan's name or username. */
export const ZPerformerSubscriberSearchQuery = ZUserSubscriptionSearchQuery;
export type TPerformerSubscriberSearchQuery = TUserSubscriptionSearchQuery;

/** `GET /subscriptions/performers/{performerId}/mine`: the actor's subscription to that creator, if any. */
export const ZMySubscriptionParams = z.object({ performerId: ZId });

export const subscriptionProviders = ['wallet', 'sandbox', 'stripe'] as const;
/** `POST /payment/{provider}/cancel-subscription/{id}` */
export const ZCancelSubscriptionParams = z.object({
  provider: z.enum(subscriptionProviders),
  id: ZId,
});

/** `POST /payment/subscribe/site`: a month from the wallet (or the free trial, once). */
export const ZSubscribeSiteRequest = z
  .object({ paymentMethod: ZSubscriptionPaymentMethod.default('wallet'), paymentCardId: ZId.optional() })
  .strict()
  .nullish();

export const ZSiteSubscription = z.object({
  expiredAt: z.string(),
  /** This period is the free trial. */
  isTrial: z.boolean(),
  amount: z.number(),
  balance: z.number(),
});
export type TSiteSubscription = z.infer<typeof ZSiteSubscription>;

/** `POST /payment/site-subscription/cancel`: the membership once its wallet renewal is off. */
export const ZSiteMembership = z.object({
  expiredAt: z.string().nullable(),
  /** Renewed at expiry (from the wallet, or by the card gateway). */
  autoRenew: z.boolean(),
  paymentMethod: z.enum(['wallet', 'card']).nullable(),
});
export type TSiteMembership = z.infer<typeof ZSiteMembership>;

/** `GET /subscription-packages`: derived from the site settings (no admin table). */
export const ZSubscriptionPackage = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  durationDays: z.number().int(),
  /** Free days a new member gets first; null without a trial. */
  trialDays: z.number().int().nullable(),
});
export type TSubscriptionPackage = z.infer<typeof ZSubscriptionPackage>;

/* Admin console (issue 13): every subscription on the site; grant, extend and cancel without money. */

export const adminSubscriptionDays = { min: 1, max: 365 } as const;
export const adminSubscriptionReason = { min: 3, max: 500 } as const;

const ZAdminDays = z
  .number({ message: 'The number of days must be a whole number.' })
  .int('The number of days must be a whole number.')
  .min(adminSubscriptionDays.min, `The number of days must be at least ${adminSubscriptionDays.min}.`)
  .max(adminSubscriptionDays.max, `The number of days must be at most ${adminSubscriptionDays.max}.`);
const ZAdminSubscriptionReason = z
  .string({ message: 'Give a reason.' })
  .trim()
  .min(adminSubscriptionReason.min, `The reason must be at least ${adminSubscriptionReason.min} characters.`)
  .max(adminSubscriptionReason.max, `The reason must be at most ${adminSubscriptionReason.max} characters.`);

/** `GET /admin/subscriptions`: `q` matches the fan's or the creator's name, username or email. */
export const ZAdminSubscriptionQuery = ZListQuery.extend({
  sortBy: z.enum(subscriptionSortFields).default('updatedAt'),
  status: ZSubscriptionStatus.optional(),
  performerId: ZId.optional(),
  fanId: ZId.optional(),
});
export type TAdminSubscriptionQuery = z.infer<typeof ZAdminSubscriptionQuery>;

export const ZAdminSubscriptionItem = ZSubscription.extend({
  fan: ZSubscriptionParty,
  performer: ZSubscriptionParty,
});
export type TAdminSubscriptionItem = z.infer<typeof ZAdminSubscriptionItem>;

/** `POST /admin/subscriptions`: a free subscription, no money moves. */
export const ZAdminGrantSubscription = z
  .object({ fanId: ZId, performerId: ZId, days: ZAdminDays, reason: ZAdminSubscriptionReason })
  .strict();
export type TAdminGrantSubscription = z.infer<typeof ZAdminGrantSubscription>;

/** `POST /admin/subscriptions/{id}/extend` */
export const ZAdminExtendSubscription = z
  .object({ days: ZAdminDays, reason: ZAdminSubscriptionReason })
  .strict();
export type TAdminExtendSubscription = z.infer<typeof ZAdminExtendSubscription>;

/** `POST /admin/subscriptions/{id}/cancel`: stop renewal, or end access now. Never a refund. */
export const ZAdminCancelSubscription = z
  .object({ reason: ZAdminSubscriptionReason, immediately: z.boolean().default(false) })
  .strict();
export type TAdminCancelSubscription = z.infer<typeof ZAdminCancelSubscription>;
