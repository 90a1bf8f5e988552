import {
  fromCents,
  type TAdminPerformer,
  type TPerformerMe,
  type TPerformerPublic,
} from '@fanstage/contract';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import type { DocumentRow, PerformerRow } from './performers.repo';

const presentStats = (profile: PerformerRow['profile']) => ({
  posts: profile.postsCount,
  photos: profile.photosCount,
  videos: profile.videosCount,
  subscribers: profile.subscribersCount,
  followers: profile.followersCount,
  likes: profile.likesCount,
});

const centsOrNull = (cents: number | null) => (cents === null ? null : fromCents(cents));

/**
 * What anyone may see of a creator, with the viewer's own state (follow, free subscription used);
 * `siteFreeSubscription` is the site's freeSubscriptionEnabled. The free offer is left out for a
 * viewer who used it: claiming it again would be refused.
 */
export function presentPerformerPublic(
  row: PerformerRow,
  options: { siteFreeSubscription: boolean },
): TPerformerPublic {
  const { user, profile } = row;
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: publicFileUrl(user.avatarPath) ?? defaultAvatarUrl,
    cover: publicFileUrl(user.coverPath),
    bio: profile.bio,
    country: profile.country,
    isPerformer: true,
    verifiedDocument: profile.documentsVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    monthlyPrice: centsOrNull(profile.monthlyPriceCents),
    yearlyPrice: centsOrNull(profile.yearlyPriceCents),
    freeSubscription:
      options.siteFreeSubscription && profile.freeSubscriptionEnabled && !row.hasUsedFreeSubscription,
    hasUsedFreeSubscription: row.hasUsedFreeSubscription,
    requiresSubscriptionToMessage: profile.requiresSubscriptionToMessage,
    acceptsCalls: profile.acceptsCalls,
    privateCallPrice: fromCents(profile.privateCallPriceCents),
    stats: presentStats(profile),
    socials: {
      twitter: profile.socials.twitter ?? null,
      instagram: profile.socials.instagram ?? null,
      tiktok: profile.socials.tiktok ?? null,
      website: profile.socials.website ?? null,
    },
    details: {
      gender: user.gender,
      sexualOrientation: profile.sexualOrientation,
      ethnicity: profile.ethnicity,
      height: profile.height,
      weight: profile.weight,
      hair: profile.hair,
      eyes: profile.eyes,
      bodyType: profile.bodyType,
    },
    isFollowed: row.isFollowed,
  };
}

export const presentDocument = (doc: Pick<DocumentRow, 'id' | 'kind' | 'createdAt'>) => ({
  _id: doc.id,
  kind: doc.kind,
  createdAt: doc.createdAt.toISOString(),
});

/** The creator's own profile: the public view plus prices, messages and review state. */
export function presentPerformerMe(
  row: PerformerRow,
  options: { siteFreeSubscription: boolean; documents: DocumentRow[] },
): TPerformerMe {
  const { user, profile } = row;
  return {
    ...presentPerformerPublic(row, options),
    email: user.email,
    dateOfBirth: profile.dateOfBirth,
    status: user.status,
    freeSubscriptionEnabled: profile.freeSubscriptionEnabled,
    privateCallPrice: fromCents(profile.privateCallPriceCents),
    welcomeMessage: profile.welcomeMessage,
    commissionPercentage: profile.commissionPercentage,
    documentsVerifiedAt: profile.documentsVerifiedAt?.toISOString() ?? null,
    documentsRejectedAt: profile.documentsRejectedAt?.toISOString() ?? null,
    documents: options.documents.map(presentDocument),
  };
}

/**
 * A creator as the review screens show it; `documents` may hold other creators' too. Only admins get
 * this view, so only they get the documents' signed URLs.
 */
export const presentAdminPerformer = (
  row: PerformerRow,
  documents: DocumentRow[],
  sign: (key: string) => string,
): TAdminPerformer => ({
  _id: row.user.id,
  name: row.user.name,
  username: row.user.username,
  avatar: publicFileUrl(row.user.avatarPath) ?? defaultAvatarUrl,
  isPerformer: true,
  createdAt: row.user.createdAt.toISOString(),
  email: row.user.email,
  status: row.user.status,
  country: row.profile.country,
  dateOfBirth: row.profile.dateOfBirth,
  documentsVerifiedAt: row.profile.documentsVerifiedAt?.toISOString() ?? null,
  documentsRejectedAt: row.profile.documentsRejectedAt?.toISOString() ?? null,
  commissionPercentage: row.profile.commissionPercentage,
  documents: documents
    .filter((d) => d.ownerId === row.user.id)
    .map((d) => ({ ...presentDocument(d), url: sign(d.storageKey) })),
  stats: presentStats(row.profile),
});
