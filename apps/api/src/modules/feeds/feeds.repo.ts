import {
  and,
  type DbHandle,
  desc,
  type Executor,
  eq,
  feedFiles,
  feeds,
  files,
  follows,
  inArray,
  lt,
  lte,
  performerProfiles,
  pollOptions,
  polls,
  pollVotes,
  sql,
  subscriptions,
  type Transaction,
  timelineEntries,
  users,
} from '@fanstage/db';
import { type Param, preparedPerShape, timestampParam } from '../../lib/prepared';
import { creatorListedForViewer, type GeoViewer, type SqlViewer } from '../access/geo';
import { notHidden } from '../access/hidden';
import { listedCondition } from '../performers/performers.repo';
import { type CardRow, cardColumns } from './feeds.cards';

export type FeedRow = typeof feeds.$inferSelect;
export type NewFeedRow = typeof feeds.$inferInsert;
export type FileRow = typeof files.$inferSelect;
export type FeedAuthor = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'avatarPath'>;
export interface FeedWithAuthor {
  feed: FeedRow;
  author: FeedAuthor;
}

const authorColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarPath: users.avatarPath,
};

/**
 * True when one of the post's files failed processing: such a post is shown to its owner only.
 * Written with fixed table names because Drizzle leaves columns unqualified in one-table selects.
 *
 * `offset 0` keeps it a probe per post (two index look-ups: the post's files, then each one's
 * status). Without it PostgreSQL may turn the `not exists` into an anti-join that first reads every
 * failed file on the site and the posts holding them, which a page of a busy creator's feed did: its
 * cost grew with the whole site's failed uploads (50 of them on the bench's small data set took 4 of
 * the page's 5 ms), not with the page.
 */
const hasFailedMedia = sql`exists (select 1 from "feed_files" ff join "files" f on f."id" = ff."file_id" where ff."feed_id" = "feeds"."id" and f."status" = 'failed' offset 0)`;
const hasNoFailedMedia = sql`not ${hasFailedMedia}`;

export const newestFirst = [desc(feeds.publishedAt), desc(feeds.id)];

export async function findFilesByIds(db: Executor, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}

/** File ids (of these) already attached to a post other than `exceptFeedId`. */
export async function findAttachedFileIds(
  db: Executor,
  options: { fileIds: string[]; exceptFeedId?: string },
): Promise<string[]> {
  if (options.fileIds.length === 0) return [];
  const rows = await db
    .select({ fileId: feedFiles.fileId })
    .from(feedFiles)
    .where(
      and(
        inArray(feedFiles.fileId, options.fileIds),
        options.exceptFeedId ? sql`${feedFiles.feedId} <> ${options.exceptFeedId}` : undefined,
      ),
    );
  return rows.map((r) => r.fileId);
}

export async function insertFeed(tx: Transaction, values: NewFeedRow): Promise<FeedRow> {
  const [row] = await tx.insert(feeds).values(values).returning();
  return row!;
}

export async function replaceFeedFiles(tx: Transaction, feedId: string, fileIds: string[]): Promise<void> {
  await tx.delete(feedFiles).where(eq(feedFiles.feedId, feedId));
  if (fileIds.length === 0) return;
  await tx.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId, fileId, position })));
}

export async function insertPoll(
  tx: Transaction,
  options: { feedId: string; expiredAt: Date | null; options: string[] },
): Promise<void> {
  await tx.insert(polls).values({ feedId: options.feedId, expiredAt: options.expiredAt });
  await tx
    .insert(pollOptions)
    .values(options.options.map((text, position) => ({ feedId: options.feedId, text, position })));
}

export async function updateFeedRow(
  tx: Transaction,
  id: string,
  values: Partial<NewFeedRow>,
): Promise<FeedRow> {
  const [row] = await tx.update(feeds).set(values).where(eq(feeds.id, id)).returning();
  return row!;
}

export async function deleteFeedRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(feeds).where(eq(feeds.id, id));
}

/**
 * Moves the creator's cached counters by these amounts (in the caller's transaction). A counter is a
 * cache of the rows it counts: one that drifted (rows written past the API) stops at 0 rather than
 * failing the write with the table's non-negative check.
 */
export async function bumpPerformerCounters(
  tx: Transaction,
  performerId: string,
  by: { posts: number; photos: number; videos: number },
): Promise<void> {
  if (by.posts === 0 && by.photos === 0 && by.videos === 0) return;
  await tx
    .update(performerProfiles)
    .set({
      postsCount: sql`greatest(0, ${performerProfiles.postsCount} + ${by.posts})`,
      photosCount: sql`greatest(0, ${performerProfiles.photosCount} + ${by.photos})`,
      videosCount: sql`greatest(0, ${performerProfiles.videosCount} + ${by.videos})`,
    })
    .where(eq(performerProfiles.userId, performerId));
}

