import { and, inArray, sql, userBlocks, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { type BulkViewer, type ContentCard, creatorVisibleSql } from '../access/visibility';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';

/*
 * Creators in bulk for other modules (reactions, bookmarks), one statement each whatever the number
 * of ids: what the creator gate says of each (`filterVisiblePerformerIds` and the block rule of
 * access.ts `decideCreator`), and their cards.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idsOf = (ids: string[]) => [...new Set(ids.filter((id) => uuidPattern.test(id)))];

/**
 * For each of these creators the actor could reach: whether they are visible leaving blocks aside,
 * and whether they blocked the actor (never for admins or oneself). Missing ids are not in the map.
 */
export async function findCreatorStanding(
  ctx: AppContext,
  options: BulkViewer & { ids: string[] },
): Promise<Map<string, { visible: boolean; blocksActor: boolean }>> {
  const ids = idsOf(options.ids);
  if (ids.length === 0) return new Map();
  const { actor } = options;
  const blocks =
    actor && actor.role !== 'admin'
      ? sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.performerId} = ${users.id} and ${userBlocks.targetId} = ${actor.id} and ${users.id} <> ${actor.id})`
      : sql<boolean>`false`;
  const rows = await ctx.db.db
    .select({
      id: users.id,
      visible: sql<boolean>`${creatorVisibleSql(options, users.id, { withBlocks: false })}`,
      // Nested, so Drizzle qualifies its columns (a one-table select leaves top-level ones bare).
      blocksActor: sql<boolean>`${blocks}`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { visible: r.visible, blocksActor: r.blocksActor }]));
}

/** The cards of these creators the actor may see (listed, not blocking them); one statement. */
export async function findPerformerCards(
  ctx: AppContext,
  options: BulkViewer & { ids: string[] },
): Promise<Map<string, ContentCard>> {
  const ids = idsOf(options.ids);
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.db
    .select({ id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath })
    .from(users)
    .where(and(inArray(users.id, ids), creatorVisibleSql(options, users.id)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        ownerId: r.id,
        title: r.name,
        performer: { _id: r.id, name: r.name, username: r.username },
        thumbnail: publicFileUrl(r.avatarPath) ?? defaultAvatarUrl,
        canView: true,
      },
    ]),
  );
}
