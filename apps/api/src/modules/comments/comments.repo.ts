import type { TCommentObjectType } from '@fanstage/contract';
import {
  and,
  asc,
  comments,
  desc,
  type Executor,
  eq,
  feeds,
  galleries,
  inArray,
  isNull,
  or,
  products,
  reactions,
  sql,
  type Transaction,
  users,
  videos,
} from '@fanstage/db';
import { bumpCounter, type CounterColumn } from '../../lib/counters';
import { notHidden } from '../access/hidden';

export type CommentRow = typeof comments.$inferSelect;
export type CommentAuthor = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'avatarPath'>;

/** Where each kind of object keeps its comments_count. */
const commentCounters: Record<TCommentObjectType, CounterColumn> = {
  feed: { table: feeds, key: feeds.id, counter: feeds.commentsCount },
  video: { table: videos, key: videos.id, counter: videos.commentsCount },
  gallery: { table: galleries, key: galleries.id, counter: galleries.commentsCount },
  product: { table: products, key: products.id, counter: products.commentsCount },
};

/** Adds `by` to the object's comments_count; answers the new value. */
const bumpComments = (tx: Transaction, type: TCommentObjectType, id: string, by: number): Promise<number> =>
  bumpCounter(tx, commentCounters[type], id, by);

export async function findComment(db: Executor, id: string): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row ?? null;
}

/** Inserts a comment and bumps the object's comments_count (and the parent's replies) in one transaction. */
export const insertComment = (db: Executor, values: typeof comments.$inferInsert) =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values(values).returning();
    await bumpComments(tx, values.objectType, values.objectId, 1);
    if (values.parentId) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} + 1` })
        .where(eq(comments.id, values.parentId));
    }
    return row!;
  });

/**
 * Deletes a comment with its replies and their likes, lowering the counts by what was removed, in
 * one transaction. A racing second delete removes nothing and changes no count.
 */
export const deleteCommentTree = (db: Executor, row: CommentRow) =>
  db.transaction(async (tx) => {
    const replies = await tx
      .delete(comments)
      .where(eq(comments.parentId, row.id))
      .returning({ id: comments.id });
    const self = await tx.delete(comments).where(eq(comments.id, row.id)).returning({ id: comments.id });
    const removed = [...replies, ...self].map((r) => r.id);
    if (removed.length > 0) {
      await tx
        .delete(reactions)
        .where(and(eq(reactions.objectType, 'comment'), inArray(reactions.objectId, removed)));
    }
    if (self.length > 0 && row.parentId) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} - 1` })
        .where(eq(comments.id, row.parentId));
    }
    const commentsCount = await bumpComments(tx, row.objectType, row.objectId, -removed.length);
    return { deleted: removed.length, commentsCount };
  });

/** A page of comments on an object (top level, or the replies of `parentId`), with their authors. */
export async function listComments(
  db: Executor,
  options: {
    objectType: TCommentObjectType;
    objectId: string;
    parentId: string | null;
    offset: number;
    limit: number;
    sort: 'asc' | 'desc';
    /** Who reads: comments moderators hid are kept only for their author and admins. */
    viewer: { id: string; role: string } | null;
  },
): Promise<{ rows: { comment: CommentRow; author: CommentAuthor }[]; total: number }> {
  const { viewer } = options;
  const where = and(
    eq(comments.objectType, options.objectType),
    eq(comments.objectId, options.objectId),
    options.parentId ? eq(comments.parentId, options.parentId) : isNull(comments.parentId),
    viewer?.role === 'admin'
      ? undefined
      : viewer
        ? or(notHidden(comments), eq(comments.userId, viewer.id))
        : notHidden(comments),
  );
  const order = options.sort === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select({
        comment: comments,
        author: { id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath },
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(order(comments.createdAt), order(comments.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(comments).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The creator who owns a commented object (null when it is gone). */
export async function findObjectOwnerId(
  db: Executor,
  type: TCommentObjectType,
  id: string,
): Promise<string | null> {
  const table = { feed: feeds, video: videos, gallery: galleries, product: products }[type];
  const [row] = await db.select({ ownerId: table.performerId }).from(table).where(eq(table.id, id));
  return row?.ownerId ?? null;
}

export async function findAuthor(db: Executor, userId: string): Promise<CommentAuthor | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Removes what fans left on an object that is being deleted: its likes and bookmarks, its comments
 * and the likes on those comments. Reactions and comments point at objects of several kinds, so no
 * foreign key can cascade; the deleting service calls this in its own transaction.
 */
export async function deleteSocialTraces(
  tx: Transaction,
  objectType: TCommentObjectType,
  objectId: string,
): Promise<void> {
  const commentIds = tx
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.objectType, objectType), eq(comments.objectId, objectId)));
  await tx
    .delete(reactions)
    .where(and(eq(reactions.objectType, 'comment'), inArray(reactions.objectId, commentIds)));
  await tx.delete(comments).where(and(eq(comments.objectType, objectType), eq(comments.objectId, objectId)));
  await tx
    .delete(reactions)
    .where(and(eq(reactions.objectType, objectType), eq(reactions.objectId, objectId)));
}
