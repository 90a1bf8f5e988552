import type { TBookmark, TBookmarkType } from '@fanstage/contract';

export interface BookmarkTab {
  type: TBookmarkType;
  label: string;
  /** The empty state: what is missing and what to do about it. */
  emptyTitle: string;
  emptyText: string;
}

/** The tabs of /user/bookmarks, one per bookmark list of the API. */
export const bookmarkTabs: BookmarkTab[] = [
  {
    type: 'feeds',
    label: 'Posts',
    emptyTitle: 'No saved posts yet',
    emptyText: 'Tap the bookmark icon under a post to keep it here.',
  },
  {
    type: 'videos',
    label: 'Videos',
    emptyTitle: 'No saved videos yet',
    emptyText: 'Open a video on a creator’s page and bookmark it to watch it later.',
  },
  {
    type: 'galleries',
    label: 'Galleries',
    emptyTitle: 'No saved galleries yet',
    emptyText: 'Bookmark a gallery from a creator’s Photos tab to find it again here.',
  },
  {
    type: 'products',
    label: 'Products',
    emptyTitle: 'No saved products yet',
    emptyText: 'Bookmark products from a creator’s shop to keep a wish list.',
  },
  {
    type: 'performers',
    label: 'Creators',
    emptyTitle: 'No saved creators yet',
    emptyText: 'Bookmark creators you want to come back to. Find them on the Explore page.',
  },
];

/** The tab named in the address (`?tab=videos`), the posts tab otherwise. */
export function tabFromParam(value: string | null): TBookmarkType {
  return bookmarkTabs.find((t) => t.type === value)?.type ?? 'feeds';
}

/** Where a bookmark leads: the item's own page, or the creator's page. */
export function bookmarkPath(bookmark: Pick<TBookmark, 'objectType' | 'objectId' | 'performer'>): string {
  switch (bookmark.objectType) {
    case 'feed':
      return `/post/${bookmark.objectId}`;
    case 'video':
      return `/video/${bookmark.objectId}`;
    case 'gallery':
      return `/gallery/${bookmark.objectId}`;
    case 'product':
      return `/product/${bookmark.objectId}`;
    default:
      return `/${bookmark.performer?.username ?? bookmark.objectId}`;
  }
}

/** The heading of a bookmark card: its title, or a stand-in for posts without text. */
export function bookmarkTitle(
  bookmark: Pick<TBookmark, 'objectType' | 'title' | 'isAvailable' | 'performer'>,
) {
  if (!bookmark.isAvailable) return 'No longer available';
  if (bookmark.title.trim()) return bookmark.title;
  return bookmark.objectType === 'feed' && bookmark.performer
    ? `A post by ${bookmark.performer.name}`
    : 'Untitled';
}
