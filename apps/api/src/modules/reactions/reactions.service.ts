import type {
  TBookmark,
  TBookmarkType,
  TReactionObjectType,
  TReactionRequest,
  TReactionState,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { assertAccess, decideCreator } from '../access/access';
import type { BulkViewer, ContentCard } from '../access/visibility';
import { findAssetCards, findVisibleAssetIds } from '../assets/assets.cards';
import type { Actor } from '../auth/sessions';
import { findFeedCards, findVisibleFeedIds } from '../feeds/feeds.bulk';
import { findCreatorStanding, findPerformerCards } from '../performers/performers.cards';
import { deleteReaction, insertReaction, listReactions } from './reactions.repo';

const objectTypeOf: Record<TBookmarkType, TReactionObjectType> = {
  feeds: 'feed',
  videos: 'video',
  galleries: 'gallery',
  products: 'product',
  performers: 'performer',
};

const names: Record<TReactionObjectType, string> = {
  feed: 'That post',
  video: 'That video',
  gallery: 'That gallery',
  product: 'That product',
  performer: 'That creator',
  comment: 'That comment',
};

type Bulk = BulkViewer & { ids: string[] };

/** Each content module's own "which of these ids may this actor see", one statement. */
const visibleIdsOf: Record<
  Exclude<TReactionObjectType, 'performer' | 'comment'>,
  (ctx: AppContext, options: Bulk) => Promise<Map<string, unknown>>
> = {
  feed: findVisibleFeedIds,
  video: (ctx, options) => findVisibleAssetIds(ctx, 'video', options),
  gallery: (ctx, options) => findVisibleAssetIds(ctx, 'gallery', options),
  product: (ctx, options) => findVisibleAssetIds(ctx, 'product', options),
};

/** Each content module's own "the cards for these ids", one statement. */
const cardsOf: Record<
  Exclude<TReactionObjectType, 'comment'>,
  (ctx: AppContext, options: Bulk) => Promise<Map<string, ContentCard>>
> = {
  feed: findFeedCards,
  video: (ctx, options) => findAssetCards(ctx, 'video', options),
  gallery: (ctx, options) => findAssetCards(ctx, 'gallery', options),
  product: (ctx, options) => findAssetCards(ctx, 'product', options),
  performer: findPerformerCards,
};

/**
 * Refuses (404, or the creator gate's 403 and 422) unless the actor may like or bookmark this
 * object; one statement for a post, an asset or a creator (the access module's rule for comments).
 */
async function assertMayReact(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReactionRequest },
): Promise<void> {
  const { actor, country, input } = options;
  const { objectType: type, objectId: id } = input;
  if (type === 'comment') {
    await assertAccess(ctx, { actor, country, action: 'react', resource: 'comment', id });
    return;
  }
  if (type === 'performer') {
    const standing = (await findCreatorStanding(ctx, { actor, country, ids: [id] })).get(id);
    const verdict = decideCreator(actor, 'react', id, standing ?? { visible: false, blocksActor: false });
    if (!verdict.allowed) {
      const code = {
        401: 'UNAUTHENTICATED',
        403: 'FORBIDDEN',
        404: 'NOT_FOUND',
        422: 'UNPROCESSABLE',
      } as const;
      throw new AppError(code[verdict.status], verdict.message);
    }
    return;
  }
  const visible = await visibleIdsOf[type](ctx, { actor, country, ids: [id] });
  if (!visible.has(id)) throw notFound(names[type]);
}

/**
 * Likes or bookmarks an object the actor may see as a card (a locked post may be liked; an
 * invisible creator's item is 404). Twice keeps one row and an exact likes count.
 */
export async function react(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReactionRequest },
): Promise<TReactionState> {
  await assertMayReact(ctx, options);
  const { actor, input } = options;
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
  const { actor, input } = options;
  const { deleted, likesCount } = await deleteReaction(ctx.db.db, { userId: actor.id, ...input });
  // Nothing to remove: the object must still be one the actor may see (404 otherwise).
  if (!deleted) await assertMayReact(ctx, options);
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
  // One statement for the whole page, whatever its size: the content module's cards.
  const cards =
    objectType === 'comment'
      ? new Map<string, ContentCard>()
      : await cardsOf[objectType](ctx, { actor, country, ids: rows.map((r) => r.objectId) });
  const data = rows.map((row): TBookmark => {
    const base = { objectType, objectId: row.objectId, bookmarkedAt: row.createdAt.toISOString() };
    const card = cards.get(row.objectId);
    if (!card) {
      return { ...base, isAvailable: false, title: '', performer: null, thumbnail: null, isLocked: true };
    }
    return {
      ...base,
      isAvailable: true,
      title: card.title,
      performer: card.performer,
      thumbnail: card.thumbnail,
      isLocked: !card.canView,
    };
  });
  return { data, total };
}
