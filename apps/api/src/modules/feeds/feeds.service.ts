import {
  maxFeedTextLength,
  type TFeed,
  type TFeedCreateRequest,
  type TFeedType,
  type TFeedUpdateRequest,
  type TMediaFileStatus,
  type TPollCreateRequest,
  toCents,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { decideContentAccess } from '../access/content-access';
import { maySeeHidden } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import { deleteSocialTraces } from '../comments/comments.repo';
import { signMediaUrl } from '../files/signed-urls';
import { presentFileStatus } from '../media/media.presenter';
import { filterVisiblePerformerIds, findVisiblePerformer } from '../performers/performers.access';
import { type CardRow, loadCards, readCards } from './feeds.cards';
import { presentFeed } from './feeds.presenter';
import {
  bumpPerformerCounters,
  deleteFeedRow,
  type FeedRow,
  type FeedWithAuthor,
  feedHasFailedMedia,
  findAttachedFileIds,
  findFeedById,
  findFeedFileKinds,
  findFilesByIds,
  findPoll,
  insertFeed,
  insertPoll,
  insertVote,
  listCreatorFeeds,
  listOwnFeeds,
  listTimeline,
  loadFeedDetails,
  replaceFeedFiles,
  updateFeedRow,
} from './feeds.repo';
import { movePostInTimelines, queueFanOut } from './timeline.service';

type Page = { data: TFeed[]; total: number };

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

/**
 * Captions are plain text: tags and control characters go, whitespace at the ends goes, and what
 * is left may be at most 5000 characters. A lone `<` (as in "<3") is text and stays.
 */
export function sanitizeFeedText(raw: string): string {
  const text = raw
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
  if (text.length > maxFeedTextLength) {
    throw unprocessable(`The text can be at most ${maxFeedTextLength} characters long.`);
  }
  return text;
}

/**
 * The public line is one line of plain text (tags, control characters and line breaks go); the
 * contract already refused more than 200 characters.
 */
export function sanitizePreviewText(raw: string): string {
  return sanitizeFeedText(raw.replace(/[\r\n]+/g, ' '));
}

const countKinds = (kinds: string[]) => ({
  photos: kinds.filter((k) => k === 'feed-photo').length,
  videos: kinds.filter((k) => k === 'feed-video').length,
});

/** The media a post of each type needs, as a sentence when it is wrong. */
function checkKindsForType(type: TFeedType, kinds: string[]): void {
  const only = (kind: string) => kinds.every((k) => k === kind);
  switch (type) {
    case 'text':
    case 'poll':
      if (kinds.length > 0) throw unprocessable(`A ${type} post cannot have photos, videos or audio.`);
      return;
    case 'photo':
      if (kinds.length === 0 || !only('feed-photo')) {
        throw unprocessable('A photo post needs one or more photos uploaded as feed photos.');
      }
      return;
    case 'video':
      if (kinds.length !== 1 || !only('feed-video')) {
        throw unprocessable('A video post needs exactly one video uploaded as a feed video.');
      }
      return;
    case 'audio':
      if (kinds.length !== 1 || !only('feed-audio')) {
        throw unprocessable('An audio post needs exactly one audio file uploaded as feed audio.');
      }
      return;
  }
}

/**
 * Checks the files a creator attaches: each must be their own upload, of the kind the post type
 * needs (when `type` is given: the post's files are being set), not used by another post; thumbnail
 * and teaser must be uploads of those kinds. Answers the kinds of the attached files in order.
 */
async function checkAttachments(
  ctx: AppContext,
  options: {
    actor: Actor;
    type: TFeedType | null;
    fileIds: string[];
    thumbnailId?: string | null;
    teaserId?: string | null;
    feedId?: string;
  },
): Promise<string[]> {
  const { actor, fileIds } = options;
  if (new Set(fileIds).size !== fileIds.length) throw unprocessable('The same file is attached twice.');
  const extraIds = [options.thumbnailId, options.teaserId].filter((id): id is string => !!id);
  const rows = await findFilesByIds(ctx.db.db, [...new Set([...fileIds, ...extraIds])]);
  const own = new Map(rows.filter((r) => r.ownerId === actor.id).map((r) => [r.id, r]));
  if ([...fileIds, ...extraIds].some((id) => !own.has(id))) {
    throw unprocessable('Some files were not found among your uploads; please upload them again.');
  }
  const kinds = fileIds.map((id) => own.get(id)!.kind);
  if (options.type) checkKindsForType(options.type, kinds);
  if (options.thumbnailId && own.get(options.thumbnailId)!.kind !== 'feed-thumbnail') {
    throw unprocessable('The thumbnail must be an image uploaded as a feed thumbnail.');
  }
  if (options.teaserId && own.get(options.teaserId)!.kind !== 'feed-teaser') {
    throw unprocessable('The teaser must be a video uploaded as a feed teaser.');
  }
  const taken = await findAttachedFileIds(ctx.db.db, { fileIds, exceptFeedId: options.feedId });
  if (taken.length > 0) throw unprocessable('A file is already used in another post.');
  return kinds;
}

function futureTime(ctx: AppContext, iso: string, what: string): Date {
  const at = new Date(iso);
  if (at <= ctx.clock.now()) throw unprocessable(`${what} must be in the future.`);
  return at;
}

const priceCentsOf = (isSale: boolean, price: number) => (isSale ? toCents(price) : 0);

/**
 * Creates a post from files uploaded before. A scheduled post is hidden from fans until its time.
 * The post, its files, its poll and the creator's counters are written in one transaction.
 */
export async function createFeed(
  ctx: AppContext,
  options: { actor: Actor; input: TFeedCreateRequest },
): Promise<TFeed> {
  const { actor, input } = options;
  const text = sanitizeFeedText(input.text);
  if (input.type === 'text' && text === '') throw unprocessable('A text post needs some text.');
  const pollOptions = input.pollOptions ?? [];
  if (input.type === 'poll' && pollOptions.length < 2) {
    throw unprocessable('A poll needs at least two options.');
  }
  if (input.type !== 'poll' && pollOptions.length > 0) throw unprocessable('Only poll posts have options.');
  const kinds = await checkAttachments(ctx, { actor, ...input });
  const now = ctx.clock.now();
  const scheduledAt = input.scheduledAt ? futureTime(ctx, input.scheduledAt, 'The scheduled time') : null;
  const pollExpiredAt = input.pollExpiredAt ? futureTime(ctx, input.pollExpiredAt, 'The poll end') : null;
  const feed = await ctx.db.db.transaction(async (tx) => {
    const row = await insertFeed(tx, {
      performerId: actor.id,
      type: input.type,
      text,
      previewText: sanitizePreviewText(input.previewText),
      isSale: input.isSale,
      priceCents: priceCentsOf(input.isSale, input.price),
      scheduledAt,
      publishedAt: scheduledAt ?? now,
      isPinned: input.isPinned,
      thumbnailFileId: input.thumbnailId ?? null,
      teaserFileId: input.teaserId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await replaceFeedFiles(tx, row.id, input.fileIds);
    if (input.type === 'poll') {
      await insertPoll(tx, { feedId: row.id, expiredAt: pollExpiredAt, options: pollOptions });
    }
    await bumpPerformerCounters(tx, actor.id, { posts: 1, ...countKinds(kinds) });
    return row;
  });
  // The post request does not write the fans' timelines: the job does (scheduled posts too; the
  // timeline shows an entry once its time has come).
  await queueFanOut(ctx, feed.id);
  return getMyFeed(ctx, { actor, id: feed.id });
}

/** `POST /performer/feeds/polls`: a poll post in one call (question as text, its options, an end). */
export function createPoll(ctx: AppContext, options: { actor: Actor; input: TPollCreateRequest }) {
  const { input } = options;
  return createFeed(ctx, {
    actor: options.actor,
    input: {
      type: 'poll',
      text: input.text,
      previewText: input.previewText,
      fileIds: [],
      isSale: input.isSale,
      price: input.price,
      scheduledAt: input.scheduledAt,
      isPinned: false,
      pollOptions: input.options,
      pollExpiredAt: input.expiredAt,
    },
  });
}

/** A post its creator may manage; another creator's (or a missing) id is 404. */
async function findOwnFeed(ctx: AppContext, options: { actor: Actor; id: string }): Promise<FeedWithAuthor> {
  const row = await findFeedById(ctx.db.db, options.id);
  if (!row || row.feed.performerId !== options.actor.id) throw notFound('That post');
  return row;
}

/**
 * Presents card rows (posts read with `cardColumns`) for one viewer: no statement of its own, the
 * rows carry everything (files, poll, reactions, what the gate needs).
 */
function presentCards(ctx: AppContext, options: { actor: Actor | null; rows: CardRow[] }): TFeed[] {
  const { actor, rows } = options;
  const { details, access, reactions } = readCards(rows, actor);
  const now = ctx.clock.now();
  const sign = (key: string) => signMediaUrl(ctx, key);
  return rows.map((row) =>
    presentFeed(row, {
      access: access.get(row.feed.id)!,
      details,
      now,
      isOwnerView: actor?.id === row.feed.performerId || actor?.role === 'admin',
      sign,
      reactions: reactions(row.feed.id),
    }),
  );
}

/** Presents posts read without their cards: the cards in one statement more. */
async function presentPage(
  ctx: AppContext,
  options: { actor: Actor | null; rows: FeedWithAuthor[] },
): Promise<TFeed[]> {
  const cards = await loadCards(ctx.db.db, {
    ids: options.rows.map((r) => r.feed.id),
    viewer: options.actor,
    now: ctx.clock.now(),
  });
  return presentCards(ctx, { actor: options.actor, rows: cards });
}

const presentOne = async (ctx: AppContext, actor: Actor | null, row: FeedWithAuthor) =>
  (await presentPage(ctx, { actor, rows: [row] }))[0]!;

/** One of the creator's own posts, whatever its state. */
export async function getMyFeed(ctx: AppContext, options: { actor: Actor; id: string }): Promise<TFeed> {
  return presentOne(ctx, options.actor, await findOwnFeed(ctx, options));
}

/** The creator's own posts, scheduled and failed included, newest first. */
export async function listMyFeeds(
  ctx: AppContext,
  options: { actor: Actor; type?: TFeedType; offset: number; limit: number },
): Promise<Page> {
  const { rows, total } = await listOwnFeeds(ctx.db.db, { performerId: options.actor.id, ...options });
  return { data: await presentPage(ctx, { actor: options.actor, rows }), total };
}

/**
 * Edits a post (its type stays). New files are checked like at creation; the counters follow the
 * change of files in the same transaction. A published post cannot be scheduled again.
 */
export async function updateMyFeed(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TFeedUpdateRequest },
): Promise<TFeed> {
  const { actor, input } = options;
  const { feed } = await findOwnFeed(ctx, options);
  const now = ctx.clock.now();
  const values: Partial<FeedRow> = { updatedAt: now };
  if (input.text !== undefined) {
    values.text = sanitizeFeedText(input.text);
    if (feed.type === 'text' && values.text === '') throw unprocessable('A text post needs some text.');
  }
  if (input.previewText !== undefined) values.previewText = sanitizePreviewText(input.previewText);
  const isSale = input.isSale ?? feed.isSale;
  if (input.isSale !== undefined || input.price !== undefined) {
    values.isSale = isSale;
    values.priceCents = priceCentsOf(isSale, input.price ?? feed.priceCents / 100);
  }
  if (input.isPinned !== undefined) values.isPinned = input.isPinned;
  if (input.scheduledAt !== undefined) {
    const isPublished = feed.publishedAt <= now;
    if (input.scheduledAt === null) {
      if (!isPublished) Object.assign(values, { scheduledAt: null, publishedAt: now });
    } else {
      if (isPublished) throw unprocessable('This post is already published; it cannot be scheduled.');
      const at = futureTime(ctx, input.scheduledAt, 'The scheduled time');
      Object.assign(values, { scheduledAt: at, publishedAt: at });
    }
  }
  if (input.thumbnailId !== undefined) values.thumbnailFileId = input.thumbnailId;
  if (input.teaserId !== undefined) values.teaserFileId = input.teaserId;
  const newKinds = await checkAttachments(ctx, {
    actor,
    type: input.fileIds === undefined ? null : feed.type,
    fileIds: input.fileIds ?? [],
    thumbnailId: input.thumbnailId,
    teaserId: input.teaserId,
    feedId: feed.id,
  });
  await ctx.db.db.transaction(async (tx) => {
    if (input.fileIds !== undefined) {
      const before = countKinds(await findFeedFileKinds(tx, feed.id));
      const after = countKinds(newKinds);
      await replaceFeedFiles(tx, feed.id, input.fileIds);
      await bumpPerformerCounters(tx, actor.id, {
        posts: 0,
        photos: after.photos - before.photos,
        videos: after.videos - before.videos,
      });
    }
    await updateFeedRow(tx, feed.id, values);
    if (values.publishedAt) await movePostInTimelines(tx, feed.id, values.publishedAt);
  });
  return getMyFeed(ctx, options);
}

/** Deletes a post and lowers the creator's counters in the same transaction; the uploads stay. */
export async function deleteMyFeed(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ success: boolean }> {
  await findOwnFeed(ctx, options);
  await removeFeed(ctx, { id: options.id });
  return { success: true };
}

/**
 * Deletes a post, its likes and comments, and lowers the creator's counters, whoever asked (its
 * owner, or a moderator whose `inTransaction` writes the audit row); 404 when it is gone.
 */
export async function removeFeed(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const row = await findFeedById(ctx.db.db, options.id);
  if (!row) throw notFound('That post');
  const { feed } = row;
  await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    const counts = countKinds(await findFeedFileKinds(tx, feed.id));
    await deleteSocialTraces(tx, 'feed', feed.id);
    await deleteFeedRow(tx, feed.id);
    await bumpPerformerCounters(tx, feed.performerId, {
      posts: -1,
      photos: -counts.photos,
      videos: -counts.videos,
    });
  });
}

