import type { TMediaView } from '@fanstage/contract';
import { formatPrice } from '../../lib/format';

/** The likes, comments and own reactions a post, gallery, video or product carries. */
export interface ReactionFacts {
  likesCount: number;
  commentsCount: number;
  isLiked: boolean;
  isBookmarked: boolean;
}

/** The reaction facts of an item, zeros and false for whatever it leaves out (older cached answers). */
export const reactionFactsOf = (item: Partial<ReactionFacts> & { _id: string }): ReactionFacts => ({
  likesCount: item.likesCount ?? 0,
  commentsCount: item.commentsCount ?? 0,
  isLiked: item.isLiked ?? false,
  isBookmarked: item.isBookmarked ?? false,
});

export type AssetKind = 'gallery' | 'video';

export interface AssetLock {
  title: string;
  /** The button, or null when the viewer must log in first (the button is then a login link). */
  action: string;
  kind: 'login' | 'purchase' | 'subscribe';
}

/**
 * What a locked gallery or video asks of the viewer (business rules "Who may see what"): log in,
 * buy it when it is for sale at a price, subscribe otherwise. Free-for-fans items only lock visitors.
 */
export function assetLock(
  kind: AssetKind,
  item: { isSale: boolean; price: number },
  options: { isLoggedIn: boolean; monthlyPrice?: number | null },
): AssetLock {
  const isPaid = item.isSale && item.price > 0;
  if (!options.isLoggedIn) {
    return {
      kind: 'login',
      title: isPaid
        ? `Unlock this ${kind} for ${formatPrice(item.price)}`
        : item.isSale
          ? 'Free for fans who log in'
          : `Subscribe to see this ${kind}`,
      action: 'Log in to see it',
    };
  }
  if (isPaid) {
    return {
      kind: 'purchase',
      title: `Unlock this ${kind} to see it`,
      action: `Unlock for ${formatPrice(item.price)}`,
    };
  }
  const monthly = options.monthlyPrice;
  return {
    kind: 'subscribe',
    title: `Subscribe to see this ${kind}`,
    action:
      monthly !== undefined && monthly !== null ? `Subscribe for ${formatPrice(monthly)}/month` : 'Subscribe',
  };
}

/** Plain text for a meta description: one line, at most 200 characters, the fallback when empty. */
export function metaDescription(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * A share image made absolute against the site's origin. Blurred previews (data: URIs) and signed
 * private media never go into a share card: the page's HTML may be cached or shared beyond the viewer.
 */
export function absoluteImage(origin: string, url: string | null | undefined): string | null {
  if (!url || url.startsWith('data:') || url.includes('/api/files/private/')) return null;
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export interface ShareCard {
  title: string;
  description: string;
  url: string;
  /** Only for content the whole world may see: locked media never goes into a share card. */
  image: string | null;
  type?: 'article' | 'video.other' | 'product' | 'website';
}

/** The meta tags of a content page: title, description, Open Graph and Twitter card, canonical link. */
export function shareCardMeta(card: ShareCard) {
  const tags: Record<string, string>[] = [
    { title: card.title },
    { name: 'description', content: card.description },
    { property: 'og:type', content: card.type ?? 'article' },
    { property: 'og:title', content: card.title },
    { property: 'og:description', content: card.description },
    { property: 'og:url', content: card.url },
    { name: 'twitter:card', content: card.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: card.title },
    { name: 'twitter:description', content: card.description },
  ];
  if (card.image) {
    tags.push({ property: 'og:image', content: card.image }, { name: 'twitter:image', content: card.image });
  }
  return [...tags, { tagName: 'link', rel: 'canonical', href: card.url }];
}

/** The picture of a media file for this viewer: a signed thumbnail with access, else the blurred preview. */
export const pictureOf = (media: TMediaView | null | undefined): string | null =>
  media?.urls?.thumbnail ?? media?.urls?.feed ?? media?.preview ?? null;

/** The URL of the public media of an item, when there is one the viewer may use (never a data: URI). */
export const usableUrlOf = (media: TMediaView | null | undefined): string | null =>
  media?.urls?.feed ?? media?.urls?.thumbnail ?? media?.urls?.full ?? null;
