import type { TFeed } from '@fanstage/contract';
import { formatDate } from '../../lib/dates';
import { formatPrice } from '../../lib/format';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "just now", "5m", "3h", "6d", then "Mar 4" this year and "Mar 4, 2025" before. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const diff = now.getTime() - then.getTime();
  if (diff < minute) return 'just now';
  if (diff < hour) return `${Math.floor(diff / minute)}m`;
  if (diff < day) return `${Math.floor(diff / hour)}h`;
  if (diff < 7 * day) return `${Math.floor(diff / day)}d`;
  return formatDate(then, { year: then.getFullYear() !== now.getFullYear() });
}

/** Media lengths: "0:42", "12:05", "1:02:09". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Who may see a post, in the words of a badge: "Free", "$4.99", or "Subscribers". */
export function accessLabel(post: Pick<TFeed, 'isSale' | 'price'>): string {
  if (!post.isSale) return 'Subscribers';
  return post.price > 0 ? formatPrice(post.price) : 'Free';
}

export interface LockCallToAction {
  /** The main line on the locked post. */
  title: string;
  /** The words of its button, or null when there is nothing to press. */
  action: string | null;
  kind: 'login' | 'subscribe' | 'purchase' | 'blocked';
}

/**
 * What a locked post asks of the viewer, from the server's lock reason: log in, subscribe
 * (with the creator's monthly price when known) or unlock the post for its price.
 */
export function lockCallToAction(
  post: Pick<TFeed, 'reason' | 'price' | 'isSale'>,
  monthlyPrice?: number | null,
): LockCallToAction {
  switch (post.reason) {
    case 'needs-login':
      return {
        kind: 'login',
        title: !post.isSale
          ? 'Subscribe to see this post'
          : post.price > 0
            ? `Unlock this post for ${formatPrice(post.price)}`
            : 'Free for fans who log in',
        action: 'Log in to see it',
      };
    case 'needs-purchase':
      return {
        kind: 'purchase',
        title: 'Unlock this post to see it',
        action: `Unlock for ${formatPrice(post.price)}`,
      };
    case 'blocked':
      return { kind: 'blocked', title: 'This post is not available to you', action: null };
    default:
      return {
        kind: 'subscribe',
        title: 'Subscribe to see this post',
        action:
          monthlyPrice !== undefined && monthlyPrice !== null
            ? `Subscribe for ${formatPrice(monthlyPrice)}/month`
            : 'Subscribe',
      };
  }
}

/**
 * Whole-number percentages of a poll's options that add up to 100 (largest remainder),
 * or all zeros before the first vote.
 */
export function pollPercentages(votes: number[]): number[] {
  const total = votes.reduce((sum, v) => sum + v, 0);
  if (total === 0) return votes.map(() => 0);
  const exact = votes.map((v) => (v / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, v) => sum + v, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/** The post type a compose form sends, from what is attached. */
export function feedTypeOf(attached: {
  photos: number;
  videos: number;
  audios: number;
  pollOptions: number;
}): TFeed['type'] {
  if (attached.videos > 0) return 'video';
  if (attached.audios > 0) return 'audio';
  if (attached.photos > 0) return 'photo';
  if (attached.pollOptions > 0) return 'poll';
  return 'text';
}