/**
 * The home timeline: published posts of listed creators the fan follows or is subscribed to,
 * newest first; `before` continues after the last post seen.
 */
export async function listHomeFeed(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; offset: number; limit: number; before?: string },
): Promise<Page> {
  const { rows, total } = await listTimeline(ctx.db, {
    fanId: options.actor.id,
    geo: { actor: options.actor, country: options.country },
    now: ctx.clock.now(),
    before: options.before ? new Date(options.before) : undefined,
    offset: options.offset,
    limit: options.limit,
  });
  return { data: presentCards(ctx, { actor: options.actor, rows }), total };
}

/** A creator's published posts, pinned first; visitors see them too, locked where the gate says so. */
export async function listCreatorFeed(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    country: string | null;
    username: string;
    type?: TFeedType;
    offset: number;
    limit: number;
  },
): Promise<Page & { performerId: string }> {
  const { actor, country } = options;
  const performer = await findVisiblePerformer(ctx, { actor, country, idOrUsername: options.username });
  const { rows, total } = await listCreatorFeeds(ctx.db, {
    performerId: performer.user.id,
    now: ctx.clock.now(),
    type: options.type,
    includeFailed: actor?.id === performer.user.id || actor?.role === 'admin',
    offset: options.offset,
    limit: options.limit,
    viewer: actor,
  });
  return { data: presentCards(ctx, { actor, rows }), total, performerId: performer.user.id };
}

