import { and, eq, gt, inArray, purchases, subscriptions } from '@fanstage/db';
import type { AppContext } from '../../context';
import type { Actor } from '../auth/sessions';
import { blockedBy } from './blocks';

export type ContentType = 'feed' | 'video' | 'gallery' | 'message' | 'product' | 'photo';

/** What the gate needs to know of one item, whatever its domain. */
export interface GatedItem {
  id: string;
  type: ContentType;
  ownerId: string;
  /** For sale (pay-per-view); when false the item is for subscribers. */
  isSale: boolean;
  priceCents: number;
  /**
   * The purchase that unlocks it, when that is not the item itself (a photo is unlocked by buying
   * its gallery, say). Defaults to the item.
   */
  unlockedBy?: { type: ContentType; id: string };
  /** Free for everyone (even visitors), e.g. a public teaser post. */
  isPublic?: boolean;
}

export type AccessReason =
  | 'owner'
  | 'admin'
  | 'public'
  | 'subscriber'
  | 'purchased'
  | 'free-for-fans'
  | 'needs-login'
  | 'needs-subscription'
  | 'needs-purchase'
  | 'blocked';

export interface AccessDecision {
  canView: boolean;
  reason: AccessReason;
}

/** Which of these creators has blocked this fan; by default the `user_blocks` rows (access/blocks.ts). */
export type BlockLookup = (options: { fanId: string; performerIds: string[] }) => Promise<Set<string>>;

/**
 * The one content access gate (business-rules.md "Who may see what"): for an actor and a set of items,
 * what each may see. Owner and admin: everything. Not for sale: active subscribers. For sale above zero:
 * only fans who bought it (subscribers pay too). For sale at zero: every logged-in fan. A creator who
 * blocked the fan: nothing. Three queries whatever the number of items.
 */
export async function decideContentAccess(
  ctx: AppContext,
  options: { actor: Actor | null; items: GatedItem[]; isBlocked?: BlockLookup },
): Promise<Map<string, AccessDecision>> {
  const { actor, items } = options;
  const decisions = new Map<string, AccessDecision>();
  if (items.length === 0) return decisions;
  if (!actor) {
    for (const item of items) {
      decisions.set(
        item.id,
        item.isPublic ? { canView: true, reason: 'public' } : { canView: false, reason: 'needs-login' },
      );
    }
    return decisions;
  }
  const now = ctx.clock.now();
  const ownerIds = [...new Set(items.filter((i) => i.ownerId !== actor.id).map((i) => i.ownerId))];
  const sold = items.filter((i) => i.isSale && i.priceCents > 0 && i.ownerId !== actor.id);
  const [subscribedTo, bought, blocking] = await Promise.all([
    ownerIds.length === 0 || actor.role === 'admin'
      ? Promise.resolve(new Set<string>())
      : ctx.db.db
          .select({ performerId: subscriptions.performerId })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.fanId, actor.id),
              inArray(subscriptions.performerId, ownerIds),
              gt(subscriptions.expiredAt, now),
            ),
          )
          .then((rows) => new Set(rows.map((r) => r.performerId))),
    sold.length === 0 || actor.role === 'admin'
      ? Promise.resolve(new Set<string>())
      : ctx.db.db
          .select({ targetType: purchases.targetType, targetId: purchases.targetId })
          .from(purchases)
          .where(
            and(
              eq(purchases.fanId, actor.id),
              inArray(
                purchases.targetId,
                sold.map((i) => i.unlockedBy?.id ?? i.id),
              ),
            ),
          )
          .then((rows) => new Set(rows.map((r) => `${r.targetType}:${r.targetId}`))),
    ownerIds.length === 0 || actor.role === 'admin'
      ? Promise.resolve(new Set<string>())
      : (options.isBlocked ?? ((o) => blockedBy(ctx, o)))({ fanId: actor.id, performerIds: ownerIds }),
  ]);
  for (const item of items) {
    decisions.set(item.id, decideOne(actor, item, { subscribedTo, bought, blockedBy: blocking }));
  }
  return decisions;
}

/** The rule for one item, given what the actor holds. Pure, so it is tested on its own. */
export function decideOne(
  actor: Pick<Actor, 'id' | 'role'>,
  item: GatedItem,
  held: { subscribedTo: Set<string>; bought: Set<string>; blockedBy: Set<string> },
): AccessDecision {
  if (item.ownerId === actor.id) return { canView: true, reason: 'owner' };
  if (actor.role === 'admin') return { canView: true, reason: 'admin' };
  if (held.blockedBy.has(item.ownerId)) return { canView: false, reason: 'blocked' };
  if (item.isPublic) return { canView: true, reason: 'public' };
  if (!item.isSale) {
    return held.subscribedTo.has(item.ownerId)
      ? { canView: true, reason: 'subscriber' }
      : { canView: false, reason: 'needs-subscription' };
  }
  if (item.priceCents <= 0) return { canView: true, reason: 'free-for-fans' };
  const unlock = item.unlockedBy ?? { type: item.type, id: item.id };
  return held.bought.has(`${unlock.type}:${unlock.id}`)
    ? { canView: true, reason: 'purchased' }
    : { canView: false, reason: 'needs-purchase' };
}

/** Whether the actor holds an active subscription to the creator (the creator themselves always does). */
export async function isSubscribed(ctx: AppContext, options: { actor: Actor | null; performerId: string }) {
  const { actor, performerId } = options;
  if (!actor) return false;
  if (actor.id === performerId || actor.role === 'admin') return true;
  const rows = await ctx.db.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.fanId, actor.id),
        eq(subscriptions.performerId, performerId),
        gt(subscriptions.expiredAt, ctx.clock.now()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
