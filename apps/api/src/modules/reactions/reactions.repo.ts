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
  videos,
} from '@fanstage/db';
import type { CounterColumn } from '../../lib/counters';

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

const keyWhere = (key: ReactionKey) =>
  and(
    eq(reactions.userId, key.userId),
    eq(reactions.objectType, key.objectType),
    eq(reactions.objectId, key.objectId),
    eq(reactions.action, key.action),
  );

const likesOf = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);
type Rows = { rows: { n: number | string; changed?: number | string }[] };

/**
 * Adds the reaction and, for a like, bumps the object's likes_count: one statement (a
 * data-modifying WITH), so the count moves with the row it counts. A repeat (or a racing
 * duplicate) inserts nothing and leaves the count alone. Answers the likes count (0 when the
 * object is gone).
 */
export async function insertReaction(db: Executor, key: ReactionKey): Promise<number> {
  const { table, key: keyColumn, counter } = likeCounters[key.objectType];
  const inserted = sql`insert into ${reactions} (user_id, object_type, object_id, action) values (${key.userId}, ${key.objectType}, ${key.objectId}, ${key.action}) on conflict do nothing returning 1`;
  const result = (await db.execute(
    key.action === 'like'
      ? sql`with inserted as (${inserted}) update ${table} set ${sql.identifier(counter.name)} = ${counter} + (select count(*) from inserted) where ${keyColumn} = ${key.objectId} returning ${counter} as n`
      : sql`with inserted as (${inserted}) select ${counter} as n from ${table} where ${keyColumn} = ${key.objectId}`,
  )) as unknown as Rows;
  return likesOf(result.rows);
}

/**
 * Removes the reaction and lowers likes_count for a like, in one statement; nothing changes when
 * there was none. Answers whether a row went and the likes count (0 when the object is gone).
 */
export async function deleteReaction(
  db: Executor,
  key: ReactionKey,
): Promise<{ deleted: boolean; likesCount: number }> {
  const { table, key: keyColumn, counter } = likeCounters[key.objectType];
  const deleted = sql`delete from ${reactions} where ${keyWhere(key)} returning 1`;
  const likes =
    key.action === 'like'
      ? sql`update ${table} set ${sql.identifier(counter.name)} = ${counter} - (select count(*) from deleted) where ${keyColumn} = ${key.objectId} returning ${counter} as n`
      : sql`select ${counter} as n from ${table} where ${keyColumn} = ${key.objectId}`;
  const result = (await db.execute(
    sql`with deleted as (${deleted}), likes as (${likes}) select (select n from likes) as n, (select count(*) from deleted) as changed`,
  )) as unknown as Rows;
  const row = result.rows[0];
  return { deleted: Number(row?.changed ?? 0) > 0, likesCount: Number(row?.n ?? 0) };
}

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
