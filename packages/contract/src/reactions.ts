import { z } from 'zod';
import { ZId } from './common';

/*
 * Likes and bookmarks: `POST /reactions`, `DELETE /reactions`, and a caller's bookmarks per type at
 * `GET /reactions/{feeds|videos|galleries|products|performers}/bookmark`.
 */

export const ZReactionObjectType = z.enum(['feed', 'video', 'gallery', 'product', 'performer', 'comment'], {
  message: 'The object type must be feed, video, gallery, product, performer or comment.',
});
export type TReactionObjectType = z.infer<typeof ZReactionObjectType>;

export const ZReactionAction = z.enum(['like', 'bookmark'], {
  message: 'The action must be like or bookmark.',
});
export type TReactionAction = z.infer<typeof ZReactionAction>;

export const ZReactionRequest = z.object({
  objectType: ZReactionObjectType,
  objectId: ZId,
  action: ZReactionAction,
});
export type TReactionRequest = z.infer<typeof ZReactionRequest>;

/** The caller's state after a reaction write; `likesCount` is the object's exact count of likes. */
export const ZReactionState = z.object({
  objectType: ZReactionObjectType,
  objectId: ZId,
  action: ZReactionAction,
  isReacted: z.boolean(),
  likesCount: z.number().int(),
});
export type TReactionState = z.infer<typeof ZReactionState>;

export const ZBookmarkType = z.enum(['feeds', 'videos', 'galleries', 'products', 'performers'], {
  message: 'The type must be feeds, videos, galleries, products or performers.',
});
export type TBookmarkType = z.infer<typeof ZBookmarkType>;

export const ZBookmarkParams = z.object({ type: ZBookmarkType });

export const ZBookmarkQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * A bookmarked object as a small card. Locked items carry only a blurred preview (or a default
 * image) as thumbnail, never a private URL. An object that is gone or no longer visible is marked
 * `isAvailable: false` with empty facts.
 */
export const ZBookmark = z.object({
  objectType: ZReactionObjectType,
  objectId: ZId,
  bookmarkedAt: z.string(),
  isAvailable: z.boolean(),
  title: z.string(),
  performer: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }).nullable(),
  thumbnail: z.string().nullable(),
  isLocked: z.boolean(),
});
export type TBookmark = z.infer<typeof ZBookmark>;
