import { and, feedFiles, feeds, files, inArray, sql, users } from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  type BulkViewer,
  type CardFile,
  type ContentCard,
  cardFileJson,
  cardSnippet,
  itemVisibleSql,
  unlockedSql,
  type VisibleItem,
} from '../access/visibility';
import { signMediaUrl } from '../files/signed-urls';
import { defaultLeafUrl, pickFeedThumbnail, thumbnailKeyOf } from './feeds.presenter';

/*
 * Posts in bulk for other modules (reactions, bookmarks): "which of these ids may this actor see"
 * and "the cards for these ids", one statement each whatever the number of ids. The rules are the
 * ones `findVisibleFeed` and the content gate apply to one post (access/visibility.ts).
 */

/** Published (not scheduled) and with no failed media: what fans may see of a post. */
const isPublishedSql = (now: Date): SQL =>
  sql`(${feeds.publishedAt} <= ${now} and not exists (select 1 from ${feedFiles} join ${files} on ${files.id} = ${feedFiles.fileId} where ${feedFiles.feedId} = ${feeds.id} and ${files.status} = 'failed'))`;

const visibleWhere = (viewer: BulkViewer, ids: string[], now: Date) =>
  and(
    inArray(feeds.id, ids),
    itemVisibleSql(viewer, {
      performerId: feeds.performerId,
      hiddenAt: feeds.hiddenAt,
      isPublished: isPublishedSql(now),
    }),
  );

const canViewSql = (viewer: BulkViewer, now: Date) =>
  unlockedSql(
    { ...viewer, now },
    {
      performerId: feeds.performerId,
      isSale: feeds.isSale,
      priceCents: feeds.priceCents,
      unlockedBy: { type: 'feed', id: feeds.id },
    },
  );

/** Which of these posts the actor may see (a locked one included), with its owner; one statement. */
export async function findVisibleFeedIds(
  ctx: AppContext,
  options: BulkViewer & { ids: string[] },
): Promise<Map<string, VisibleItem>> {
  if (options.ids.length === 0) return new Map();
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select({ id: feeds.id, ownerId: feeds.performerId, canView: sql<boolean>`${canViewSql(options, now)}` })
    .from(feeds)
    .where(visibleWhere(options, options.ids, now));
  return new Map(rows.map((r) => [r.id, { ownerId: r.ownerId, canView: r.canView }]));
}

/**
 * The cards of these posts the actor may see; one statement. A locked post's card is titled by its
 * public line (its text is what is sold) and shows the blurred preview of the spec's thumbnail.
 */
export async function findFeedCards(
  ctx: AppContext,
  options: BulkViewer & { ids: string[] },
): Promise<Map<string, ContentCard>> {
  if (options.ids.length === 0) return new Map();
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select({
      id: feeds.id,
      performerId: feeds.performerId,
      text: feeds.text,
      previewText: feeds.previewText,
      name: users.name,
      username: users.username,
      canView: sql<boolean>`${canViewSql(options, now)}`,
      files: sql<
        CardFile[] | null
      >`(select json_agg(json_build_object('kind', ${files.kind}, 'status', ${files.status}, 'variants', ${files.variants}, 'preview', ${files.preview}) order by ${feedFiles.position}) from ${feedFiles} join ${files} on ${files.id} = ${feedFiles.fileId} where ${feedFiles.feedId} = ${feeds.id})`,
      thumbnailFile: sql<CardFile | null>`${cardFileJson(feeds.thumbnailFileId)}`,
      teaserFile: sql<CardFile | null>`${cardFileJson(feeds.teaserFileId)}`,
    })
    .from(feeds)
    .innerJoin(users, sql`${users.id} = ${feeds.performerId}`)
    .where(visibleWhere(options, options.ids, now));
  const sign = (key: string) => signMediaUrl(ctx, key);
  type ThumbnailFile = Parameters<typeof thumbnailKeyOf>[0];
  return new Map(
    rows.map((r) => {
      const chosen = pickFeedThumbnail({
        thumbnail: r.thumbnailFile as ThumbnailFile | null,
        files: (r.files ?? []) as ThumbnailFile[],
        teaser: r.teaserFile as ThumbnailFile | null,
      });
      const key = chosen.file ? thumbnailKeyOf(chosen.file) : null;
      const thumbnail = chosen.file
        ? r.canView && key
          ? sign(key)
          : (chosen.file.preview ?? defaultLeafUrl)
        : defaultLeafUrl;
      const card: ContentCard = {
        id: r.id,
        ownerId: r.performerId,
        title: cardSnippet((r.canView && r.text) || r.previewText),
        performer: { _id: r.performerId, name: r.name, username: r.username },
        thumbnail,
        canView: r.canView,
      };
      return [r.id, card];
    }),
  );
}
