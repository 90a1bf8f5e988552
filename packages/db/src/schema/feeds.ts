import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { files, users } from './accounts';
import { moderationColumns } from './moderation';

export const feedTypes = ['text', 'photo', 'video', 'audio', 'poll'] as const;

/**
 * A creator's post. Fans see it once `published_at <= now` (a scheduled post has its publish time
 * in the future, so the time check alone hides it; no stored state can go stale). Deleting removes
 * the row; purchases of it stay in `purchases` for the money history.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: feedTypes }).notNull(),
    /** Plain text caption (HTML stripped on the way in), at most 5000 characters. */
    text: text('text').notNull().default(''),
    /**
     * The one public line of a post: shown to everyone, also while the post is locked (its `text`
     * is then withheld, as the text is part of what is sold). Empty by default; at most 200 characters.
     */
    previewText: text('preview_text').notNull().default(''),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** The time the creator asked for, when the post was scheduled; null for posts published at once. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When fans may first see it: creation time, or the scheduled time. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    commentsCount: bigint('comments_count', { mode: 'number' }).notNull().default(0),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Ascending on purpose: Drizzle's .desc() makes `DESC NULLS LAST`, which `ORDER BY … DESC` (nulls
    // first) cannot use, so every page sorted all of a creator's posts. Scanned backward, these serve
    // newest first exactly: the home timeline per creator, own posts, and a creator's feed pinned first.
    index('feeds_performer_published_idx').on(t.performerId, t.publishedAt, t.id),
    index('feeds_performer_pinned_published_idx').on(t.performerId, t.isPinned, t.publishedAt, t.id),
    index('feeds_published_idx').on(t.publishedAt, t.id),
    check('feeds_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 1000000`),
    check('feeds_counters_non_negative', sql`${t.likesCount} >= 0 AND ${t.commentsCount} >= 0`),
    check('feeds_text_length', sql`char_length(${t.text}) <= 5000`),
    check('feeds_preview_text_length', sql`char_length(${t.previewText}) <= 200`),
  ],
);

/** The media of a post, in the creator's order. A file belongs to at most one post. */
export const feedFiles = pgTable(
  'feed_files',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.position] }), uniqueIndex('feed_files_file_idx').on(t.fileId)],
);

/** The poll part of a poll post; voting closes at `expired_at` when set. */
export const polls = pgTable('polls', {
  feedId: uuid('feed_id')
    .primaryKey()
    .references(() => feeds.id, { onDelete: 'cascade' }),
  expiredAt: timestamp('expired_at', { withTimezone: true }),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => polls.feedId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    /** Cached count of poll_votes for this option, updated in the vote's transaction. */
    votesCount: bigint('votes_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('poll_options_feed_idx').on(t.feedId, t.position),
    check('poll_options_votes_non_negative', sql`${t.votesCount} >= 0`),
  ],
);

/** One vote per fan per poll. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => polls.feedId, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.fanId] })],
);

/**
 * The home timeline, written on publish (fan-out on write): one row per post per fan who follows or
 * subscribes to its creator. A job inserts a published post's rows for all its followers and
 * subscribers in one INSERT … SELECT; following or subscribing copies the creator's latest posts in;
 * unfollowing, a lapsed subscription and a block take them out; deleting a post cascades. The read
 * is one backward range scan of `timeline_entries_fan_published_idx`; it still checks the post and
 * the relation, so an entry not yet removed is never shown.
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post's publish time (moved with it when a scheduled post is moved). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.fanId] }),
    // Ascending, scanned backward for newest first (see feeds_performer_published_idx).
    index('timeline_entries_fan_published_idx').on(t.fanId, t.publishedAt, t.feedId),
    index('timeline_entries_fan_performer_idx').on(t.fanId, t.performerId),
  ],
);
