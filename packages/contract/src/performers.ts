import { z } from 'zod';
import { ZId } from './common';
import {
  documentReviewStatuses,
  genders,
  maximumPrivateCallPrice,
  type performerDetailFields,
  performerSorts,
  type socialNetworks,
} from './field-values';
import { ZMediaView } from './media';
import { ZCountryCode, ZSexualOrientation } from './reference';
import { ZGender, ZPublicUser } from './users';

export type TSocialNetwork = (typeof socialNetworks)[number];

export type TPerformerDetailField = (typeof performerDetailFields)[number];

export const ZPerformerStats = z.object({
  posts: z.number().int(),
  photos: z.number().int(),
  videos: z.number().int(),
  subscribers: z.number().int(),
  followers: z.number().int(),
  likes: z.number().int(),
});

export const ZPerformerSocials = z.object({
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  website: z.string().nullable(),
});
export type TPerformerSocials = z.infer<typeof ZPerformerSocials>;

export const ZPerformerDetails = z.object({
  gender: z.enum(genders).nullable(),
  sexualOrientation: z.string().nullable(),
  ethnicity: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  hair: z.string().nullable(),
  eyes: z.string().nullable(),
  bodyType: z.string().nullable(),
});
export type TPerformerDetails = z.infer<typeof ZPerformerDetails>;

/** What anyone may see of a creator: the profile page `/{profileId}` and every creator list. */
export const ZPerformerPublic = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  cover: z.string().nullable(),
  bio: z.string(),
  country: z.string(),
  isPerformer: z.literal(true),
  verifiedDocument: z.boolean(),
  createdAt: z.string(),
  /** Decimal prices (two places); null when the creator does not offer that plan. */
  monthlyPrice: z.number().nullable(),
  yearlyPrice: z.number().nullable(),
  /**
   * A free subscription is on offer to this viewer now: the creator offers it, the site allows it
   * and the viewer has not used it yet (a fan may take it once per creator).
   */
  freeSubscription: z.boolean(),
  /** The viewer took this creator's free subscription before; always false for visitors. */
  hasUsedFreeSubscription: z.boolean(),
  /** Fans must subscribe before they can message this creator. */
  requiresSubscriptionToMessage: z.boolean(),
  /** The creator takes 1-on-1 calls, at `privateCallPrice` a minute. */
  acceptsCalls: z.boolean(),
  /** Price per started minute of a call or private show (decimal). */
  privateCallPrice: z.number(),
  stats: ZPerformerStats,
  socials: ZPerformerSocials,
  details: ZPerformerDetails,
  /** The viewer follows this creator; always false for visitors who are not logged in. */
  isFollowed: z.boolean(),
  /**
   * The profile's welcome video, public to everyone who may see the profile: in the single-profile
   * answers only (not in lists); URLs once it is processed.
   */
  welcomeVideo: ZMediaView.nullable().optional(),
});
export type TPerformerPublic = z.infer<typeof ZPerformerPublic>;

/** An identity document the creator uploaded; its bytes are private (admins only). */
export const ZPerformerDocument = z.object({
  _id: ZId,
  kind: z.string(),
  createdAt: z.string(),
});
export type TPerformerDocument = z.infer<typeof ZPerformerDocument>;

/** `GET /performers/me`: the creator's own full profile. */
export const ZPerformerMe = ZPerformerPublic.extend({
  email: z.string().nullable(),
  dateOfBirth: z.string(),
  status: z.enum(['active', 'inactive']),
  /** The creator's own switch; `freeSubscription` also needs the site setting. */
  freeSubscriptionEnabled: z.boolean(),
  privateCallPrice: z.number(),
  welcomeMessage: z.string(),
  /** The platform's share for this creator when an admin set one (0..1); read-only here. */
  commissionPercentage: z.number().nullable(),
  documentsVerifiedAt: z.string().nullable(),
  documentsRejectedAt: z.string().nullable(),
  documents: z.array(ZPerformerDocument),
});
export type TPerformerMe = z.infer<typeof ZPerformerMe>;