/** The kinds of the files attached to a post (for counter deltas). */
export async function findFeedFileKinds(db: Executor, feedId: string): Promise<string[]> {
  const rows = await db
    .select({ kind: files.kind })
    .from(feedFiles)
    .innerJoin(files, eq(files.id, feedFiles.fileId))
    .where(eq(feedFiles.feedId, feedId));
  return rows.map((r) => r.kind);
}

export async function findFeedById(db: Executor, id: string): Promise<FeedWithAuthor | null> {
  const [row] = await db
    .select({ feed: feeds, author: authorColumns })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(eq(feeds.id, id))
    .limit(1);
  return row ?? null;
}

/** Whether one of the post's files failed processing. */
export async function feedHasFailedMedia(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: files.id })
    .from(feedFiles)
    .innerJoin(files, eq(files.id, feedFiles.fileId))
    .where(and(eq(feedFiles.feedId, id), eq(files.status, 'failed')))
    .limit(1);
  return rows.length > 0;
}

async function pageWithTotal(
  db: Executor,
  where: ReturnType<typeof and>,
  options: { offset: number; limit: number; order: ReturnType<typeof desc>[]; joinListed?: boolean },
): Promise<{ rows: FeedWithAuthor[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({ feed: feeds, author: authorColumns })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, feeds.performerId))
      .where(where)
      .orderBy(...options.order)
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, feeds.performerId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * A page read with one row more than asked for, and the `total` it proves: exact when the list ends
 * on this page, otherwise `offset + limit + 1`, which says "there is more" (all a client paging by
 * `loaded >= total` needs). Counting every post of a busy creator or of a fan's whole timeline on
 * each page cost more than the page itself. `countAll` gives the exact figure in the one case the
 * page cannot: an offset past the end.
 */
async function pageWithLookahead<R>(
  rows: R[],
  options: { offset: number; limit: number; countAll: () => Promise<number> },
): Promise<{ rows: R[]; total: number }> {
  if (rows.length > options.limit) {
    return { rows: rows.slice(0, options.limit), total: options.offset + options.limit + 1 };
  }
  if (rows.length === 0 && options.offset > 0) return { rows, total: await options.countAll() };
  return { rows, total: options.offset + rows.length };
}

/** A creator's own posts (scheduled and failed included), newest first. */
export function listOwnFeeds(
  db: Executor,
  options: { performerId: string; type?: FeedRow['type']; offset: number; limit: number },
) {
  return pageWithTotal(
    db,
    and(eq(feeds.performerId, options.performerId), options.type ? eq(feeds.type, options.type) : undefined),
    { ...options, order: newestFirst },
  );
}

/** The filter of a creator's feed as others see it. */
function creatorFeedWhere(options: {
  performerId: Param<string>;
  now: Param<Date>;
  type?: Param<FeedRow['type']>;
  includeFailed: boolean;
}) {
  return and(
    eq(feeds.performerId, options.performerId),
    lte(feeds.publishedAt, options.now),
    options.type ? eq(feeds.type, options.type) : undefined,
    options.includeFailed ? undefined : hasNoFailedMedia,
    // The owner's and admins' view (the same flag) keeps hidden posts: they show with the reason.
    options.includeFailed ? undefined : notHidden(feeds),
  );
}

/**
 * The page query of a creator's feed, pinned first, with one row of lookahead (exported so a test
 * and the bench can EXPLAIN it). Ordered like `feeds_performer_pinned_published_idx`, so it reads
 * only the rows up to the page's end. Every value may be a placeholder (`creatorFeedPages`).
 */
export function creatorFeedPageQuery(
  db: Executor,
  options: {
    performerId: Param<string>;
    now: Param<Date>;
    type?: Param<FeedRow['type']>;
    includeFailed: boolean;
    offset: Param<number>;
    /** The page and its row of lookahead. */
    rows: Param<number>;
    viewerId: Param<string> | null;
  },
) {
  return db
    .select({ feed: feeds, author: authorColumns, ...cardColumns(options.viewerId, options.now) })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(creatorFeedWhere(options))
    .orderBy(desc(feeds.isPinned), ...newestFirst)
    .offset(options.offset)
    .limit(options.rows);
}

