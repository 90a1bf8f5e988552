import {
  and,
  desc,
  type Executor,
  eq,
  follows,
  performerProfiles,
  sql,
  subscriptions,
  type Transaction,
  users,
} from '@fanstage/db';
import { isBlockingViewerSql, viewerBlockOn, viewerBlocks } from '../access/blocks';
import { type GeoViewer, geoVisibleCondition } from '../access/geo';
import { listedCondition, type PerformerRow } from '../performers/performers.repo';

const followersCountOf = async (db: Executor, performerId: string) =>
  (
    await db
      .select({ n: performerProfiles.followersCount })
      .from(performerProfiles)
      .where(eq(performerProfiles.userId, performerId))
  )[0]?.n ?? 0;

const bumpFollowers = async (tx: Transaction, performerId: string, by: 1 | -1) =>
  (
    await tx
      .update(performerProfiles)
      .set({ followersCount: sql`${performerProfiles.followersCount} + ${by}` })
      .where(eq(performerProfiles.userId, performerId))
      .returning({ n: performerProfiles.followersCount })
  )[0]?.n ?? 0;

/**
 * Adds the follow row and bumps the creator's followers_count in one transaction. A repeat (or a
 * racing duplicate) inserts nothing and leaves the count alone, so the count equals count(*).
 */
export const insertFollow = (db: Executor, options: { followerId: string; performerId: string }) =>
  db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId: options.followerId, performerId: options.performerId })
      .onConflictDoNothing()
      .returning({ performerId: follows.performerId });
    return inserted.length > 0
      ? bumpFollowers(tx, options.performerId, 1)
      : followersCountOf(tx, options.performerId);
  });

/** Removes the follow row and lowers the count in one transaction; `removed` is false when there was none. */
export const deleteFollow = (db: Executor, options: { followerId: string; performerId: string }) =>
  db.transaction(async (tx) => {
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, options.followerId), eq(follows.performerId, options.performerId)))
      .returning({ performerId: follows.performerId });
    return deleted.length > 0
      ? { removed: true, followers: await bumpFollowers(tx, options.performerId, -1) }
      : { removed: false, followers: await followersCountOf(tx, options.performerId) };
  });

/** The creators someone follows, latest first; unlisted ones only when `includeUnlisted` (admins). */
export const listFollowing = async (
  db: Executor,
  options: { followerId: string; geo: GeoViewer; offset: number; limit: number; includeUnlisted: boolean },
): Promise<{ rows: (PerformerRow & { followedAt: Date })[]; total: number }> => {
  const where = and(
    eq(follows.followerId, options.followerId),
    options.includeUnlisted ? eq(users.role, 'performer') : listedCondition,
    geoVisibleCondition(options.geo, users.id),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        user: users,
        profile: performerProfiles,
        isFollowed: sql<boolean>`true`,
        hasUsedFreeSubscription: sql<boolean>`(${subscriptions.freeClaimedAt} is not null)`,
        isBlockingViewer: isBlockingViewerSql,
        followedAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      // The follower is the viewer here: their free subscription, in the same query.
      .leftJoin(
        subscriptions,
        and(eq(subscriptions.fanId, follows.followerId), eq(subscriptions.performerId, users.id)),
      )
      .leftJoin(viewerBlocks, viewerBlockOn(users.id, follows.followerId))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(follows.performerId))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};

/** The active accounts following a creator, latest first. */
export const listFollowers = async (
  db: Executor,
  options: { performerId: string; offset: number; limit: number },
) => {
  const where = and(eq(follows.performerId, options.performerId), eq(users.status, 'active'));
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, followedAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(follows.followerId))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};
