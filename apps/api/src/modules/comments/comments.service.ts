import type { TComment, TCommentCreate, TCommentListQuery } from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { assertAccess } from '../access/access';
import { hiddenStateOf, isHiddenFrom, maySeeHidden } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import { findLikedIds } from '../reactions/reactions.repo';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import {
  type CommentAuthor,
  type CommentRow,
  deleteCommentTree,
  findAuthor,
  findComment,
  insertComment,
  listComments,
} from './comments.repo';

/**
 * The object's creator, when the actor may view its content (a locked item's comments are for
 * those who unlocked it): 403 when it is locked for them, 404 when they may not see it at all.
 */
async function findViewableObject(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    country: string | null;
    type: TComment['objectType'];
    id: string;
    action: 'unlock' | 'comment';
  },
): Promise<{ ownerId: string }> {
  const verdict = await assertAccess(ctx, { ...options, resource: options.type });
  return { ownerId: verdict.performerId };
}

const canDelete = (actor: Actor | null, row: CommentRow, ownerId: string | null) =>
  actor !== null && (row.userId === actor.id || ownerId === actor.id || actor.role === 'admin');

function present(
  actor: Actor | null,
  object: { ownerId: string },
  row: { comment: CommentRow; author: CommentAuthor },
  likedIds: Set<string>,
): TComment {
  const { comment, author } = row;
  return {
    _id: comment.id,
    objectType: comment.objectType,
    objectId: comment.objectId,
    parentId: comment.parentId,
    content: comment.text,
    author: {
      _id: author.id,
      name: author.name,
      username: author.username,
      avatar: publicFileUrl(author.avatarPath) ?? defaultAvatarUrl,
    },
    totalReply: comment.repliesCount,
    totalLike: comment.likesCount,
    isLiked: likedIds.has(comment.id),
    canDelete: canDelete(actor, comment, object.ownerId),
    hidden: maySeeHidden(actor, comment.userId) ? hiddenStateOf(comment) : null,
    createdAt: comment.createdAt.toISOString(),
  };
}

/**
 * Comments on an object the actor may view (403 when it is locked for them, 404 when invisible).
 * A reply names a comment of the same object; a reply to a reply joins its thread (one level).
 */
export async function createComment(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TCommentCreate },
): Promise<TComment> {
  const { actor, country, input } = options;
  const object = await findViewableObject(ctx, {
    actor,
    country,
    type: input.objectType,
    id: input.objectId,
    action: 'comment',
  });
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(ctx.db.db, input.parentId);
    if (
      !parent ||
      parent.objectType !== input.objectType ||
      parent.objectId !== input.objectId ||
      isHiddenFrom(parent, actor, parent.userId)
    ) {
      throw notFound('That comment');
    }
    parentId = parent.parentId ?? parent.id;
  }
  const row = await insertComment(ctx.db.db, {
    objectType: input.objectType,
    objectId: input.objectId,
    parentId,
    userId: actor.id,
    text: input.content,
  });
  const author = (await findAuthor(ctx.db.db, actor.id))!;
  return present(actor, object, { comment: row, author }, new Set());
}

/**
 * A page of an object's comments (or of one comment's replies), with authors and reply counts.
 * Visitors read the comments of what they may view (free items); writing needs a login.
 */
export async function listObjectComments(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TCommentListQuery },
): Promise<{ data: TComment[]; total: number }> {
  const { actor, country, query } = options;
  const object = await findViewableObject(ctx, {
    actor,
    country,
    type: query.objectType,
    id: query.objectId,
    action: 'unlock',
  });
  if (query.parentId) {
    // The replies of a comment moderators hid are gone with it (for all but its author and admins).
    const parent = await findComment(ctx.db.db, query.parentId);
    if (parent && isHiddenFrom(parent, actor, parent.userId)) throw notFound('That comment');
  }
  const { rows, total } = await listComments(ctx.db.db, {
    ...query,
    parentId: query.parentId ?? null,
    viewer: actor,
  });
  const likedIds = actor
    ? await findLikedIds(ctx.db.db, {
        userId: actor.id,
        objectType: 'comment',
        objectIds: rows.map((r) => r.comment.id),
      })
    : new Set<string>();
  return { data: rows.map((row) => present(actor, object, row, likedIds)), total };
}

/**
 * Deletes a comment and its replies: its author, the creator who owns the object, or an admin.
 * Anyone else gets the same 404 as for a missing comment.
 */
export async function deleteComment(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ _id: string; deleted: number; commentsCount: number }> {
  const { actor, id } = options;
  await assertAccess(ctx, { actor, country: null, action: 'delete', resource: 'comment', id });
  const row = await findComment(ctx.db.db, id);
  if (!row) throw notFound('That comment');
  return { _id: id, ...(await deleteCommentTree(ctx.db.db, row)) };
}

/**
 * Deletes a comment and its replies whoever asked (a moderator, whose `inTransaction` writes the
 * audit row with it); 404 when it is gone.
 */
export async function removeComment(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const row = await findComment(ctx.db.db, options.id);
  if (!row) throw notFound('That comment');
  await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    await deleteCommentTree(tx, row);
  });
}
