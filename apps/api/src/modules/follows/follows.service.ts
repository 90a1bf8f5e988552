import type { TFollowedPerformer, TFollower, TFollowState } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { onFanJoined, onFanLeft } from '../feeds/timeline.service';
import { sendWelcomeMessage } from '../messages/messages.welcome';
import { assertCreator, findVisiblePerformer } from '../performers/performers.access';
import { presentPerformerPublic } from '../performers/performers.presenter';
import { withLiveStats } from '../performers/performers.repo';
import { presentPublicUser } from '../users/users.presenter';
import { deleteFollow, insertFollow, listFollowers, listFollowing } from './follows.repo';

/**
 * Follows a creator the actor may see (unknown or unlisted: 404; oneself: 422). Following twice
 * keeps one row and the follower count exact.
 */
export async function followPerformer(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; performerId: string },
): Promise<TFollowState> {
  const { actor, country, performerId } = options;
  if (performerId === actor.id) throw new AppError('UNPROCESSABLE', 'You cannot follow yourself.');
  await findVisiblePerformer(ctx, { actor, country, idOrUsername: performerId });
  const followers = await insertFollow(ctx.db.db, { followerId: actor.id, performerId });
  await onFanJoined(ctx, { fanId: actor.id, performerId });
  await sendWelcomeMessage(ctx, { performerId, fanId: actor.id, trigger: 'follow' });
  return { performerId, isFollowed: true, followers };
}

/**
 * Stops following a creator. Idempotent: not following answers the same state. A creator who has
 * since been unlisted can still be unfollowed; an unknown one is 404.
 */
export async function unfollowPerformer(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; performerId: string },
): Promise<TFollowState> {
  const { actor, country, performerId } = options;
  const { removed, followers } = await deleteFollow(ctx.db.db, { followerId: actor.id, performerId });
  if (!removed) await findVisiblePerformer(ctx, { actor, country, idOrUsername: performerId });
  else await onFanLeft(ctx, { fanId: actor.id, performerId });
  return { performerId, isFollowed: false, followers };
}

/** The creators the actor follows, latest follow first. */
export async function listMyFollowing(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; offset: number; limit: number },
): Promise<{ data: TFollowedPerformer[]; total: number }> {
  const { rows, total } = await listFollowing(ctx.db.db, {
    followerId: options.actor.id,
    geo: { actor: options.actor, country: options.country },
    offset: options.offset,
    limit: options.limit,
    includeUnlisted: options.actor.role === 'admin',
  });
  const { freeSubscriptionEnabled } = await ctx.settings.getAll();
  const counted = await withLiveStats(ctx.db.db, rows, ctx.clock.now());
  return {
    data: counted.map((row) => ({
      ...presentPerformerPublic(row, { siteFreeSubscription: freeSubscriptionEnabled }),
      followedAt: row.followedAt.toISOString(),
    })),
    total,
  };
}

/**
 * A creator's followers (public fields only). A creator sees their own; an admin names the creator
 * with `performerId`; fans get 403, another creator's id 404.
 */
export async function listMyFollowers(
  ctx: AppContext,
  options: { actor: Actor; performerId?: string; offset: number; limit: number },
): Promise<{ data: TFollower[]; total: number }> {
  const { actor } = options;
  let performerId = actor.id;
  if (actor.role === 'admin' && options.performerId) {
    performerId = (
      await findVisiblePerformer(ctx, { actor, country: null, idOrUsername: options.performerId })
    ).user.id;
  } else {
    assertCreator(actor);
    // Another creator's followers are theirs alone: the same 404 as an unknown creator.
    if (options.performerId && options.performerId !== actor.id) throw notFound('That creator');
  }
  const { rows, total } = await listFollowers(ctx.db.db, {
    performerId,
    offset: options.offset,
    limit: options.limit,
  });
  return {
    data: rows.map((row) => ({ ...presentPublicUser(row.user), followedAt: row.followedAt.toISOString() })),
    total,
  };
}
