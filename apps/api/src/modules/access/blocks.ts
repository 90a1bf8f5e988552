import { blockedByCreatorMessage } from '@fanstage/contract';
import { and, type Executor, eq, inArray, or, sql, userBlocks } from '@fanstage/db';
import type { AnyColumn, Placeholder, SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';

/*
 * The one answer to "has this creator blocked this fan" (business-rules.md "Blocking and
 * geo-blocking"). Every gate that lets a fan reach a creator asks here: the creator gate
 * (performers.access.ts), the content gate, messaging, the wallet's charges, shows and calls.
 * The creator themself and admins are never blocked. Always one query, whatever the number of ids.
 */

/** The 403 a blocked fan gets wherever they reach the creator. */
export const blockedByCreator = () => new AppError('FORBIDDEN', blockedByCreatorMessage);

/** Which of these creators blocked this fan (one query). */
export async function blockedBy(
  ctx: AppContext,
  options: { fanId: string; performerIds: string[] },
): Promise<Set<string>> {
  const performerIds = [...new Set(options.performerIds)].filter((id) => id !== options.fanId);
  if (performerIds.length === 0) return new Set();
  const rows = await ctx.db.db
    .select({ performerId: userBlocks.performerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.targetId, options.fanId), inArray(userBlocks.performerId, performerIds)));
  return new Set(rows.map((r) => r.performerId));
}

/** `user_blocks` as the viewer's block, for queries that read creators and join it (one row at most). */
export const viewerBlocks = alias(userBlocks, 'viewer_block');

/**
 * The same rule as SQL, for a query that already reads creators (the profile, lists): left join
 * `viewerBlocks` on this condition and select `isBlockingViewerSql`. Rides on the query (the
 * unique (creator, fan) index), never a statement or a sub-plan more.
 */
export const viewerBlockOn = (
  performerId: AnyPgColumn,
  fanId: string | AnyPgColumn | Placeholder | null,
): SQL =>
  fanId ? and(eq(viewerBlocks.performerId, performerId), eq(viewerBlocks.targetId, fanId))! : sql`false`;
export const isBlockingViewerSql = sql<boolean>`(${viewerBlocks.id} is not null)`;

/** The creators who blocked this fan, as a subquery (`… except ${creatorsBlockingSql(fanId)}`), on the target index. */
export const creatorsBlockingSql = (fanId: string): SQL =>
  sql`select ${userBlocks.performerId} from ${userBlocks} where ${userBlocks.targetId} = ${fanId}`;

/**
 * For list queries: true for the rows whose creator (`performerId`, a column or expression) has not
 * blocked the viewer; undefined (no condition) for visitors and admins. A NOT EXISTS on the unique
 * (creator, fan) index, which the planner runs as an anti-join.
 */
export function notBlockingViewerCondition(
  actor: { id: string | Placeholder; role: Actor['role'] } | null,
  performerId: AnyColumn | SQL,
): SQL | undefined {
  if (!actor || actor.role === 'admin') return undefined;
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.performerId} = ${performerId} and ${userBlocks.targetId} = ${actor.id})`;
}

/** Whether this actor is blocked by this creator (never for visitors, the creator or admins). */
export async function isBlockedBy(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id' | 'role'> | null; performerId: string },
): Promise<boolean> {
  const { actor, performerId } = options;
  if (!actor || actor.id === performerId || actor.role === 'admin') return false;
  return (await blockedBy(ctx, { fanId: actor.id, performerIds: [performerId] })).has(performerId);
}

/** Refuses with 403 "You have been blocked by this creator." when the creator blocked the actor. */
export async function assertNotBlocked(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id' | 'role'> | null; performerId: string },
): Promise<void> {
  if (await isBlockedBy(ctx, options)) throw blockedByCreator();
}

/**
 * Which (creator, fan) pairs among these hold a block, as `creator:fan` keys: messaging asks both
 * directions of a page of conversations at once (inside a transaction too, for tips from a chat).
 */
export async function findBlockedPairs(
  db: Executor,
  pairs: { performerId: string; fanId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ performerId: userBlocks.performerId, targetId: userBlocks.targetId })
    .from(userBlocks)
    .where(
      or(
        ...pairs.map((p) => and(eq(userBlocks.performerId, p.performerId), eq(userBlocks.targetId, p.fanId))),
      ),
    );
  return new Set(rows.map((r) => `${r.performerId}:${r.targetId}`));
}