/**
 * The creator feed's page query, prepared once per shape: with or without the owner's failed and
 * hidden posts, with or without a type filter. The viewer travels as a placeholder (null for a
 * visitor: the card columns then match nothing).
 */
const creatorFeedPages = preparedPerShape((handle, shape) => {
  const [view, filter] = shape.split('.');
  return creatorFeedPageQuery(handle.db, {
    performerId: sql.placeholder('performerId'),
    now: sql.placeholder('now'),
    type: filter === 'typed' ? sql.placeholder('type') : undefined,
    includeFailed: view === 'all',
    offset: sql.placeholder('offset'),
    rows: sql.placeholder('rows'),
    viewerId: sql.placeholder('viewerId'),
  }).prepare(`creator_feed_page_${view}_${filter}`);
});

/** A creator's published posts, pinned first; failed ones only when `includeFailed` (owner, admin). */
export async function listCreatorFeeds(
  handle: DbHandle,
  options: {
    performerId: string;
    now: Date;
    type?: FeedRow['type'];
    includeFailed: boolean;
    offset: number;
    limit: number;
    viewer: CardViewer['viewer'];
  },
): Promise<{ rows: CardRow[]; total: number }> {
  const shape = `${options.includeFailed ? 'all' : 'shown'}.${options.type ? 'typed' : 'any'}`;
  const rows = await creatorFeedPages(handle, shape).execute({
    performerId: options.performerId,
    now: options.now.toISOString(),
    type: options.type,
    offset: options.offset,
    rows: options.limit + 1,
    viewerId: options.viewer?.id ?? null,
  });
  return pageWithLookahead(rows as CardRow[], {
    ...options,
    countAll: async () =>
      (
        await handle.db.select({ n: sql<number>`count(*)::int` }).from(feeds).where(creatorFeedWhere(options))
      )[0]?.n ?? 0,
  });
}

/** The viewer and the moment a page is read for: the card columns need both. */
export interface CardViewer {
  viewer: Pick<GeoViewer['actor'] & object, 'id' | 'role'> | null;
}

/**
 * The fan still follows the entry's creator or holds a running subscription: entries of a relation
 * that ended (a lapse is only swept later) are never shown. Two probes on primary/unique keys.
 */
const timelineRelationHolds = (fanId: Param<string>, now: Param<Date>) =>
  sql`(exists (select 1 from ${follows} where ${follows.followerId} = ${fanId} and ${follows.performerId} = ${timelineEntries.performerId})
      or exists (select 1 from ${subscriptions} where ${subscriptions.fanId} = ${fanId} and ${subscriptions.performerId} = ${timelineEntries.performerId} and ${subscriptions.expiredAt} > ${timestampParam(now)}::timestamptz))`;

/** A timeline read's filter: values, or placeholders in the prepared page query. */
interface TimelineFilter {
  fanId: Param<string>;
  now: Param<Date>;
  before?: Param<Date>;
  geo: SqlViewer;
}

/** Everything a timeline entry must pass to be shown (besides the page's range). */
const timelineWhere = (options: TimelineFilter) =>
  and(
    eq(timelineEntries.fanId, options.fanId),
    lte(timelineEntries.publishedAt, options.now),
    options.before ? lt(timelineEntries.publishedAt, options.before) : undefined,
    notHidden(feeds),
    hasNoFailedMedia,
    listedCondition,
    creatorListedForViewer(options.geo, timelineEntries.performerId),
    timelineRelationHolds(options.fanId, options.now),
  );

/**
 * The page query of the home timeline (exported so a test and the bench can EXPLAIN it): one
 * backward range scan of `timeline_entries_fan_published_idx` for the fan, each entry joined to its
 * post, creator and profile and checked (published, not hidden, no failed media, creator listed and
 * not blocking, the relation still holding), `rows` rows (the page and one of lookahead), each with
 * its card columns, so the page is this one statement. Every value may be a placeholder
 * (`timelinePages`).
 */
