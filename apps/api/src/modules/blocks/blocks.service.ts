import type { TBlockUserRequest, TUnblockResult, TUserBlock } from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { cutSessionsOfBlockedFan } from '../calls/calls.service';
import { onFanBlocked, onFanRelated } from '../feeds/timeline.service';
import { assertCreator } from '../performers/performers.access';
import { cutBlockedFanFromShow } from '../streaming/streaming.chat';
import { stopRenewalForBlockedFan } from '../subscriptions/subscriptions.service';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import {
  deleteBlock,
  findTargetUser,
  insertBlockIfNew,
  insertBlockOnce,
  listBlocks,
  type UserBlockRow,
} from './blocks.repo';

type TargetRow = { id: string; name: string; username: string | null; avatarPath: string | null };

/** What leaves the server of one block: the fan's public fields, never their email or balance. */
function presentBlock(block: UserBlockRow, target: TargetRow): TUserBlock {
  return {
    _id: block.id,
    target: {
      _id: target.id,
      username: target.username,
      name: target.name,
      avatar: publicFileUrl(target.avatarPath) ?? defaultAvatarUrl,
    },
    reason: block.reason,
    createdAt: block.createdAt.toISOString(),
  };
}

/**
 * A creator blocks a person (business-rules.md "Blocking and geo-blocking"). Oneself: 422; an
 * unknown id: 404; an admin: 422. Blocking twice answers the first block. Whatever the fan is
 * doing with the creator live is cut at once: their seat in the creator's show, their call or
 * private show (ended with the reason "blocked", which the fan is told), and their subscription to
 * the creator stops renewing.
 */
export async function blockUser(
  ctx: AppContext,
  options: { actor: Actor; input: TBlockUserRequest },
): Promise<TUserBlock> {
  const { actor, input } = options;
  assertCreator(actor);
  if (input.targetId === actor.id) throw new AppError('UNPROCESSABLE', 'You cannot block yourself.');
  const target = await findTargetUser(ctx.db.db, input.targetId);
  if (!target) throw notFound('That user');
  if (target.role === 'admin') throw new AppError('UNPROCESSABLE', 'Administrators cannot be blocked.');
  const block = await insertBlockOnce(ctx.db.db, {
    performerId: actor.id,
    targetId: target.id,
    reason: input.reason,
    createdAt: ctx.clock.now(),
  });
  await cutWhatIsLive(ctx, { performerId: actor.id, fanId: target.id });
  return presentBlock(block, target);
}

/** What a new block ends at once: the fan's seat in the creator's show, their call, their renewal. */
async function cutWhatIsLive(ctx: AppContext, cut: { performerId: string; fanId: string }) {
  await Promise.all([
    onFanBlocked(ctx, { fanId: cut.fanId, performerId: cut.performerId }),
    cutBlockedFanFromShow(ctx, cut),
    cutSessionsOfBlockedFan(ctx, cut),
    stopRenewalForBlockedFan(ctx, cut),
  ]);
}

/**
 * A moderator blocks a person for a creator (a report closed with "block for the creator"): the
 * same block as the creator's own, with the same cuts. `inTransaction` writes the audit row with
 * it. Answers false when the creator had blocked them already (nothing changes then).
 */
export async function blockForCreator(
  ctx: AppContext,
  options: {
    performerId: string;
    targetId: string;
    reason: string;
    inTransaction?: (tx: Transaction) => Promise<void>;
  },
): Promise<boolean> {
  const { performerId, targetId } = options;
  const target = await findTargetUser(ctx.db.db, targetId);
  if (!target) throw notFound('That user');
  if (target.role === 'admin') throw new AppError('UNPROCESSABLE', 'Administrators cannot be blocked.');
  if (targetId === performerId)
    throw new AppError('UNPROCESSABLE', 'A creator cannot be blocked from their own page.');
  const isNew = await ctx.db.db.transaction(async (tx) => {
    const values = { performerId, targetId, reason: options.reason, createdAt: ctx.clock.now() };
    if (!(await insertBlockIfNew(tx, values))) return false;
    await options.inTransaction?.(tx);
    return true;
  });
  await cutWhatIsLive(ctx, { performerId, fanId: targetId });
  return isNew;
}

/**
 * Lifts the creator's block of this person: everything is open to them again. A person this
 * creator has not blocked (or an unknown id) is 404.
 */
export async function unblockUser(
  ctx: AppContext,
  options: { actor: Actor; targetId: string },
): Promise<TUnblockResult> {
  assertCreator(options.actor);
  const removed = await deleteBlock(ctx.db.db, { performerId: options.actor.id, targetId: options.targetId });
  if (!removed) throw notFound('That blocked user');
  // Still following or subscribed: the creator's latest posts come back (none when neither holds).
  await onFanRelated(ctx, { fanId: options.targetId, performerId: options.actor.id });
  return { targetId: options.targetId, isBlocked: false };
}

/** The people the creator blocked, latest first. */
export async function listBlockedUsers(
  ctx: AppContext,
  options: { actor: Actor; offset: number; limit: number },
): Promise<{ data: TUserBlock[]; total: number }> {
  assertCreator(options.actor);
  const { rows, total } = await listBlocks(ctx.db.db, {
    performerId: options.actor.id,
    offset: options.offset,
    limit: options.limit,
  });
  return { data: rows.map((r) => presentBlock(r.block, r.target)), total };
}
