import type { TPerformerSearchQuery } from '@fanstage/contract';
import {
  type AccountRow,
  accountColumns,
  and,
  asc,
  type DbHandle,
  desc,
  type Executor,
  eq,
  feeds,
  files,
  follows,
  galleries,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type PerformerSocials,
  performerBlockedCountries,
  performerProfiles,
  products,
  sql,
  subscriptions,
  users,
  videos,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { decodeRow, jsonOf, parsed } from '../../lib/json-rows';
import { type Param, preparedPerShape } from '../../lib/prepared';
import { isBlockingViewerSql, viewerBlockOn, viewerBlocks } from '../access/blocks';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';

/** A creator's account as creator queries read it: never the password hash (`accountColumns`). */
export type UserRow = AccountRow;
type FileRow = typeof files.$inferSelect;
export type ProfileRow = typeof performerProfiles.$inferSelect;
type ProfileValues = Partial<Omit<typeof performerProfiles.$inferInsert, 'userId'>>;
/** Column values, or SQL computed from the row being updated. */
export type ProfilePatch = { [K in keyof ProfileValues]: ProfileValues[K] | ReturnType<typeof sql> };

/**
 * A creator as every creator query returns it: the account, the profile, the viewer's follow and
 * whether the viewer has taken this creator's free subscription already (it can be taken once).
 */
export interface PerformerRow {
  user: UserRow;
  profile: ProfileRow;
  isFollowed: boolean;
  hasUsedFreeSubscription: boolean;
  /** The creator blocked the viewer (access/blocks.ts, read in the same query). */
  isBlockingViewer: boolean;
}

/**
 * Listed publicly: an active creator whose documents an admin verified. The same rule, row by row,
 * is `isListedPerformer` in performers.access.ts.
 */
export const listedCondition = and(
  eq(users.role, 'performer'),
  eq(users.status, 'active'),
  isNotNull(performerProfiles.documentsVerifiedAt),
);

/** `%q%` for ILIKE, with the wildcards of q taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The viewer's own subscription row to each creator (an alias: some callers join subscriptions too). */
const viewerSubscription = alias(subscriptions, 'viewer_subscription');

/**
 * Creators joined with their profile and, in the same query, whether the viewer follows each one
 * and has used its free subscription, and whether it blocked the viewer (left joins on the follows primary key and the unique
 * (fan, creator) subscription index: no query per row, no extra statement).
 */
const selectPerformers = <E extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  db: Executor,
  viewerId: Param<string> | null,
  extra?: E,
) =>
  db
    .select({
      user: accountColumns,
      profile: performerProfiles,
      isFollowed: sql<boolean>`(${follows.followerId} is not null)`,
      hasUsedFreeSubscription: sql<boolean>`(${viewerSubscription.freeClaimedAt} is not null)`,
      isBlockingViewer: isBlockingViewerSql,
      ...(extra ?? ({} as E)),
    })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .leftJoin(
      follows,
      viewerId ? and(eq(follows.performerId, users.id), eq(follows.followerId, viewerId)) : sql`false`,
    )
    .leftJoin(
      viewerSubscription,
      viewerId
        ? and(eq(viewerSubscription.fanId, viewerId), eq(viewerSubscription.performerId, users.id))
        : sql`false`,
    )
    .leftJoin(viewerBlocks, viewerBlockOn(users.id, viewerId));

const countPerformers = async (db: Executor, where: ReturnType<typeof and>) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where)
  )[0]?.n ?? 0;

/** `findPerformer`'s two forms, prepared once per database handle: every creator page runs one. */
const performerBy = preparedPerShape((handle, by) => {
  const match =
    by === 'id'
      ? eq(users.id, sql.placeholder('id'))
      : sql`lower(${users.username}) = ${sql.placeholder('username')}`;
  return selectPerformers(handle.db, sql.placeholder('viewerId'))
    .where(and(match, eq(users.role, 'performer')))
    .limit(1)
    .prepare(`performer_by_${by}`);
});

