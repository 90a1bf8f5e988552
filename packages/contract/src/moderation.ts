import { z } from 'zod';
import { ZId } from './common';

/*
 * Moderation of a creator's content by admins: `/admin/content/{target}/{id}`. Hidden content is
 * gone for fans (its page is 404, lists skip it) and kept for its owner, who sees `hidden` with the
 * reason they were told.
 */

export const moderationTargets = ['feed', 'photo', 'gallery', 'video', 'product', 'comment'] as const;
export const ZModerationTarget = z.enum(moderationTargets, {
  message: 'The content type must be feed, photo, gallery, video, product or comment.',
});
export type TModerationTarget = z.infer<typeof ZModerationTarget>;

/** The reason an admin gives; the creator (or the comment's author) is told it word for word. */
export const ZModerationReason = z
  .string({ message: 'The reason must be text.' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters: the creator is told it.')
  .max(500, 'The reason must be at most 500 characters.');

/** On the owner's (and an admin's) view of an item: why moderators hid it; null when it is not hidden. */
export const ZHiddenState = z.object({ at: z.string(), reason: z.string() }).nullable();
export type THiddenState = z.infer<typeof ZHiddenState>;

export const ZAdminContentParams = z.object({ target: ZModerationTarget, id: ZId });
export const ZAdminContentHide = z.object({ reason: ZModerationReason });
export const ZAdminContentDeleteQuery = z.object({ reason: ZModerationReason });

/** What an admin sees of one item: enough to judge a report and to open it. */
export const ZAdminContentItem = z.object({
  target: ZModerationTarget,
  _id: ZId,
  /** Its title, name, caption or text (shortened). */
  title: z.string(),
  /** Who posted it: the creator, or for a comment its author. */
  owner: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }),
  /** The creator on whose page it is shown (the owner, except for a fan's comment). */
  performerId: ZId,
  hidden: ZHiddenState,
  /** Where it is seen in the app; null for a comment or photo (shown within their post or gallery). */
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminContentItem = z.infer<typeof ZAdminContentItem>;

export const ZAdminContentDeleted = z.object({
  target: ZModerationTarget,
  _id: ZId,
  deleted: z.literal(true),
});