/**
 * A post the actor may see at all (locked or not): published, not hidden by moderators, by a creator
 * they may see, with no failed media; the owner and admins see every post. Anything else is 404.
 */
async function findVisibleFeed(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<FeedWithAuthor> {
  const { actor, country } = options;
  const row = await findFeedById(ctx.db.db, options.id);
  if (!row) throw notFound('That post');
  if (maySeeHidden(actor, row.feed.performerId)) return row;
  const isVisible =
    row.feed.hiddenAt === null &&
    row.feed.publishedAt <= ctx.clock.now() &&
    (await filterVisiblePerformerIds(ctx, { actor, country, ids: [row.feed.performerId] })).has(
      row.feed.performerId,
    ) &&
    !(await feedHasFailedMedia(ctx.db.db, row.feed.id));
  if (!isVisible) throw notFound('That post');
  return row;
}

/** One post for any viewer (visitors included), locked when the gate says so. */
export async function getFeed(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<TFeed> {
  return presentOne(ctx, options.actor, await findVisibleFeed(ctx, options));
}

/**
 * Votes in a poll: only fans who may view the post (403 otherwise), once (422 the second time),
 * before it ends (403 after).
 */
export async function voteOnPoll(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string; optionId: string },
): Promise<TFeed> {
  const { actor } = options;
  const row = await findVisibleFeed(ctx, options);
  if (row.feed.type !== 'poll') throw unprocessable('This post is not a poll.');
  const access = await decideContentAccess(ctx, {
    actor,
    items: [
      {
        id: row.feed.id,
        type: 'feed',
        ownerId: row.feed.performerId,
        isSale: row.feed.isSale,
        priceCents: row.feed.priceCents,
      },
    ],
  });
  if (!access.get(row.feed.id)?.canView) {
    throw new AppError('FORBIDDEN', 'You need access to this post to vote in its poll.');
  }
  const poll = await findPoll(ctx.db.db, row.feed.id);
  if (poll?.expiredAt && poll.expiredAt <= ctx.clock.now()) {
    throw new AppError('FORBIDDEN', 'This poll has ended; votes are no longer accepted.');
  }
  const result = await insertVote(ctx.db.db, {
    feedId: row.feed.id,
    fanId: actor.id,
    optionId: options.optionId,
  });
  if (result === 'unknown-option') throw unprocessable('That option is not part of this poll.');
  if (result === 'already-voted') throw unprocessable('You have already voted in this poll.');
  return presentOne(ctx, actor, row);
}

/** Where one file of a visible post stands (polled while a video is processed). */
export async function getFeedFileStatus(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string; fileId: string },
): Promise<TMediaFileStatus> {
  const row = await findVisibleFeed(ctx, options);
  const details = await loadFeedDetails(ctx.db.db, { feeds: [row.feed], viewerId: null });
  const isPart =
    (details.fileIdsByFeed.get(row.feed.id) ?? []).includes(options.fileId) ||
    row.feed.thumbnailFileId === options.fileId ||
    row.feed.teaserFileId === options.fileId;
  const file = details.filesById.get(options.fileId);
  if (!isPart || !file) throw notFound('That file');
  return presentFileStatus(file);
}
