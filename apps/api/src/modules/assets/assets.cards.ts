import { and, files, galleries, inArray, photos, products, sql, users, videos } from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  type BulkViewer,
  type CardFile,
  type ContentCard,
  cardFileJson,
  cardThumbnailOf,
  itemVisibleSql,
  unlockedSql,
  type VisibleItem,
} from '../access/visibility';
import { signerOf } from './assets.files';

/*
 * Videos, galleries and products in bulk for other modules (reactions, bookmarks): "which of these
 * ids may this actor see" and "the cards for these ids", one statement each whatever the number
 * of ids. The rules are those of `findVisibleVideo`, `findVisibleGallery`, `getPublicProduct` and
 * the content gate (access/visibility.ts).
 */

export type AssetKind = 'video' | 'gallery' | 'product';
type Bulk = BulkViewer & { ids: string[] };

/** How each kind is read: its table's columns, what "published" means, its gate and its picture. */
const kinds = {
  video: {
    table: videos,
    id: videos.id,
    performerId: videos.performerId,
    hiddenAt: videos.hiddenAt,
    title: videos.title,
    isPublished: (): SQL =>
      sql`(${videos.status} = 'active' and exists (select 1 from ${files} where ${files.id} = ${videos.fileId} and ${files.status} = 'ready'))`,
    canView: (viewer: BulkViewer, now: Date): SQL =>
      unlockedSql(
        { ...viewer, now },
        {
          performerId: videos.performerId,
          isSale: videos.isSale,
          priceCents: videos.priceCents,
          unlockedBy: { type: 'video', id: videos.id },
        },
      ),
    // The thumbnail is what a locked video may show too.
    picture: (): SQL => cardFileJson(videos.thumbnailFileId),
    pictureNeedsAccess: false,
  },
  gallery: {
    table: galleries,
    id: galleries.id,
    performerId: galleries.performerId,
    hiddenAt: galleries.hiddenAt,
    title: galleries.title,
    isPublished: (): SQL => sql`(${galleries.status} = 'active')`,
    canView: (viewer: BulkViewer, now: Date): SQL =>
      unlockedSql(
        { ...viewer, now },
        {
          performerId: galleries.performerId,
          isSale: galleries.isSale,
          priceCents: galleries.priceCents,
          unlockedBy: { type: 'gallery', id: galleries.id },
        },
      ),
    // The cover photo, unless moderators hid it from this viewer.
    picture: (viewer: BulkViewer): SQL => {
      const maySeeHidden =
        viewer.actor?.role === 'admin'
          ? sql`true`
          : viewer.actor
            ? sql`${galleries.performerId} = ${viewer.actor.id}`
            : sql`false`;
      return sql`(select json_build_object('kind', ${files.kind}, 'status', ${files.status}, 'variants', ${files.variants}, 'preview', ${files.preview}) from ${photos} join ${files} on ${files.id} = ${photos.fileId} where ${photos.id} = ${galleries.coverPhotoId} and (${photos.hiddenAt} is null or ${maySeeHidden}))`;
    },
    pictureNeedsAccess: true,
  },
  product: {
    table: products,
    id: products.id,
    performerId: products.performerId,
    hiddenAt: products.hiddenAt,
    title: products.name,
    isPublished: (): SQL => sql`(${products.status} = 'active')`,
    // Products have no gate: everyone who may see one sees all of it.
    canView: (): SQL => sql`true`,
    // The first image: the shop window.
    picture: (): SQL =>
      sql`(select json_build_object('kind', ${files.kind}, 'status', ${files.status}, 'variants', ${files.variants}, 'preview', ${files.preview}) from jsonb_array_elements_text(${products.imageFileIds}) with ordinality as image(id, n) join ${files} on ${files.id} = image.id::uuid order by image.n limit 1)`,
    pictureNeedsAccess: false,
  },
} as const;

const visibleWhere = (kind: AssetKind, viewer: Bulk) => {
  const k = kinds[kind];
  return and(
    inArray(k.id, viewer.ids),
    itemVisibleSql(viewer, {
      performerId: k.performerId,
      hiddenAt: k.hiddenAt,
      isPublished: k.isPublished(),
    }),
  );
};

/** Which of these assets of one kind the actor may see (a locked one included); one statement. */
export async function findVisibleAssetIds(
  ctx: AppContext,
  kind: AssetKind,
  options: Bulk,
): Promise<Map<string, VisibleItem>> {
  if (options.ids.length === 0) return new Map();
  const k = kinds[kind];
  const rows = await ctx.db.db
    .select({
      id: k.id,
      ownerId: k.performerId,
      canView: sql<boolean>`${k.canView(options, ctx.clock.now())}`,
    })
    .from(k.table)
    .where(visibleWhere(kind, options));
  return new Map(rows.map((r) => [r.id, { ownerId: r.ownerId, canView: r.canView }]));
}

/** The cards of these assets of one kind that the actor may see; one statement. */
export async function findAssetCards(
  ctx: AppContext,
  kind: AssetKind,
  options: Bulk,
): Promise<Map<string, ContentCard>> {
  if (options.ids.length === 0) return new Map();
  const k = kinds[kind];
  const rows = await ctx.db.db
    .select({
      id: k.id,
      performerId: k.performerId,
      title: k.title,
      name: users.name,
      username: users.username,
      canView: sql<boolean>`${k.canView(options, ctx.clock.now())}`,
      picture: sql<CardFile | null>`${k.picture(options)}`,
    })
    .from(k.table)
    .innerJoin(users, sql`${users.id} = ${k.performerId}`)
    .where(visibleWhere(kind, options));
  const sign = signerOf(ctx);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        ownerId: r.performerId,
        title: r.title,
        performer: { _id: r.performerId, name: r.name, username: r.username },
        thumbnail: cardThumbnailOf(r.picture, { canView: k.pictureNeedsAccess ? r.canView : true, sign }),
        canView: r.canView,
      },
    ]),
  );
}