const twoPlaces = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A decimal amount with at most two places; the site limits are checked by the server. */
const decimalPrice = (label: string, max = 1_000_000) =>
  z
    .number({ message: `The ${label} must be a number.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(max, `The ${label} must be at most ${max}.`)
    .refine(twoPlaces, `The ${label} may have at most two decimal places.`);

/** Forms send an emptied field as "": read it as null (cleared). */
const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable()).optional();

const socialUrl = (label: string) =>
  emptyAsNull(
    z
      .string()
      .trim()
      .max(300, `The ${label} link must be at most 300 characters.`)
      .pipe(z.url({ protocol: /^https?$/, message: `The ${label} link must be a web address (https://…).` })),
  );

/** A profile option value; the server checks it against the lists of `GET /api/user-additional`. */
const detailValue = emptyAsNull(z.string().trim().min(1).max(40));

/** `PUT /performers/me`: every field optional; unknown fields are refused. */
export const ZUpdatePerformerMe = z
  .object({
    bio: z.string().trim().max(5000, 'The bio must be at most 5000 characters.').optional(),
    country: ZCountryCode.optional(),
    monthlyPrice: decimalPrice('monthly price').nullable().optional(),
    yearlyPrice: decimalPrice('yearly price').nullable().optional(),
    freeSubscriptionEnabled: z.boolean().optional(),
    privateCallPrice: decimalPrice('private call price', maximumPrivateCallPrice).optional(),
    acceptsCalls: z.boolean({ message: 'acceptsCalls must be true or false.' }).optional(),
    welcomeMessage: z
      .string()
      .trim()
      .max(2000, 'The welcome message must be at most 2000 characters.')
      .optional(),
    requiresSubscriptionToMessage: z.boolean().optional(),
    socials: z
      .object({
        twitter: socialUrl('Twitter'),
        instagram: socialUrl('Instagram'),
        tiktok: socialUrl('TikTok'),
        website: socialUrl('website'),
      })
      .strict()
      .optional(),
    details: z
      .object({
        gender: emptyAsNull(ZGender),
        sexualOrientation: emptyAsNull(ZSexualOrientation),
        ethnicity: detailValue,
        height: detailValue,
        weight: detailValue,
        hair: detailValue,
        eyes: detailValue,
        bodyType: detailValue,
      })
      .strict()
      .optional(),
  })
  .strict();
export type TUpdatePerformerMe = z.infer<typeof ZUpdatePerformerMe>;

/** `id` may be the creator's id or username. */
export const ZPerformerParams = z.object({ id: z.string().trim().min(1).max(60) });

/** Query strings send `country=` for "any": read an empty value as absent. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** `GET /performers/user/search` */
export const ZPerformerSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: optionalFilter(z.string().trim().max(100)),
  country: optionalFilter(ZCountryCode),
  gender: optionalFilter(ZGender),
  sortBy: z.enum(performerSorts, { message: 'sortBy must be popular, newest or online.' }).default('popular'),
});
export type TPerformerSearchQuery = z.infer<typeof ZPerformerSearchQuery>;

/** `GET /performers/top` */
export const ZPerformerTopQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});

/** `GET /performers/search/random` */
export const ZPerformerRandomQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(6),
});

export const ZImageUploadResponse = z.object({ data: z.object({ url: z.string() }) });

export const ZDocumentsUploadResponse = z.object({
  data: z.object({ message: z.string(), documents: z.array(ZPerformerDocument) }),
});

/** Admin: `GET /admin/performers` */
export const ZAdminPerformerQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z
    .enum(documentReviewStatuses, { message: 'status must be pending, verified or rejected.' })
    .default('pending'),
  q: optionalFilter(z.string().trim().max(100)),
});
export type TAdminPerformerQuery = z.infer<typeof ZAdminPerformerQuery>;

export const ZAdminPerformer = ZPublicUser.extend({
  email: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  country: z.string(),
  dateOfBirth: z.string(),
  documentsVerifiedAt: z.string().nullable(),
  documentsRejectedAt: z.string().nullable(),
  commissionPercentage: z.number().nullable(),
  /** Document files, each with a signed URL that only this admin answer carries (it expires). */
  documents: z.array(ZPerformerDocument.extend({ url: z.string() })),
  stats: ZPerformerStats,
});
export type TAdminPerformer = z.infer<typeof ZAdminPerformer>;

export const ZAdminRejectDocuments = z
  .object({ reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters.').optional() })
  .strict();

export const ZAdminCommission = z
  .object({
    commissionPercentage: z
      .number({ message: 'The commission must be a number from 0 to 1 (0 % to 100 %), or empty.' })
      .min(0, 'The commission cannot be below 0 (0 %).')
      .max(1, 'The commission cannot be above 1 (100 %).')
      .nullable(),
  })
  .strict();