/** One creator by id or by username (any case), listed or not. */
export const findPerformer = async (
  handle: DbHandle,
  options: { id?: string; username?: string; viewerId: string | null },
): Promise<PerformerRow | null> => {
  const [row] = options.id
    ? await performerBy(handle, 'id').execute({ id: options.id, viewerId: options.viewerId })
    : await performerBy(handle, 'username').execute({
        username: (options.username ?? '').toLowerCase(),
        viewerId: options.viewerId,
      });
  return row ?? null;
};

/** A viewer's own state toward one creator: the part of a profile view that differs by viewer. */
export type ViewerState = Pick<PerformerRow, 'isFollowed' | 'hasUsedFreeSubscription' | 'isBlockingViewer'>;

/**
 * The viewer's follow, free subscription and block of one creator, by the creator's id: the same
 * joins as `selectPerformers` (the follows primary key, the unique (fan, creator) subscription and
 * block indexes) and nothing else, so a signed-in profile view whose public part this node keeps
 * (performers.service.ts) costs three index probes.
 */
const viewerStateRows = preparedPerShape((handle) =>
  handle.db
    .select({
      isFollowed: sql<boolean>`(${follows.followerId} is not null)`,
      hasUsedFreeSubscription: sql<boolean>`(${viewerSubscription.freeClaimedAt} is not null)`,
      isBlockingViewer: isBlockingViewerSql,
    })
    .from(users)
    .leftJoin(
      follows,
      and(eq(follows.performerId, users.id), eq(follows.followerId, sql.placeholder('viewerId'))),
    )
    .leftJoin(
      viewerSubscription,
      and(
        eq(viewerSubscription.fanId, sql.placeholder('viewerId')),
        eq(viewerSubscription.performerId, users.id),
      ),
    )
    .leftJoin(viewerBlocks, viewerBlockOn(users.id, sql.placeholder('viewerId')))
    .where(eq(users.id, sql.placeholder('performerId')))
    .limit(1)
    .prepare('performer_viewer_state'),
);

export const findViewerState = async (
  handle: DbHandle,
  options: { viewerId: string; performerId: string },
): Promise<ViewerState> => {
  const [row] = await viewerStateRows(handle, '').execute(options);
  return row ?? { isFollowed: false, hasUsedFreeSubscription: false, isBlockingViewer: false };
};

export type PerformerProfileRow = PerformerRow & {
  /** The creator blocked the viewer's country (access/geo.ts). */
  isGeoHidden: boolean;
  welcomeVideo: FileRow | null;
};

/**
 * One creator's public profile in one statement: the creator row (as `findPerformer`), the live
 * subscriber count (fans whose subscription runs at `now`, an index-only count on
 * subscriptions_performer_expiry_idx), the likes of the creator's content added to the profile's
 * own, the welcome video's file, and whether the creator blocked the viewer's country.
 *
 * Every profile view runs it, so its two forms (by id, by username) are built once per database
 * handle with placeholders and sent as named prepared statements: building this select in Drizzle
 * cost more of the server's time than PostgreSQL took to run it. A null viewer id matches no follow,
 * subscription or block, and a null country no country rule (the geo exemptions are the caller's:
 * it passes no country for an admin, and a creator is never hidden from themselves).
 */
