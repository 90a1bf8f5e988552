import type { TReactionAction, TReactionObjectType } from '@fanstage/contract';
import {
  and,
  comments,
  desc,
  type Executor,
  eq,
  feeds,
  galleries,
  inArray,
  performerProfiles,
  products,
  reactions,
  sql,
  type Transaction,
  videos,
} from '@fanstage/db';
import { bumpCounter, type CounterColumn } from '../../lib/counters';

export type ReactionRow = typeof reactions.$inferSelect;
interface ReactionKey {
  userId: string;
  objectType: TReactionObjectType;
  objectId: string;
  action: TReactionAction;
}

/** Where each kind of object keeps its likes_count. */
const likeCounters: Record<TReactionObjectType, CounterColumn> = {
  feed: { table: feeds, key: feeds.id, counter: feeds.likesCount },
  video: { table: videos, key: videos.id, counter: videos.likesCount },
  gallery: { table: galleries, key: galleries.id, counter: galleries.likesCount },
  product: { table: products, key: products.id, counter: products.likesCount },
  performer: {
    table: performerProfiles,
    key: performerProfiles.userId,
    counter: performerProfiles.likesCount,
  },
  comment: { table: comments, key: comments.id, counter: comments.likesCount },
};

/** Adds `by` to the object's likes_count and answers the new value (0 when the object is gone). */
const bumpLikes = (tx: Transaction, type: TReactionObjectType, id: string, by: number): Promise<number> =>
  bumpCounter(tx, likeCounters[type], id, by);

/** The object's cached likes count, read without changing it. */
const likesOf = (tx: Transaction, type: TReactionObjectType, id: string) => bumpLikes(tx, type, id, 0);

const keyWhere = (key: ReactionKey) =>
  and(
    eq(reactions.userId, key.userId),
    eq(reactions.objectType, key.objectType),
    eq(reactions.objectId, key.objectId),
    eq(reactions.action, key.action),
  );

/**
 * Adds the reaction and, for a like, bumps the object's likes_count in the same transaction. A
 * repeat (or a racing duplicate) inserts nothing and leaves the count alone.
 */
export const insertReaction = (db: Executor, key: ReactionKey) =>
  db.transaction(async (tx) => {
    const inserted = await tx.insert(reactions).values(key).onConflictDoNothing().returning();
    if (key.action !== 'like') return likesOf(tx, key.objectType, key.objectId);
    return inserted.length > 0
      ? bumpLikes(tx, key.objectType, key.objectId, 1)
      : likesOf(tx, key.objectType, key.objectId);
  });

/** Removes the reaction and lowers likes_count for a like; nothing changes when there was none. */
export const deleteReaction = (db: Executor, key: ReactionKey) =>
  db.transaction(async (tx) => {
    const deleted = await tx.delete(reactions).where(keyWhere(key)).returning();
    if (key.action !== 'like') return likesOf(tx, key.objectType, key.objectId);
    return deleted.length > 0
      ? bumpLikes(tx, key.objectType, key.objectId, -1)
      : likesOf(tx, key.objectType, key.objectId);
  });

/** Whether the reaction exists. */
export async function hasReaction(db: Executor, key: ReactionKey): Promise<boolean> {
  const rows = await db.select({ u: reactions.userId }).from(reactions).where(keyWhere(key)).limit(1);
  return rows.length > 0;
}

/** One user's reactions of one action and object type, newest first. */
export async function listReactions(
  db: Executor,
  options: {
    userId: string;
    objectType: TReactionObjectType;
    action: TReactionAction;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ReactionRow[]; total: number }> {
  const where = and(
    eq(reactions.userId, options.userId),
    eq(reactions.action, options.action),
    eq(reactions.objectType, options.objectType),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(reactions)
      .where(where)
      .orderBy(desc(reactions.createdAt), desc(reactions.objectId))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(reactions).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Which of these object ids the user has liked (for presenting lists). */
export const findLikedIds = (
  db: Executor,
  options: { userId: string; objectType: TReactionObjectType; objectIds: string[] },
): Promise<Set<string>> => findReactedIds(db, { ...options, action: 'like' });

/** Which of these object ids the user has reacted to with this action, in one query. */
export async function findReactedIds(
  db: Executor,
  options: {
    userId: string;
    objectType: TReactionObjectType;
    objectIds: string[];
    action: 'like' | 'bookmark';
  },
): Promise<Set<string>> {
  if (options.objectIds.length === 0) return new Set();
  const rows = await db
    .select({ id: reactions.objectId })
    .from(reactions)
    .where(
      and(
        eq(reactions.userId, options.userId),
        eq(reactions.action, options.action),
        eq(reactions.objectType, options.objectType),
        inArray(reactions.objectId, options.objectIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
