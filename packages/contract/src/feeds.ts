import { z } from 'zod';
import { dataOf, listOf, ZId, ZIsoDate } from './common';
import { maxFeedPrice } from './field-values';
import { ZMediaView } from './media';
import { ZHiddenState } from './moderation';

export const ZFeedType = z.enum(['text', 'photo', 'video', 'audio', 'poll']);
export type TFeedType = z.infer<typeof ZFeedType>;

export const maxFeedTextLength = 5000;
export const maxFeedFiles = 50;

const ZPrice = z
  .number({ message: 'Price must be a number.' })
  .min(0, { message: 'Price must be between 0.00 and 10000.00.' })
  .max(maxFeedPrice, { message: 'Price must be between 0.00 and 10000.00.' })
  .multipleOf(0.01, { message: 'Price can have at most two decimals.' });

/** Longest public line of a post (`previewText`). */
export const maxFeedPreviewTextLength = 200;

/**
 * The post's public line (not its video `teaser` clip): the only words a viewer sees while the post is
 * locked, since the text is part of what is sold. Whitespace at the ends is trimmed; longer is refused.
 */
const ZPreviewText = z
  .string()
  .trim()
  .max(maxFeedPreviewTextLength, {
    message: `The public teaser line can be at most ${maxFeedPreviewTextLength} characters long.`,
  });

const ZPollOptionText = z.string().trim().min(1, { message: 'A poll option cannot be empty.' }).max(200);

/** `POST /performer/feeds`. Files are uploaded first and attached here by id, in order. */
export const ZFeedCreateRequest = z.object({
  type: ZFeedType,
  text: z.string().max(20_000).default(''),
  previewText: ZPreviewText.default(''),
  fileIds: z.array(ZId).max(maxFeedFiles).default([]),
  thumbnailId: ZId.nullish(),
  teaserId: ZId.nullish(),
  isSale: z.boolean().default(false),
  price: ZPrice.default(0),
  /** A future time: the post stays hidden from fans until then. */
  scheduledAt: ZIsoDate.nullish(),
  isPinned: z.boolean().default(false),
  /** Poll posts: two to ten answers. */
  pollOptions: z
    .array(ZPollOptionText)
    .max(10, { message: 'A poll can have at most 10 options.' })
    .optional(),
  pollExpiredAt: ZIsoDate.nullish(),
});
export type TFeedCreateRequest = z.infer<typeof ZFeedCreateRequest>;

/** `POST /performer/feeds/polls`: a poll post in one call. */
export const ZPollCreateRequest = z.object({
  text: z.string().max(20_000).default(''),
  previewText: ZPreviewText.default(''),
  options: z.array(ZPollOptionText).max(10, { message: 'A poll can have at most 10 options.' }),
  expiredAt: ZIsoDate.nullish(),
  isSale: z.boolean().default(false),
  price: ZPrice.default(0),
  scheduledAt: ZIsoDate.nullish(),
});
export type TPollCreateRequest = z.infer<typeof ZPollCreateRequest>;

/** `PUT /performer/feeds/{id}`: every field optional; the type of a post never changes. */
export const ZFeedUpdateRequest = z.object({
  text: z.string().max(20_000).optional(),
  previewText: ZPreviewText.optional(),
  fileIds: z.array(ZId).max(maxFeedFiles).optional(),
  thumbnailId: ZId.nullish(),
  teaserId: ZId.nullish(),
  isSale: z.boolean().optional(),
  price: ZPrice.optional(),
  scheduledAt: ZIsoDate.nullish(),
  isPinned: z.boolean().optional(),
});
export type TFeedUpdateRequest = z.infer<typeof ZFeedUpdateRequest>;

export const ZFeedParams = z.object({ id: ZId });
export const ZFeedFileParams = z.object({ id: ZId, fileId: ZId });
export const ZFeedUsernameParams = z.object({ username: z.string().min(1).max(100) });

const paging = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export const ZPerformerFeedQuery = z.object({ ...paging, type: ZFeedType.optional() });
/** The home timeline: `before` (an ISO time) continues after the last post seen. */
export const ZUserFeedQuery = z.object({ ...paging, before: ZIsoDate.optional() });
export const ZCreatorFeedQuery = z.object({ ...paging, type: ZFeedType.optional() });

export const ZVoteRequest = z.object({ optionId: ZId });

export const ZFeedAccessReason = z.enum([
  'owner',
  'admin',
  'public',
  'subscriber',
  'purchased',
  'free-for-fans',
  'needs-login',
  'needs-subscription',
  'needs-purchase',
  'blocked',
]);

export const ZFeedPoll = z.object({
  options: z.array(z.object({ _id: ZId, text: z.string(), votes: z.number().int() })),
  totalVotes: z.number().int(),
  hasVoted: z.boolean(),
  votedOptionId: ZId.nullable(),
  expiredAt: z.string().nullable(),
  isExpired: z.boolean(),
});

/**
 * A post as one viewer receives it. Locked posts carry their facts and blurred previews only:
 * no URL of the media, the thumbnail is then a blurred preview (a data: URI) or the default, and
 * `text` is empty (the text is sold with the post); `previewText` is the creator's public line.
 */
export const ZFeed = z.object({
  _id: ZId,
  type: ZFeedType,
  /** The post's text; empty while it is locked for this viewer. */
  text: z.string(),
  /** The creator's public teaser line, shown to everyone (empty when none). Not the video `teaser`. */
  previewText: z.string(),
  performer: z.object({ _id: ZId, name: z.string(), username: z.string().nullable(), avatar: z.string() }),
  isSale: z.boolean(),
  price: z.number(),
  canView: z.boolean(),
  isLocked: z.boolean(),
  reason: ZFeedAccessReason,
  /** `scheduled` until its time, then `published`; `failed` when its video could not be processed (owner only). */
  status: z.enum(['published', 'scheduled', 'failed']),
  failureReason: z.string().optional(),
  files: z.array(ZMediaView),
  teaser: ZMediaView.nullable(),
  thumbnail: z.object({
    url: z.string(),
    source: z.enum(['feed-thumbnail', 'photo', 'teaser', 'video', 'default']),
  }),
  poll: ZFeedPoll.nullable(),
  isPinned: z.boolean(),
  likesCount: z.number().int(),
  /** The viewer's own reactions (false for visitors). */
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  commentsCount: z.number().int(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string(),
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFeed = z.infer<typeof ZFeed>;

export const ZFeedResponse = dataOf(ZFeed);
export const ZFeedListResponse = listOf(ZFeed);