const profileRows = preparedPerShape((handle, by) => {
  const likesOf = (table: string) =>
    sql.raw(`select "likes_count" as likes from "${table}" where "performer_id" = "users"."id"`);
  const match =
    by === 'id'
      ? eq(users.id, sql.placeholder('id'))
      : sql`lower(${users.username}) = ${sql.placeholder('username')}`;
  return selectPerformers(handle.db, sql.placeholder('viewerId'), {
    activeSubscribers: sql<number>`(select count(*)::int from "subscriptions" ls where ls."performer_id" = "users"."id" and ls."expired_at" > ${sql.placeholder('now')}::timestamptz)`,
    contentLikes: sql<string>`(select coalesce(sum(c.likes), 0) from (${likesOf('feeds')} union all ${likesOf('galleries')} union all ${likesOf('videos')} union all ${likesOf('products')}) c)`,
    welcomeVideo: sql<unknown>`(select ${jsonOf(files, 'wf')} from "files" wf where wf."id" = ${performerProfiles.welcomeVideoFileId})`,
    isGeoHidden: sql<boolean>`exists (select 1 from ${performerBlockedCountries} where ${performerBlockedCountries.performerId} = ${users.id} and ${performerBlockedCountries.countryCode} = ${sql.placeholder('country')}::text)`,
  })
    .where(and(match, eq(users.role, 'performer')))
    .limit(1)
    .prepare(`performer_profile_by_${by}`);
});

export const findPerformerProfileRow = async (
  handle: DbHandle,
  options: { id?: string; username?: string; viewer: GeoViewer; now: Date },
): Promise<PerformerProfileRow | null> => {
  const { viewer } = options;
  const values = {
    viewerId: viewer.actor?.id ?? null,
    now: options.now.toISOString(),
    country: viewer.actor?.role === 'admin' ? null : viewer.country,
  };
  const [row] = options.id
    ? await profileRows(handle, 'id').execute({ ...values, id: options.id })
    : await profileRows(handle, 'username').execute({
        ...values,
        username: (options.username ?? '').toLowerCase(),
      });
  if (!row) return null;
  const { activeSubscribers, contentLikes, welcomeVideo, isGeoHidden, ...rest } = row;
  const video = parsed(welcomeVideo) as Record<string, unknown> | null;
  return {
    ...rest,
    // A creator is never hidden from themselves.
    isGeoHidden: Boolean(isGeoHidden) && viewer.actor?.id !== rest.user.id,
    profile: {
      ...rest.profile,
      subscribersCount: Number(activeSubscribers),
      likesCount: rest.profile.likesCount + Number(contentLikes),
    },
    welcomeVideo: video ? decodeRow<FileRow>(files, video) : null,
  };
};

/**
 * The rows with `profile.subscribersCount` set to the number of fans whose subscription runs at
 * `now` (free, paid and cancelled-but-running alike), in one grouped query on
 * subscriptions_performer_expiry_idx. Counted, not cached: a subscription ends by time, with no
 * write that could keep a counter right.
 */
export async function withActiveSubscribers<T extends Pick<PerformerRow, 'user' | 'profile'>>(
  db: Executor,
  rows: T[],
  now: Date,
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const counts = await db
    .select({ performerId: subscriptions.performerId, n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        inArray(
          subscriptions.performerId,
          rows.map((r) => r.user.id),
        ),
        gt(subscriptions.expiredAt, now),
      ),
    )
    .groupBy(subscriptions.performerId);
  const byId = new Map(counts.map((c) => [c.performerId, Number(c.n)]));
  return rows.map((row) => ({
    ...row,
    profile: { ...row.profile, subscribersCount: byId.get(row.user.id) ?? 0 },
  }));
}

/**
 * The rows with `profile.likesCount` set to the likes of the creator and of their content (posts,
 * galleries, videos, products): the counters each row keeps with its likes, summed for the whole
 * page of creators in one grouped query on the `*_performer_*` indexes.
 */
export async function withContentLikes<T extends Pick<PerformerRow, 'user' | 'profile'>>(
  db: Executor,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => r.user.id);
  const likesOf = (table: typeof feeds | typeof galleries | typeof videos | typeof products) =>
    db
      .select({ performerId: table.performerId, likes: table.likesCount })
      .from(table)
      .where(inArray(table.performerId, ids));
  const content = unionAll(likesOf(feeds), likesOf(galleries), likesOf(videos), likesOf(products)).as(
    'content',
  );
  const sums = await db
    .select({ performerId: content.performerId, likes: sql<string>`sum(${content.likes})` })
    .from(content)
    .groupBy(content.performerId);
  const byId = new Map(sums.map((s) => [s.performerId, Number(s.likes)]));
  return rows.map((row) => ({
    ...row,
    profile: { ...row.profile, likesCount: row.profile.likesCount + (byId.get(row.user.id) ?? 0) },
  }));
}

