import { type Executor, feeds, files, inArray, sql, users } from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { decodeRow, jsonOf, parsed } from '../../lib/json-rows';
import { type Param, timestampParam } from '../../lib/prepared';
import type { AccessDecision, GatedItem } from '../access/content-access';
import { decideOne } from '../access/content-access';
import type { Actor } from '../auth/sessions';
import type { FeedDetails, FeedWithAuthor, FileRow } from './feeds.repo';

/*
 * Everything a post card shows besides the post row, as columns of the query that reads the rows:
 * its files, its poll (with the viewer's vote), the viewer's like and bookmark, and what the access
 * gate needs (the viewer's subscription to the creator, purchase of the post, the creator's block).
 * Correlated subqueries on "feeds"."id" (each on its own index), so a page is one statement
 * however many posts it holds, and no detail is read twice for a post.
 */

type Viewer = Pick<Actor, 'id' | 'role'> | null;

/**
 * The card columns for one viewer at `now`; add them to a select that reads `feeds` (unaliased).
 * `viewerId` and `now` may be placeholders (a prepared page query): a null viewer id then matches
 * nothing, as a visitor's columns say.
 */
export function cardColumns(viewerId: Param<string> | null, now: Param<Date>) {
  const ifViewer = (query: SQL) => (viewerId === null ? sql<boolean>`false` : query);
  const reacted = (action: 'like' | 'bookmark') =>
    ifViewer(
      sql`exists (select 1 from "reactions" r where r."user_id" = ${viewerId} and r."object_type" = 'feed' and r."object_id" = "feeds"."id" and r."action" = ${action})`,
    );
  return {
    cardFiles: sql<unknown>`(select coalesce(json_agg(${jsonOf(files, 'cf')} order by cff."position"), '[]'::json) from "feed_files" cff join "files" cf on cf."id" = cff."file_id" where cff."feed_id" = "feeds"."id")`,
    cardExtras: sql<unknown>`(select coalesce(json_agg(${jsonOf(files, 'xf')}), '[]'::json) from "files" xf where xf."id" in ("feeds"."thumbnail_file_id", "feeds"."teaser_file_id"))`,
    cardPoll: sql<unknown>`(select json_build_object('expiredAt', cp."expired_at", 'options', coalesce((select json_agg(json_build_object('id', o."id", 'feedId', o."feed_id", 'text', o."text", 'position', o."position", 'votesCount', o."votes_count") order by o."position") from "poll_options" o where o."feed_id" = cp."feed_id"), '[]'::json), 'votedOptionId', ${viewerId === null ? sql`null` : sql`(select v."option_id" from "poll_votes" v where v."feed_id" = cp."feed_id" and v."fan_id" = ${viewerId})`}) from "polls" cp where cp."feed_id" = "feeds"."id")`,
    cardLiked: reacted('like').mapWith(Boolean),
    cardBookmarked: reacted('bookmark').mapWith(Boolean),
    cardSubscribed: ifViewer(
      sql`exists (select 1 from "subscriptions" cs where cs."fan_id" = ${viewerId} and cs."performer_id" = "feeds"."performer_id" and cs."expired_at" > ${timestampParam(now)}::timestamptz)`,
    ).mapWith(Boolean),
    cardPurchased: ifViewer(
      sql`exists (select 1 from "purchases" cpu where cpu."fan_id" = ${viewerId} and cpu."target_type" = 'feed' and cpu."target_id" = "feeds"."id")`,
    ).mapWith(Boolean),
    cardBlocked: ifViewer(
      sql`exists (select 1 from "user_blocks" cb where cb."performer_id" = "feeds"."performer_id" and cb."target_id" = ${viewerId})`,
    ).mapWith(Boolean),
  };
}

type CardColumns = ReturnType<typeof cardColumns>;
export type CardRow = FeedWithAuthor & { [K in keyof CardColumns]: CardColumns[K]['_']['type'] };

/** What the page presenter needs of card rows: the details maps, the gate's answer, the reactions. */
export function readCards(
  rows: CardRow[],
  actor: Actor | null,
): {
  details: FeedDetails;
  access: Map<string, AccessDecision>;
  reactions: (id: string) => { isLiked: boolean; isBookmarked: boolean };
} {
  const details: FeedDetails = {
    fileIdsByFeed: new Map(),
    filesById: new Map(),
    pollsByFeed: new Map(),
    optionsByFeed: new Map(),
    votesByFeed: new Map(),
  };
  const access = new Map<string, AccessDecision>();
  const reacted = new Map<string, { isLiked: boolean; isBookmarked: boolean }>();
  for (const row of rows) {
    const id = row.feed.id;
    const attached = (parsed(row.cardFiles) as Record<string, unknown>[]).map((f) =>
      decodeRow<FileRow>(files, f),
    );
    for (const file of attached) details.filesById.set(file.id, file);
    details.fileIdsByFeed.set(
      id,
      attached.map((f) => f.id),
    );
    for (const raw of parsed(row.cardExtras) as Record<string, unknown>[]) {
      const file = decodeRow<FileRow>(files, raw);
      details.filesById.set(file.id, file);
    }
    const poll = parsed(row.cardPoll) as {
      expiredAt: string | null;
      options: { id: string; feedId: string; text: string; position: number; votesCount: number | string }[];
      votedOptionId: string | null;
    } | null;
    if (poll) {
      details.pollsByFeed.set(id, { expiredAt: poll.expiredAt ? new Date(poll.expiredAt) : null });
      details.optionsByFeed.set(
        id,
        poll.options.map((o) => ({ ...o, votesCount: Number(o.votesCount) })),
      );
      if (poll.votedOptionId) details.votesByFeed.set(id, poll.votedOptionId);
    }
    const item: GatedItem = {
      id,
      type: 'feed',
      ownerId: row.feed.performerId,
      isSale: row.feed.isSale,
      priceCents: row.feed.priceCents,
    };
    access.set(
      id,
      actor
        ? decideOne(actor, item, {
            subscribedTo: new Set(row.cardSubscribed ? [item.ownerId] : []),
            bought: new Set(row.cardPurchased ? [`feed:${id}`] : []),
            blockedBy: new Set(row.cardBlocked ? [item.ownerId] : []),
          })
        : { canView: false, reason: 'needs-login' },
    );
    reacted.set(id, { isLiked: !!row.cardLiked, isBookmarked: !!row.cardBookmarked });
  }
  return {
    details,
    access,
    reactions: (id) => reacted.get(id) ?? { isLiked: false, isBookmarked: false },
  };
}

const authorColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarPath: users.avatarPath,
};

/** Cards of some posts by id (in the order given), in one statement. */
export async function loadCards(
  db: Executor,
  options: { ids: string[]; viewer: Viewer; now: Date },
): Promise<CardRow[]> {
  if (options.ids.length === 0) return [];
  const rows = await db
    .select({ feed: feeds, author: authorColumns, ...cardColumns(options.viewer?.id ?? null, options.now) })
    .from(feeds)
    .innerJoin(users, sql`${users.id} = ${feeds.performerId}`)
    .where(inArray(feeds.id, options.ids));
  const byId = new Map(rows.map((r) => [r.feed.id, r as CardRow]));
  return options.ids.map((id) => byId.get(id)).filter((r): r is CardRow => r !== undefined);
}
