import { comments, eq, inArray, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { isHiddenFrom } from '../access/hidden';
import { getPublicGallery } from '../assets/galleries.service';
import { getPublicProduct } from '../assets/products.service';
import { getPublicVideo } from '../assets/videos.service';
import type { Actor } from '../auth/sessions';
import { getFeed } from '../feeds/feeds.service';
import { findVisiblePerformer } from '../performers/performers.access';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';

/*
 * The objects fans react to, comment on and report, each resolved through its own module's
 * visibility rule (the creator gate, then the content gate). Missing and invisible are the same
 * 404. What comes back is a small card: what a bookmark shows, and whether the actor may view the
 * content itself (`canView`: commenting needs it; liking and bookmarking need only the card).
 */

export type SocialObjectType = 'feed' | 'video' | 'gallery' | 'product' | 'performer' | 'comment';

export interface SocialObject {
  type: SocialObjectType;
  id: string;
  /** The creator who owns it (for a comment: the creator of the commented object). */
  ownerId: string;
  title: string;
  performer: { _id: string; name: string; username: string | null } | null;
  /** A thumbnail URL for viewers with access; a blurred preview (data: URI) or default otherwise. */
  thumbnail: string | null;
  canView: boolean;
}

type MediaLike = { preview?: string; urls?: { thumbnail?: string } } | null | undefined;
const thumbOf = (m: MediaLike): string | null => m?.urls?.thumbnail ?? m?.preview ?? null;
const snippet = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

async function performerCard(ctx: AppContext, performerId: string) {
  const [row] = await ctx.db.db
    .select({ _id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(inArray(users.id, [performerId]));
  return row ?? null;
}

const withNotFound =
  (what: string) =>
  (error: unknown): never => {
    if (error instanceof Error && 'code' in error && error.code === 'NOT_FOUND') throw notFound(what);
    throw error;
  };

/** One object the actor may see, as a card; 404 "That <thing> was not found." otherwise. */
export async function findVisibleObject(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    /** The request's country: a creator who blocked it is missing, with everything of theirs. */
    country: string | null;
    type: SocialObjectType;
    id: string;
  },
): Promise<SocialObject> {
  const { actor, country, type, id } = options;
  switch (type) {
    case 'feed': {
      const feed = await getFeed(ctx, { actor, country, id });
      return {
        type,
        id,
        ownerId: feed.performer._id,
        // A locked post's card shows only its public line: its text is what is sold.
        title: snippet(feed.text || feed.previewText),
        performer: { _id: feed.performer._id, name: feed.performer.name, username: feed.performer.username },
        thumbnail: feed.thumbnail.url,
        canView: feed.canView,
      };
    }
    case 'video': {
      const video = await getPublicVideo(ctx, { actor, country, id });
      return {
        type,
        id,
        ownerId: video.performerId,
        title: video.title,
        performer: await performerCard(ctx, video.performerId),
        thumbnail: thumbOf(video.thumbnail),
        canView: !video.isLocked,
      };
    }
    case 'gallery': {
      const gallery = await getPublicGallery(ctx, { actor, country, id });
      return {
        type,
        id,
        ownerId: gallery.performerId,
        title: gallery.title,
        performer: await performerCard(ctx, gallery.performerId),
        thumbnail: thumbOf(gallery.cover),
        canView: !gallery.isLocked,
      };
    }
    case 'product': {
      const product = await getPublicProduct(ctx, { actor, country, id });
      return {
        type,
        id,
        ownerId: product.performerId,
        title: product.name,
        performer: await performerCard(ctx, product.performerId),
        thumbnail: thumbOf(product.images[0]),
        canView: true,
      };
    }
    case 'performer': {
      const row = await findVisiblePerformer(ctx, { actor, country, idOrUsername: id });
      return {
        type,
        id: row.user.id,
        ownerId: row.user.id,
        title: row.user.name,
        performer: { _id: row.user.id, name: row.user.name, username: row.user.username },
        thumbnail: publicFileUrl(row.user.avatarPath) ?? defaultAvatarUrl,
        canView: true,
      };
    }
    case 'comment': {
      const [row] = await ctx.db.db.select().from(comments).where(eq(comments.id, id));
      if (!row || isHiddenFrom(row, actor, row.userId)) throw notFound('That comment');
      const parent = await findVisibleObject(ctx, {
        actor,
        country,
        type: row.objectType,
        id: row.objectId,
      }).catch(withNotFound('That comment'));
      // A comment is only shown to those who may view what it is about.
      if (!parent.canView) throw notFound('That comment');
      return { ...parent, type, id, title: snippet(row.text) };
    }
  }
}
