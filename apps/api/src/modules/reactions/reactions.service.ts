import type {
  TBookmark,
  TBookmarkType,
  TReactionObjectType,
  TReactionRequest,
  TReactionState,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { assertAccess } from '../access/access';
import type { Actor } from '../auth/sessions';
import { findVisibleObject } from './reaction-objects';
import { deleteReaction, findReactedIds, hasReaction, insertReaction, listReactions } from './reactions.repo';

const objectTypeOf: Record<TBookmarkType, TReactionObjectType> = {
  feeds: 'feed',
  videos: 'video',
  galleries: 'gallery',
  products: 'product',
  performers: 'performer',
};

/**
 * Likes or bookmarks an object the actor may see as a card (a locked post may be liked; an
 * invisible creator's item is 404). Twice keeps one row and an exact likes count.
 */
export async function react(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReactionRequest },
): Promise<TReactionState> {
  const { actor, country, input } = options;
  await assertAccess(ctx, {
    actor,
    country,
    action: 'react',
    resource: input.objectType,
    id: input.objectId,
  });
  const likesCount = await insertReaction(ctx.db.db, { userId: actor.id, ...input });
  return { ...input, isReacted: true, likesCount };
}

/**
 * Removes a like or bookmark. Idempotent: removing one that is not there answers the same state;
 * an object that is gone or never was visible is 404 unless the actor had reacted to it.
 */
export async function unreact(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReactionRequest },
): Promise<TReactionState> {
  const { actor, country, input } = options;
  const key = { userId: actor.id, ...input };
  if (!(await hasReaction(ctx.db.db, key))) {
    await assertAccess(ctx, {
      actor,
      country,
      action: 'react',
      resource: input.objectType,
      id: input.objectId,
    });
  }
  const likesCount = await deleteReaction(ctx.db.db, key);
  return { ...input, isReacted: false, likesCount };
}

/**
 * The actor's bookmarks of one type, newest first, each as a small card. Objects that are gone or
 * no longer visible stay listed (the fan may remove them) as unavailable cards.
 */
export async function listMyBookmarks(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; type: TBookmarkType; offset: number; limit: number },
): Promise<{ data: TBookmark[]; total: number }> {
  const { actor, country } = options;
  const objectType = objectTypeOf[options.type];
  const { rows, total } = await listReactions(ctx.db.db, {
    userId: actor.id,
    objectType,
    action: 'bookmark',
    offset: options.offset,
    limit: options.limit,
  });
  // One resolve per card through each module's own visibility rule; pages are at most 50.
  const data = await Promise.all(
    rows.map(async (row): Promise<TBookmark> => {
      const base = { objectType, objectId: row.objectId, bookmarkedAt: row.createdAt.toISOString() };
      try {
        const object = await findVisibleObject(ctx, { actor, country, type: objectType, id: row.objectId });
        return {
          ...base,
          isAvailable: true,
          title: object.title,
          performer: object.performer,
          thumbnail: object.thumbnail,
          isLocked: !object.canView,
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        return { ...base, isAvailable: false, title: '', performer: null, thumbnail: null, isLocked: true };
      }
    }),
  );
  return { data, total };
}

export interface ViewerReactions {
  isLiked: boolean;
  isBookmarked: boolean;
}

/**
 * The viewer's likes and bookmarks on a page of objects of one type, in two queries; a visitor has
 * none. Answers a look-up for each id.
 */
export async function loadViewerReactions(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id'> | null; objectType: TReactionObjectType; objectIds: string[] },
): Promise<(id: string) => ViewerReactions> {
  const { actor, objectType, objectIds } = options;
  if (!actor || objectIds.length === 0) return () => ({ isLiked: false, isBookmarked: false });
  const [liked, bookmarked] = await Promise.all(
    (['like', 'bookmark'] as const).map((action) =>
      findReactedIds(ctx.db.db, { userId: actor.id, objectType, objectIds, action }),
    ),
  );
  return (id) => ({ isLiked: liked!.has(id), isBookmarked: bookmarked!.has(id) });
}