/** Subscriber and like counts that are computed at read time, for a page of creators. */
export async function withLiveStats<T extends Pick<PerformerRow, 'user' | 'profile'>>(
  db: Executor,
  rows: T[],
  now: Date,
): Promise<T[]> {
  return withContentLikes(db, await withActiveSubscribers(db, rows, now));
}

/** The listed ones among some creator ids. */
export const findListedIds = async (db: Executor, ids: string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(inArray(users.id, ids), listedCondition));
  return rows.map((r) => r.id);
};

export const findExistingPerformerIds = async (db: Executor, ids: string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .where(inArray(performerProfiles.userId, ids));
  return rows.map((r) => r.id);
};

const searchWhere = (
  options: Pick<TPerformerSearchQuery, 'q' | 'country' | 'gender'> & { geo: GeoViewer },
) => {
  const pattern = options.q ? containsPattern(options.q) : null;
  return and(
    listedCondition,
    creatorListedForViewer(options.geo, users.id),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
    options.country ? eq(performerProfiles.country, options.country) : undefined,
    options.gender ? eq(users.gender, options.gender) : undefined,
  );
};

const searchOrder = (sortBy: TPerformerSearchQuery['sortBy']) => {
  switch (sortBy) {
    case 'newest':
      return [desc(users.createdAt), desc(users.id)];
    case 'online':
      return [sql`${performerProfiles.lastSeenAt} desc nulls last`, desc(users.id)];
    default:
      return [desc(performerProfiles.followersCount), desc(users.id)];
  }
};

/** The page query of creator search, unexecuted, so a test can EXPLAIN it. */
export const searchListedQuery = (
  db: Executor,
  options: Omit<TPerformerSearchQuery, 'offset' | 'limit'> & {
    offset: number;
    limit: number;
    viewerId: string | null;
    geo: GeoViewer;
  },
) =>
  selectPerformers(db, options.viewerId)
    .where(searchWhere(options))
    .orderBy(...searchOrder(options.sortBy))
    .offset(options.offset)
    .limit(options.limit);

/** Listed creators matching a name or username fragment, a country and a gender; two queries in all. */
export const searchListed = async (
  db: Executor,
  options: TPerformerSearchQuery & { viewerId: string | null; geo: GeoViewer },
): Promise<{ rows: PerformerRow[]; total: number }> => {
  const [rows, total] = await Promise.all([
    searchListedQuery(db, options),
    countPerformers(db, searchWhere(options)),
  ]);
  return { rows, total };
};

/** Listed creators by followers, most first. */
export const topListed = async (
  db: Executor,
  options: { offset: number; limit: number; viewerId: string | null; geo: GeoViewer },
): Promise<{ rows: PerformerRow[]; total: number }> => {
  const where = and(listedCondition, creatorListedForViewer(options.geo, users.id));
  const [rows, total] = await Promise.all([
    selectPerformers(db, options.viewerId)
      .where(where)
      .orderBy(desc(performerProfiles.followersCount), desc(users.id))
      .offset(options.offset)
      .limit(options.limit),
    countPerformers(db, where),
  ]);
  return { rows, total };
};

/** A few listed creators in random order. */
export const randomListed = (
  db: Executor,
  options: { limit: number; viewerId: string | null; geo: GeoViewer },
) =>
  selectPerformers(db, options.viewerId)
    .where(and(listedCondition, creatorListedForViewer(options.geo, users.id)))
    .orderBy(sql`random()`)
    .limit(options.limit);

/** A socials patch applied on top of the stored links (jsonb ||), inside the UPDATE itself. */
export const mergeSocials = (patch: PerformerSocials) =>
  sql`${performerProfiles.socials} || ${JSON.stringify(patch)}::jsonb`;