export function timelinePageQuery(
  db: Executor,
  options: TimelineFilter & {
    offset: Param<number>;
    /** The page and its row of lookahead. */
    rows: Param<number>;
    /** Read at most this many of the fan's newest entries (see `listTimeline`); absent: all. */
    window?: Param<number>;
  },
) {
  // The fan's entries newest first, as a subquery of their own: its ORDER BY keeps PostgreSQL from
  // merging it into the joins, so the plan walks the index backwards and the LIMIT stops it after a
  // page. Merged, the planner judges the range by the average fan (a hundred entries) and, for one who
  // follows hundreds of creators, joins and sorts all their ten thousand entries for twenty. The
  // subquery keeps the table's name, so every condition below reads its columns as it would the table.
  const ordered = db
    .select({
      fanId: timelineEntries.fanId,
      feedId: timelineEntries.feedId,
      performerId: timelineEntries.performerId,
      publishedAt: timelineEntries.publishedAt,
    })
    .from(timelineEntries)
    .where(
      and(
        eq(timelineEntries.fanId, options.fanId),
        lte(timelineEntries.publishedAt, options.now),
        options.before ? lt(timelineEntries.publishedAt, options.before) : undefined,
      ),
    )
    .orderBy(desc(timelineEntries.publishedAt), desc(timelineEntries.feedId))
    .$dynamic();
  const entries = (options.window === undefined ? ordered : ordered.limit(options.window)).as(
    'timeline_entries',
  );
  return db
    .select({ feed: feeds, author: authorColumns, ...cardColumns(options.fanId, options.now) })
    .from(entries)
    .innerJoin(feeds, eq(feeds.id, timelineEntries.feedId))
    .innerJoin(users, eq(users.id, timelineEntries.performerId))
    .innerJoin(performerProfiles, eq(performerProfiles.userId, timelineEntries.performerId))
    .where(timelineWhere(options))
    .orderBy(desc(timelineEntries.publishedAt), desc(timelineEntries.feedId))
    .offset(options.offset)
    .limit(options.rows);
}

/**
 * The timeline's page query, prepared once per shape: read through a window or over all entries,
 * before a time or not, with the country rule or without (no country known, or an admin), with the
 * blocks rule (a fan or creator) or without (an admin).
 */
const timelinePages = preparedPerShape((handle, shape) => {
  const [range, before, country, role] = shape.split('.');
  const fanId = sql.placeholder('fanId');
  return timelinePageQuery(handle.db, {
    fanId,
    now: sql.placeholder('now'),
    before: before === 'before' ? sql.placeholder('before') : undefined,
    geo: {
      actor: { id: fanId, role: role === 'admin' ? 'admin' : 'user' },
      country: country === 'country' ? sql.placeholder('country') : null,
    },
    offset: sql.placeholder('offset'),
    rows: sql.placeholder('rows'),
    window: range === 'window' ? sql.placeholder('window') : undefined,
  }).prepare(`timeline_page_${range}_${before}_${country}_${role}`);
});

/** The exact number of posts in a fan's timeline (only for an offset past the end). */
export function timelineCountQuery(
  db: Executor,
  options: { fanId: string; now: Date; before?: Date; geo: GeoViewer },
) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(timelineEntries)
    .innerJoin(feeds, eq(feeds.id, timelineEntries.feedId))
    .innerJoin(users, eq(users.id, timelineEntries.performerId))
    .innerJoin(performerProfiles, eq(performerProfiles.userId, timelineEntries.performerId))
    .where(timelineWhere(options));
}

/**
 * How many of the fan's newest entries a page reads first: the page and its lookahead twice over,
 * plus some, since an entry can fail its checks (a post hidden, a creator blocking, a relation ended).
 * With a LIMIT inside, the planner walks the index backwards for any fan; without one it may judge
 * the fan's range by its statistics and sort all ten thousand entries of a heavy follower for twenty
 * (a parallel bitmap scan and a sort: 25 ms where the window takes one).
 */
export const timelineWindow = (options: { offset: number; limit: number }) =>
  (options.offset + options.limit + 1) * 2 + 20;

/**
 * The home timeline: one statement in the usual case; the total as `pageWithLookahead` explains.
 * When the window's entries do not fill the page (the timeline's end, or many entries failing
 * their checks) the page is read again over all entries, so no post is ever left out.
 */
export async function listTimeline(
  handle: DbHandle,
  options: { fanId: string; now: Date; before?: Date; offset: number; limit: number; geo: GeoViewer },
): Promise<{ rows: CardRow[]; total: number }> {
  const { geo } = options;
  const isAdmin = geo.actor?.role === 'admin';
  const country = isAdmin ? null : geo.country;
  const shape = (range: 'window' | 'all') =>
    [
      range,
      options.before ? 'before' : 'newest',
      country ? 'country' : 'anywhere',
      isAdmin ? 'admin' : 'fan',
    ].join('.');
  const values = {
    fanId: options.fanId,
    now: options.now.toISOString(),
    before: options.before?.toISOString(),
    country,
    offset: options.offset,
    rows: options.limit + 1,
  };
  let rows = (await timelinePages(handle, shape('window')).execute({
    ...values,
    window: timelineWindow(options),
  })) as CardRow[];
  if (rows.length <= options.limit)
    rows = (await timelinePages(handle, shape('all')).execute(values)) as CardRow[];
  return pageWithLookahead(rows, {
    ...options,
    countAll: async () => (await timelineCountQuery(handle.db, options))[0]?.n ?? 0,
  });
}

