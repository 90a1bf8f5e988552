import type { TReactionObjectType } from '@fanstage/contract';
import type { AppContext } from '../../context';
import type { Actor } from '../auth/sessions';
import { findReactedIds } from './reactions.repo';

/*
 * What the content modules read of reactions: the viewer's own likes and bookmarks on a page of
 * their items. A leaf (it imports no content module), so content modules may present reactions
 * while reactions asks them for cards (feeds.bulk.ts, assets.cards.ts) with no import circle.
 */

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