export const updateProfile = async (db: Executor, userId: string, patch: ProfilePatch) => {
  if (Object.keys(patch).length === 0) return;
  await db.update(performerProfiles).set(patch).where(eq(performerProfiles.userId, userId));
};

export const updateUser = async (db: Executor, userId: string, patch: Partial<typeof users.$inferInsert>) => {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, userId));
};

/** Records that a creator is online now (presence calls this). */
export const touchLastSeen = async (db: Executor, userId: string, at: Date) => {
  await db.update(performerProfiles).set({ lastSeenAt: at }).where(eq(performerProfiles.userId, userId));
};

const documentKindPrefix = 'performer-document:';

/** Identity document files of some creators, oldest first, in one query. */
export const findDocuments = async (db: Executor, ownerIds: string[]) => {
  if (ownerIds.length === 0) return [];
  return db
    .select({
      id: files.id,
      ownerId: files.ownerId,
      kind: files.kind,
      storageKey: files.storageKey,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(and(inArray(files.ownerId, ownerIds), sql`${files.kind} like ${`${documentKindPrefix}%`}`))
    .orderBy(asc(files.createdAt), asc(files.id));
};

export type DocumentRow = Awaited<ReturnType<typeof findDocuments>>[number];

/** The review queue: `pending` has neither verdict, `verified` and `rejected` the named one. */
const reviewWhere = (options: { status: 'pending' | 'verified' | 'rejected'; q?: string }) => {
  const pattern = options.q ? containsPattern(options.q) : null;
  return and(
    eq(users.role, 'performer'),
    options.status === 'verified'
      ? isNotNull(performerProfiles.documentsVerifiedAt)
      : options.status === 'rejected'
        ? and(isNull(performerProfiles.documentsVerifiedAt), isNotNull(performerProfiles.documentsRejectedAt))
        : and(isNull(performerProfiles.documentsVerifiedAt), isNull(performerProfiles.documentsRejectedAt)),
    pattern
      ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern))
      : undefined,
  );
};

export const listForReview = async (
  db: Executor,
  options: { status: 'pending' | 'verified' | 'rejected'; q?: string; offset: number; limit: number },
): Promise<{ rows: PerformerRow[]; total: number }> => {
  const where = reviewWhere(options);
  const [rows, total] = await Promise.all([
    selectPerformers(db, null)
      // The oldest request first while waiting; the latest decision first afterwards.
      .where(where)
      .orderBy(
        ...(options.status === 'pending'
          ? [asc(users.createdAt), asc(users.id)]
          : [desc(performerProfiles.updatedAt), desc(users.id)]),
      )
      .offset(options.offset)
      .limit(options.limit),
    countPerformers(db, where),
  ]);
  return { rows, total };
};

/**
 * Sets the verdict on a creator's documents; answers whether it changed (so the creator is
 * mailed once), or null when there is no such creator.
 */
export const setDocumentsVerdict = async (
  db: Executor,
  options: { userId: string; verdict: 'verified' | 'rejected'; at: Date },
): Promise<boolean | null> => {
  const changed = await db
    .update(performerProfiles)
    .set(
      options.verdict === 'verified'
        ? { documentsVerifiedAt: options.at, documentsRejectedAt: null }
        : { documentsVerifiedAt: null, documentsRejectedAt: options.at },
    )
    .where(
      and(
        eq(performerProfiles.userId, options.userId),
        options.verdict === 'verified'
          ? isNull(performerProfiles.documentsVerifiedAt)
          : or(
              isNotNull(performerProfiles.documentsVerifiedAt),
              isNull(performerProfiles.documentsRejectedAt),
            ),
      ),
    )
    .returning({ id: performerProfiles.userId });
  if (changed.length > 0) return true;
  return (await findExistingPerformerIds(db, [options.userId])).length > 0 ? false : null;
};
