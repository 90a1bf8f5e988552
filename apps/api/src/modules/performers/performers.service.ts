import { randomBytes } from 'node:crypto';
import {
  type TMediaFile,
  type TMediaView,
  type TPerformerDetailField,
  type TPerformerMe,
  type TPerformerPublic,
  type TPerformerSearchQuery,
  type TUpdatePerformerMe,
  toCents,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { reencodeImage } from '../../lib/images';
import { createSharedReads, type SharedReads } from '../../lib/shared-reads';
import { discardFiles } from '../assets/assets.files';
import type { Actor } from '../auth/sessions';
import type { TempUpload } from '../files/files.upload';
import { signMediaUrl } from '../files/signed-urls';
import { presentMedia } from '../media/media.presenter';
import { findFileById } from '../media/media.repo';
import { uploadFeedMedia } from '../media/media.service';
import { findCountry } from '../reference/countries.data';
import { userAdditional } from '../reference/profile-options.data';
import { forgetAccounts } from '../users/account-cache';
import { publicFileUrl } from '../users/users.presenter';
import { uploadAvatar } from '../users/users.service';
import {
  type DocumentUpload,
  discardStoredDocuments,
  insertDocumentFiles,
  storeDocumentImages,
} from './performer-documents';
import { assertCreator, findFanState, findVisiblePerformerProfile } from './performers.access';
import { presentDocument, presentPerformerMe, presentPerformerPublic } from './performers.presenter';
import {
  findDocuments,
  findPerformer,
  mergeSocials,
  type PerformerProfileRow,
  type PerformerRow,
  type ProfilePatch,
  randomListed,
  searchListed,
  topListed,
  touchLastSeen,
  updateProfile,
  updateUser,
  type ViewerState,
  withLiveStats,
} from './performers.repo';
import {
  createPublicProfileCache,
  type PublicProfileCache,
  publicProfileTtlMs,
} from './public-profile-cache';

const siteFreeSubscription = async (ctx: AppContext) => (await ctx.settings.getAll()).freeSubscriptionEnabled;

const presentList = async (ctx: AppContext, rows: PerformerRow[]): Promise<TPerformerPublic[]> => {
  const [free, counted] = await Promise.all([
    siteFreeSubscription(ctx),
    withLiveStats(ctx.db.db, rows, ctx.clock.now()),
  ]);
  return counted.map((row) => presentPerformerPublic(row, { siteFreeSubscription: free }));
};

/**
 * A creator's public profile by id or username. Only active creators whose documents an admin
 * verified are shown to others; the creator always sees their own, admins see every one.
 *
 * What a fan or a visitor sees is the same for everyone in their country but for the viewer's own
 * follow, free subscription and block: this node keeps that public part for a few seconds
 * (public-profile-cache.ts; the visitors who ask while it is read wait for that read,
 * lib/shared-reads.ts), and a signed-in fan's view adds their own state to it, read fresh every
 * time in one small statement. A fan who changed something in the last few seconds, creators and
 * admins read the whole profile.
 */
export async function findPerformerProfile(
  ctx: AppContext,
  options: { idOrUsername: string; actor: Actor | null; country: string | null },
): Promise<TPerformerPublic> {
  const { actor } = options;
  if (actor && actor.role !== 'user') return (await readPerformerProfile(ctx, options)).view;
  const { cache, reads } = publicProfilesOf(ctx);
  const now = ctx.clock.now().getTime();
  const cached = cache.get(options.idOrUsername, options.country, now);
  if (actor) {
    // A fan who just changed something (a follow, a like, anything: views.ts forgets their pages on
    // every node) reads the whole profile for a few seconds, so their own change shows in its counts.
    if (cached && !ctx.views.forgotWithin(actor.id, publicProfileTtlMs)) {
      return withViewerState(cached, await findFanState(ctx, { actor, performerId: cached._id }));
    }
    // The fan's whole view in one statement, and its public part kept for everyone.
    const readSince = cache.begin();
    const { row, publicView } = await readPerformerProfile(ctx, options);
    cache.set(options.idOrUsername, options.country, publicView, { now, readSince });
    return withViewerState(publicView, row);
  }
  if (cached) return cached;
  const readSince = cache.begin();
  return reads.run(cache.keyOf(options.idOrUsername, options.country), cache.generation, async () => {
    const { publicView } = await readPerformerProfile(ctx, options);
    cache.set(options.idOrUsername, options.country, publicView, { now, readSince });
    return publicView;
  });
}

interface PublicProfiles {
  cache: PublicProfileCache;
  reads: SharedReads<TPerformerPublic>;
}
const publicProfiles = new WeakMap<AppContext['accountCache'], PublicProfiles>();
/** The node's cache of public views, emptied of a creator whenever their account is forgotten. */
function publicProfilesOf(ctx: AppContext): PublicProfiles {
  let profiles = publicProfiles.get(ctx.accountCache);
  if (!profiles) {
    const cache = createPublicProfileCache();
    ctx.accountCache.onForget((userId) => cache.forget(userId));
    profiles = { cache, reads: createSharedReads() };
    publicProfiles.set(ctx.accountCache, profiles);
  }
  return profiles;
}

/**
 * A public view with a fan's own state. Frozen and made once per (view, state): the cache and the
 * route's serializer (serializeOncePerData) hand these objects out again and write each out once.
 */
const viewerVariants = new WeakMap<TPerformerPublic, Map<string, TPerformerPublic>>();
function withViewerState(view: TPerformerPublic, state: ViewerState): TPerformerPublic {
  if (!state.isFollowed && !state.hasUsedFreeSubscription) return view;
  const key = `${state.isFollowed}:${state.hasUsedFreeSubscription}`;
  let variants = viewerVariants.get(view);
  if (!variants) {
    variants = new Map();
    viewerVariants.set(view, variants);
  }
  let variant = variants.get(key);
  if (!variant) {
    variant = Object.freeze({
      ...view,
      isFollowed: state.isFollowed,
      hasUsedFreeSubscription: state.hasUsedFreeSubscription,
      freeSubscription: view.freeSubscription && !state.hasUsedFreeSubscription,
    });
    variants.set(key, variant);
  }
  return variant;
}

/**
 * The whole profile as the actor sees it (`view`), and as anyone else in the country would
 * (`publicView`, frozen): the same but for the viewer's own state.
 */
async function readPerformerProfile(
  ctx: AppContext,
  options: { idOrUsername: string; actor: Actor | null; country: string | null },
): Promise<{ row: PerformerProfileRow; view: TPerformerPublic; publicView: TPerformerPublic }> {
  const row = await findVisiblePerformerProfile(ctx, options);
  const free = await siteFreeSubscription(ctx);
  const sign = (key: string) => signMediaUrl(ctx, key);
  const welcomeVideo = row.welcomeVideo ? presentMedia(row.welcomeVideo, { canView: true, sign }) : null;
  const anyone = { ...row, isFollowed: false, hasUsedFreeSubscription: false };
  const publicView = Object.freeze({
    ...presentPerformerPublic(anyone, { siteFreeSubscription: free }),
    welcomeVideo,
  });
  const view = { ...presentPerformerPublic(row, { siteFreeSubscription: free }), welcomeVideo };
  return { row, view, publicView };
}

/** The welcome video as everyone who may see the profile sees it (it is public; URLs once processed). */
async function presentWelcomeVideo(ctx: AppContext, row: PerformerRow): Promise<TMediaView | null> {
  const fileId = row.profile.welcomeVideoFileId;
  const file = fileId ? await findFileById(ctx.db.db, fileId) : null;
  return file ? presentMedia(file, { canView: true, sign: (key) => signMediaUrl(ctx, key) }) : null;
}

async function readOwnRow(ctx: AppContext, actor: Actor): Promise<PerformerRow> {
  assertCreator(actor);
  const row = await findPerformer(ctx.db, { id: actor.id, viewerId: actor.id });
  // A performer account always has a profile row; without one the account is broken, not forbidden.
  if (!row) throw new AppError('NOT_FOUND', 'Your creator profile was not found.');
  return row;
}

/** The creator's own full profile: prices, welcome message, commission and document review state. */
export async function getMyProfile(ctx: AppContext, options: { actor: Actor }): Promise<TPerformerMe> {
  const own = await readOwnRow(ctx, options.actor);
  const [row = own] = await withLiveStats(ctx.db.db, [own], ctx.clock.now());
  const [documents, free, welcomeVideo] = await Promise.all([
    findDocuments(ctx.db.db, [row.user.id]),
    siteFreeSubscription(ctx),
    presentWelcomeVideo(ctx, row),
  ]);
  return { ...presentPerformerMe(row, { siteFreeSubscription: free, documents }), welcomeVideo };
}

/** Formats a decimal the way people write prices in a sentence: 2.95, 300, 12.5. */
const amountText = (amount: number) => String(Number(amount.toFixed(2)));

/** Subscription prices must lie within the site's minimumSubscriptionPrice..maximumSubscriptionPrice. */
function assertSubscriptionPrice(
  label: 'monthly' | 'yearly',
  price: number | null | undefined,
  limits: { min: number; max: number },
): void {
  if (price === null || price === undefined) return;
  const cents = toCents(price);
  if (cents < toCents(limits.min) || cents > toCents(limits.max)) {
    const message = `The ${label} price must be between ${amountText(limits.min)} and ${amountText(limits.max)}.`;
    throw new AppError('UNPROCESSABLE', message, [{ path: `${label}Price`, message }]);
  }
}

/** Where each profile detail finds its choices in `GET /api/user-additional`. */
const detailChoices: Record<Exclude<TPerformerDetailField, 'sexualOrientation'>, { value: string }[]> = {
  ethnicity: userAdditional.ethnicities,
  height: userAdditional.heights,
  weight: userAdditional.weights,
  hair: userAdditional.hairs,
  eyes: userAdditional.eyes,
  bodyType: userAdditional.bodyTypes,
};

function assertDetailChoices(details: TUpdatePerformerMe['details']): void {
  if (!details) return;
  const problems: { path: string; message: string }[] = [];
  for (const [field, choices] of Object.entries(detailChoices)) {
    const value = details[field as keyof typeof detailChoices];
    if (value === undefined || value === null) continue;
    if (!choices.some((c) => c.value === value)) {
      problems.push({
        path: `details.${field}`,
        message: `"${value}" is not one of the choices listed by GET /api/user-additional.`,
      });
    }
  }
  const first = problems[0];
  if (first) {
    throw new AppError('VALIDATION_FAILED', `${first.path}: ${first.message}`, problems);
  }
}

/** A decimal from the client as cents, keeping "not sent" (undefined) and "cleared" (null) apart. */
function centsOf(amount: number): number;
function centsOf(amount: number | undefined): number | undefined;
function centsOf(amount: number | null | undefined): number | null | undefined;
function centsOf(amount: number | null | undefined) {
  return amount === null || amount === undefined ? amount : toCents(amount);
}

/** Keeps only the keys the caller sent, so a partial update leaves the others as they are. */
const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Updates the creator's own profile. Prices are decimals; subscription prices must lie within the
 * site limits (422 naming the limit); detail values must be choices of `GET /api/user-additional`.
 */
export async function updateMyProfile(
  ctx: AppContext,
  options: { actor: Actor; input: TUpdatePerformerMe },
): Promise<TPerformerMe> {
  const { actor, input } = options;
  await readOwnRow(ctx, actor);
  const settings = await ctx.settings.getAll();
  const limits = { min: settings.minimumSubscriptionPrice, max: settings.maximumSubscriptionPrice };
  assertSubscriptionPrice('monthly', input.monthlyPrice, limits);
  assertSubscriptionPrice('yearly', input.yearlyPrice, limits);
  assertDetailChoices(input.details);
  if (input.country && !findCountry(input.country)) {
    throw new AppError('VALIDATION_FAILED', `country: There is no country with the code ${input.country}.`, [
      { path: 'country', message: 'Unknown country code.' },
    ]);
  }
  const { gender, ...profileDetails } = input.details ?? {};
  // Merged in SQL, so two edits of different links at once both survive.
  const socials = input.socials ? mergeSocials(defined(input.socials)) : undefined;
  const patch: ProfilePatch = defined({
    bio: input.bio,
    country: input.country,
    monthlyPriceCents: centsOf(input.monthlyPrice),
    yearlyPriceCents: centsOf(input.yearlyPrice),
    freeSubscriptionEnabled: input.freeSubscriptionEnabled,
    privateCallPriceCents: centsOf(input.privateCallPrice),
    acceptsCalls: input.acceptsCalls,
    welcomeMessage: input.welcomeMessage,
    requiresSubscriptionToMessage: input.requiresSubscriptionToMessage,
    socials,
    ...defined(profileDetails),
  });
  await ctx.db.db.transaction(async (tx) => {
    await updateProfile(tx, actor.id, patch);
    if (gender !== undefined) await updateUser(tx, actor.id, { gender });
  });
  // The account (gender) and the public profile (everything else) of every node.
  forgetAccounts(ctx, [actor.id]);
  return getMyProfile(ctx, { actor });
}

/** The creator's avatar: the same square WebP as every account's (users.service uploadAvatar). */
export async function uploadMyAvatar(
  ctx: AppContext,
  options: { actor: Actor; file: Buffer },
): Promise<string> {
  assertCreator(options.actor);
  return uploadAvatar(ctx, { actor: options.actor, file: options.file });
}

/** Stores a re-encoded cover (1500x500 WebP, cropped to fill) and returns its public URL. */
export async function uploadMyCover(
  ctx: AppContext,
  options: { actor: Actor; file: Buffer },
): Promise<string> {
  const row = await readOwnRow(ctx, options.actor);
  const image = await reencodeImage(options.file, { width: 1500, height: 500, fit: 'cover' });
  // The random tail keeps two uploads in one millisecond apart (the old file is removed below).
  const key = `covers/${row.user.id}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}.webp`;
  await ctx.storage.put(key, image.buffer);
  await updateUser(ctx.db.db, row.user.id, { coverPath: key });
  forgetAccounts(ctx, [row.user.id]);
  const previous = row.user.coverPath;
  if (previous && previous !== key) await ctx.storage.remove(previous);
  return publicFileUrl(key)!;
}

/**
 * Sets the profile's welcome video from a streamed upload: checked and probed now, transcoded by
 * the media job (the creator polls `GET /api/files/{id}/status`). The previous one is removed.
 */
export async function uploadMyWelcomeVideo(
  ctx: AppContext,
  options: { actor: Actor; upload: TempUpload },
): Promise<TMediaFile> {
  const row = await readOwnRow(ctx, options.actor);
  const file = await uploadFeedMedia(ctx, {
    actor: options.actor,
    kind: 'welcome-video',
    upload: options.upload,
  });
  await updateProfile(ctx.db.db, row.user.id, { welcomeVideoFileId: file._id });
  forgetAccounts(ctx, [row.user.id]);
  const previous = row.profile.welcomeVideoFileId;
  if (previous && previous !== file._id) await discardFiles(ctx, [previous]);
  return file;
}

/** Takes the welcome video off the profile and deletes its files. */
export async function removeMyWelcomeVideo(ctx: AppContext, options: { actor: Actor }): Promise<void> {
  const row = await readOwnRow(ctx, options.actor);
  const previous = row.profile.welcomeVideoFileId;
  if (!previous) return;
  await updateProfile(ctx.db.db, row.user.id, { welcomeVideoFileId: null });
  forgetAccounts(ctx, [row.user.id]);
  await discardFiles(ctx, [previous]);
}

/**
 * Adds identity document images (kept private). A creator whose documents were refused goes back
 * to the review queue; a verified creator stays listed.
 */
export async function uploadMyDocuments(
  ctx: AppContext,
  options: { actor: Actor; documents: DocumentUpload[] },
) {
  const row = await readOwnRow(ctx, options.actor);
  if (options.documents.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Please choose an image of your identity document to upload.');
  }
  const stored = await storeDocumentImages(ctx, options.documents);
  try {
    const added = await ctx.db.db.transaction(async (tx) => {
      const rows = await insertDocumentFiles(tx, row.user.id, stored);
      if (row.profile.documentsRejectedAt)
        await updateProfile(tx, row.user.id, { documentsRejectedAt: null });
      return rows;
    });
    const isVerified = row.profile.documentsVerifiedAt !== null;
    return {
      message: isVerified
        ? 'Your documents are saved.'
        : 'Your documents are saved. Your profile will be listed once we have checked them.',
      documents: added.map(presentDocument),
    };
  } catch (err) {
    await discardStoredDocuments(ctx, stored);
    throw err;
  }
}

/** Listed creators by name or username fragment, country and gender; popular, newest or online first. */
export async function searchPerformers(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TPerformerSearchQuery },
): Promise<{ data: TPerformerPublic[]; total: number }> {
  const { rows, total } = await searchListed(ctx.db.db, {
    ...options.query,
    viewerId: options.actor?.id ?? null,
    geo: { actor: options.actor, country: options.country },
  });
  return { data: await presentList(ctx, rows), total };
}

/** A few listed creators in random order (discovery blocks). */
export async function randomPerformers(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; limit: number },
): Promise<{ data: TPerformerPublic[]; total: number }> {
  const rows = await randomListed(ctx.db.db, {
    limit: options.limit,
    viewerId: options.actor?.id ?? null,
    geo: { actor: options.actor, country: options.country },
  });
  return { data: await presentList(ctx, rows), total: rows.length };
}

/** Listed creators with the most followers. */
export async function topPerformers(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; offset: number; limit: number },
): Promise<{ data: TPerformerPublic[]; total: number }> {
  const { rows, total } = await topListed(ctx.db.db, {
    offset: options.offset,
    limit: options.limit,
    viewerId: options.actor?.id ?? null,
    geo: { actor: options.actor, country: options.country },
  });
  return { data: await presentList(ctx, rows), total };
}

/** Records that a creator is online now; presence calls this, "online" search sorts by it. */
export async function markPerformerSeen(ctx: AppContext, options: { performerId: string }): Promise<void> {
  await touchLastSeen(ctx.db.db, options.performerId, ctx.clock.now());
}
