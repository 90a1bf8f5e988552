import { z } from 'zod';
import { ZId } from './common';
import { commentMaxLength } from './field-values';
import { ZHiddenState } from './moderation';

/* Comments on posts and assets: `POST /comments`, `GET /comments`, `DELETE /comments/{id}`. */

export const ZCommentObjectType = z.enum(['feed', 'video', 'gallery', 'product'], {
  message: 'The object type must be feed, video, gallery or product.',
});
export type TCommentObjectType = z.infer<typeof ZCommentObjectType>;

export const ZCommentCreate = z.object({
  objectType: ZCommentObjectType,
  objectId: ZId,
  content: z
    .string({ message: 'The comment must be text.' })
    .trim()
    .min(1, 'The comment cannot be empty.')
    .max(commentMaxLength, `The comment must be at most ${commentMaxLength} characters.`),
  parentId: ZId.optional(),
});
export type TCommentCreate = z.infer<typeof ZCommentCreate>;

export const ZCommentListQuery = z.object({
  objectType: ZCommentObjectType,
  objectId: ZId,
  /** Replies of one comment; without it, the top-level comments. */
  parentId: ZId.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['asc', 'desc'], { message: 'The sort must be asc or desc.' }).default('desc'),
});
export type TCommentListQuery = z.infer<typeof ZCommentListQuery>;

export const ZCommentParams = z.object({ id: ZId });

export const ZComment = z.object({
  _id: ZId,
  objectType: ZCommentObjectType,
  objectId: ZId,
  parentId: ZId.nullable(),
  content: z.string(),
  author: z.object({ _id: ZId, name: z.string(), username: z.string().nullable(), avatar: z.string() }),
  totalReply: z.number().int(),
  totalLike: z.number().int(),
  isLiked: z.boolean(),
  /** Whether the viewer may delete it (author, the object's creator, admin). */
  canDelete: z.boolean(),
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
});
export type TComment = z.infer<typeof ZComment>;

/** After a delete: how many comments the object now has. */
export const ZCommentDeleted = z.object({
  _id: ZId,
  deleted: z.number().int(),
  commentsCount: z.number().int(),
});
