/*
 * The contract's plain values — lists of choices and limits — in a module without zod, so a screen that
 * only shows them (a filter's options, a counter's limit) does not bring the schema library with it;
 * the schemas in the domain modules are built from these.
 */
import type { TLoginResult, TTwoFactorChallenge } from './two-factor';

// users
export const genders = ['male', 'female', 'transgender'] as const;
export const roles = ['user', 'performer', 'admin'] as const;

// performers
/** The links a creator may show; each is an http(s) URL or null. */
export const socialNetworks = ['twitter', 'instagram', 'tiktok', 'website'] as const;
/** The optional looks and identity fields of a profile; values come from `GET /api/user-additional`. */
export const performerDetailFields = [
  'sexualOrientation',
  'ethnicity',
  'height',
  'weight',
  'hair',
  'eyes',
  'bodyType',
] as const;
export const maximumPrivateCallPrice = 10_000;
export const performerSorts = ['popular', 'newest', 'online'] as const;
/** Where the review of a creator's identity documents stands (admin's `GET /admin/performers` filter). */
export const documentReviewStatuses = ['pending', 'verified', 'rejected'] as const;

// feeds
/** Highest price of a post, in the site currency. */
export const maxFeedPrice = 10_000;

// auth
export const minimumCreatorAge = 18;

// blocks
/** Longest reason a creator may give for blocking a fan (the column refuses longer). */
export const maxBlockReasonLength = 500;
/** The sentence a blocked fan reads wherever they reach the creator who blocked them. */
export const blockedByCreatorMessage = 'You have been blocked by this creator.';

// two-factor
export const isTwoFactorChallenge = (result: TLoginResult): result is TTwoFactorChallenge =>
  'challengeToken' in result;

// orders
/** Most units of one product in one order. */
export const maximumOrderQuantity = 100;
export const deliveryStatusValues = ['processing', 'shipping', 'delivered', 'refunded'] as const;

// wallet
/** The largest single amount any money route accepts, in the site currency (limits from settings apply too). */
export const maximumMoneyAmount = 1_000_000;
/** Who a fan can pay for, and how a charge is labelled in lists and earnings. */
export const chargeTypes = [
  'tip',
  'feed',
  'video',
  'gallery',
  'product',
  'message',
  'stream',
  'private_call',
  'subscription',
] as const;

// assets
export const maximumAssetPrice = 10_000;

// calls
/** Longest note of a private show request. */
export const maxPrivateRequestNote = 1000;

// comments
export const commentMaxLength = 2000;

// contact
/** Longest message to the site's team (POST /contact). */
export const contactMessageMax = 2000;