export interface FeedDetails {
  /** Attached file ids per post, in order. */
  fileIdsByFeed: Map<string, string[]>;
  filesById: Map<string, FileRow>;
  pollsByFeed: Map<string, { expiredAt: Date | null }>;
  optionsByFeed: Map<string, (typeof pollOptions.$inferSelect)[]>;
  /** The viewer's vote per poll. */
  votesByFeed: Map<string, string>;
}

/** Everything a page of posts shows besides the rows themselves, in a fixed number of queries. */
export async function loadFeedDetails(
  db: Executor,
  options: { feeds: FeedRow[]; viewerId: string | null },
): Promise<FeedDetails> {
  const feedIds = options.feeds.map((f) => f.id);
  const pollIds = options.feeds.filter((f) => f.type === 'poll').map((f) => f.id);
  const details: FeedDetails = {
    fileIdsByFeed: new Map(),
    filesById: new Map(),
    pollsByFeed: new Map(),
    optionsByFeed: new Map(),
    votesByFeed: new Map(),
  };
  if (feedIds.length === 0) return details;
  const extraIds = options.feeds.flatMap((f) =>
    [f.thumbnailFileId, f.teaserFileId].filter((id): id is string => id !== null),
  );
  const [attached, extras, pollRows, optionRows, voteRows] = await Promise.all([
    db
      .select({ feedId: feedFiles.feedId, position: feedFiles.position, file: files })
      .from(feedFiles)
      .innerJoin(files, eq(files.id, feedFiles.fileId))
      .where(inArray(feedFiles.feedId, feedIds))
      .orderBy(feedFiles.feedId, feedFiles.position),
    findFilesByIds(db, [...new Set(extraIds)]),
    pollIds.length === 0 ? [] : db.select().from(polls).where(inArray(polls.feedId, pollIds)),
    pollIds.length === 0
      ? []
      : db
          .select()
          .from(pollOptions)
          .where(inArray(pollOptions.feedId, pollIds))
          .orderBy(pollOptions.feedId, pollOptions.position),
    pollIds.length === 0 || !options.viewerId
      ? []
      : db
          .select({ feedId: pollVotes.feedId, optionId: pollVotes.optionId })
          .from(pollVotes)
          .where(and(inArray(pollVotes.feedId, pollIds), eq(pollVotes.fanId, options.viewerId))),
  ]);
  for (const row of attached) {
    details.filesById.set(row.file.id, row.file);
    const list = details.fileIdsByFeed.get(row.feedId) ?? [];
    list.push(row.file.id);
    details.fileIdsByFeed.set(row.feedId, list);
  }
  for (const file of extras) details.filesById.set(file.id, file);
  for (const poll of pollRows) details.pollsByFeed.set(poll.feedId, { expiredAt: poll.expiredAt });
  for (const option of optionRows) {
    const list = details.optionsByFeed.get(option.feedId) ?? [];
    list.push(option);
    details.optionsByFeed.set(option.feedId, list);
  }
  for (const vote of voteRows) details.votesByFeed.set(vote.feedId, vote.optionId);
  return details;
}

export async function findPoll(db: Executor, feedId: string) {
  const [row] = await db.select().from(polls).where(eq(polls.feedId, feedId));
  return row ?? null;
}

/**
 * Records one vote and bumps the option's count in one transaction. Answers false when the fan
 * had already voted (a racing second vote inserts nothing and counts nothing).
 */
export const insertVote = (db: Executor, options: { feedId: string; fanId: string; optionId: string }) =>
  db.transaction(async (tx) => {
    const [option] = await tx
      .select({ id: pollOptions.id })
      .from(pollOptions)
      .where(and(eq(pollOptions.id, options.optionId), eq(pollOptions.feedId, options.feedId)));
    if (!option) return 'unknown-option' as const;
    const inserted = await tx
      .insert(pollVotes)
      .values(options)
      .onConflictDoNothing()
      .returning({ feedId: pollVotes.feedId });
    if (inserted.length === 0) return 'already-voted' as const;
    await tx
      .update(pollOptions)
      .set({ votesCount: sql`${pollOptions.votesCount} + 1` })
      .where(eq(pollOptions.id, options.optionId));
    return 'voted' as const;
  });
