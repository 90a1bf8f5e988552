import type { Readable } from 'node:stream';
import {
  type TAssetSearchQuery,
  type TGallery,
  type TGalleryCreate,
  type TGalleryDetail,
  type TGalleryUpdate,
  toCents,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import yazl from 'yazl';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { decideContentAccess } from '../access/content-access';
import { isHiddenFrom, maySeeHidden } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import { deleteSocialTraces } from '../comments/comments.repo';
import type { FileRow } from '../media/media.repo';
import { filterVisiblePerformerIds, findVisiblePerformer } from '../performers/performers.access';
import { loadViewerReactions } from '../reactions/reactions.viewer';
import { findOwnGallery, galleryGate, photoGate } from './assets.access';
import { removeStoredBytes, signerOf } from './assets.files';
import { presentGallery, presentPhoto } from './galleries.presenter';
import {
  adjustPhotosCount,
  countPhotosByGallery,
  deleteGallery as deleteGalleryRow,
  deletePhotos,
  findCoverFiles,
  findGallery,
  findGalleryPhotoFiles,
  findPhotoIdsOfGallery,
  type GalleryRow,
  insertGallery,
  searchGalleries,
  searchPhotos,
  updateGallery as updateGalleryRow,
} from './galleries.repo';

/** Galleries can hold many photos; one page of a gallery view shows at most this many. */
const photosPerGalleryView = 500;

/** Presents galleries for one viewer: counts, covers and the gate, in three queries whatever the page size. */
async function presentGalleries(
  ctx: AppContext,
  options: { actor: Actor | null; rows: GalleryRow[] },
): Promise<TGallery[]> {
  const { rows } = options;
  const [counts, covers, decisions, reactionsOf] = await Promise.all([
    countPhotosByGallery(
      ctx.db.db,
      rows.map((r) => r.id),
    ),
    findCoverFiles(ctx.db.db, rows),
    decideContentAccess(ctx, { actor: options.actor, items: rows.map(galleryGate) }),
    loadViewerReactions(ctx, {
      actor: options.actor,
      objectType: 'gallery',
      objectIds: rows.map((r) => r.id),
    }),
  ]);
  const sign = signerOf(ctx);
  const coverOf = (row: GalleryRow) => {
    const cover = covers.get(row.id);
    // A cover photo moderators hid is not shown to fans: the gallery shows without one.
    return cover && !isHiddenFrom(cover, options.actor, row.performerId) ? cover.file : null;
  };
  return rows.map((row) =>
    presentGallery(row, {
      numPhotos: counts.get(row.id) ?? 0,
      coverFile: coverOf(row),
      canView: decisions.get(row.id)?.canView ?? false,
      sign,
      reactions: reactionsOf(row.id),
    }),
  );
}

const presentOne = async (ctx: AppContext, actor: Actor | null, row: GalleryRow) =>
  (await presentGalleries(ctx, { actor, rows: [row] }))[0]!;

/** A sale needs a price; a subscribers' gallery keeps none. */
function priceOf(input: { isSale: boolean; price: number }): number {
  return input.isSale ? toCents(input.price) : 0;
}

/** Creates a gallery of the actor's own (empty; photos come by upload). */
export async function createGallery(
  ctx: AppContext,
  options: { actor: Actor; input: TGalleryCreate },
): Promise<TGallery> {
  const { input, actor } = options;
  const row = await insertGallery(ctx.db.db, {
    performerId: actor.id,
    title: input.title,
    description: input.description,
    isSale: input.isSale,
    priceCents: priceOf(input),
    status: input.status,
  });
  return presentOne(ctx, actor, row);
}

/** Changes a gallery of the actor's own; fields left out stay as they are. */
export async function updateGallery(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TGalleryUpdate },
): Promise<TGallery> {
  const current = await findOwnGallery(ctx, options);
  const { input } = options;
  const isSale = input.isSale ?? current.isSale;
  const row = await updateGalleryRow(ctx.db.db, current.id, {
    title: input.title,
    description: input.description,
    isSale,
    priceCents: isSale ? (input.price !== undefined ? toCents(input.price) : current.priceCents) : 0,
    status: input.status,
  });
  return presentOne(ctx, options.actor, row);
}

/** Deletes a gallery with its photos and their files; photos_count follows in the same transaction. */
export async function deleteGallery(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  await findOwnGallery(ctx, options);
  await removeGallery(ctx, { id: options.id });
}

/**
 * Deletes a gallery with its photos, files, likes and comments, whoever asked (its owner, or a
 * moderator whose `inTransaction` writes the audit row); 404 when it is gone.
 */
export async function removeGallery(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const gallery = await findGallery(ctx.db.db, options.id);
  if (!gallery) throw notFound('That gallery');
  const removed = await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    const photoIds = await findPhotoIdsOfGallery(tx, gallery.id);
    await updateGalleryRow(tx, gallery.id, { coverPhotoId: null });
    const fileRows = await deletePhotos(tx, photoIds);
    await adjustPhotosCount(tx, gallery.performerId, -photoIds.length);
    await deleteSocialTraces(tx, 'gallery', gallery.id);
    await deleteGalleryRow(tx, gallery.id);
    return fileRows;
  });
  await removeStoredBytes(ctx, removed);
}

/** The creator's view of one of their galleries. */
export async function getMyGallery(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TGallery> {
  return presentOne(ctx, options.actor, await findOwnGallery(ctx, options));
}

/** The creator's own galleries, drafts included. */
export async function searchMyGalleries(
  ctx: AppContext,
  options: { actor: Actor; query: TAssetSearchQuery },
): Promise<{ data: TGallery[]; total: number }> {
  const status =
    options.query.status === 'active' || options.query.status === 'draft' ? options.query.status : undefined;
  const { rows, total } = await searchGalleries(ctx.db.db, {
    query: options.query,
    performerId: options.actor.id,
    status,
    listedOnly: false,
    includeHidden: true,
  });
  return { data: await presentGalleries(ctx, { actor: options.actor, rows }), total };
}

/** Active galleries fans may browse (of one creator, or of every listed creator), locked per the gate. */
export async function searchPublicGalleries(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TAssetSearchQuery },
): Promise<{ data: TGallery[]; total: number }> {
  const { actor, country, query } = options;
  if (query.performerId) {
    const performer = await findVisiblePerformer(ctx, { actor, country, idOrUsername: query.performerId });
    const { rows, total } = await searchGalleries(ctx.db.db, {
      query,
      performerId: performer.user.id,
      status: 'active',
      listedOnly: false,
      includeHidden: false,
    });
    return { data: await presentGalleries(ctx, { actor, rows }), total };
  }
  const { rows, total } = await searchGalleries(ctx.db.db, {
    query,
    status: 'active',
    listedOnly: true,
    includeHidden: false,
    geo: { actor, country },
  });
  return { data: await presentGalleries(ctx, { actor, rows }), total };
}

/**
 * An active gallery of a creator the actor may see, not hidden by moderators (its owner also sees
 * drafts and hidden ones, admins hidden ones), else 404.
 */
export async function findVisibleGallery(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
) {
  const row = await findGallery(ctx.db.db, options.id);
  const isOwner = row !== null && options.actor?.id === row.performerId;
  if (!row || (row.status !== 'active' && !isOwner)) throw notFound('That gallery');
  if (isHiddenFrom(row, options.actor, row.performerId)) throw notFound('That gallery');
  const visible = await filterVisiblePerformerIds(ctx, {
    actor: options.actor,
    country: options.country,
    ids: [row.performerId],
  });
  if (!visible.has(row.performerId)) throw notFound('That gallery');
  return row;
}

/** One gallery with its photos for a fan: locked photos carry only their blurred previews. */
export async function getPublicGallery(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<TGalleryDetail> {
  const row = await findVisibleGallery(ctx, options);
  const [gallery, photoPage] = await Promise.all([
    presentOne(ctx, options.actor, row),
    searchPhotos(ctx.db.db, {
      galleryId: row.id,
      activeGalleriesOnly: false,
      includeHidden: maySeeHidden(options.actor, row.performerId),
      offset: 0,
      limit: photosPerGalleryView,
    }),
  ]);
  const sign = signerOf(ctx);
  // The gallery's own decision covers its photos (a photo is unlocked by its gallery): one gate call.
  const canView = !gallery.isLocked;
  return { ...gallery, photos: photoPage.rows.map((r) => presentPhoto(r, { canView, sign })) };
}

/** What a gallery download holds: a file name and each photo's full-size image. */
export interface GalleryArchive {
  filename: string;
  entries: { name: string; key: string; size?: number }[];
}

/**
 * The photos of a gallery for a zip download, for viewers the gate lets see them. Others who may
 * see the gallery get 403 with what they need to do; a gallery they may not see is a 404.
 */
export async function prepareGalleryDownload(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<GalleryArchive> {
  const row = await findVisibleGallery(ctx, options);
  const photosOfGallery = (await findGalleryPhotoFiles(ctx.db.db, row.id)).filter(
    (p) => !isHiddenFrom(p.photo, options.actor, row.performerId),
  );
  const decisions = await decideContentAccess(ctx, {
    actor: options.actor,
    items: [galleryGate(row), ...photosOfGallery.map((p) => photoGate(p.photo, row))],
  });
  const decision = decisions.get(row.id);
  if (!decision?.canView) {
    throw new AppError(
      'FORBIDDEN',
      decision?.reason === 'needs-purchase'
        ? 'Buy this gallery to download its photos.'
        : decision?.reason === 'needs-login'
          ? 'Please log in to download this gallery.'
          : 'Subscribe to this creator to download this gallery.',
    );
  }
  const readable = photosOfGallery.filter((p) => decisions.get(p.photo.id)?.canView && fullKeyOf(p.file));
  if (readable.length === 0)
    throw new AppError('UNPROCESSABLE', 'This gallery has no photos to download yet.');
  const width = String(readable.length).length;
  return {
    filename: `${safeName(row.title) || 'gallery'}.zip`,
    entries: readable.map((p, i) => ({
      name: `${String(i + 1).padStart(width, '0')}-${safeName(p.photo.title) || 'photo'}.webp`,
      key: fullKeyOf(p.file)!,
    })),
  };
}

const fullKeyOf = (file: FileRow) => (file.status === 'ready' ? (file.variants?.full?.key ?? null) : null);

/** A name fit for a file inside a zip and for Content-Disposition: letters, digits, dash. */
const safeName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** Streams the archive: photos are read one at a time from storage, stored as they are (WebP is compressed). */
export function streamGalleryArchive(ctx: AppContext, archive: GalleryArchive): Readable {
  const zip = new yazl.ZipFile();
  for (const entry of archive.entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: new Date(0) }, (done) => {
      ctx.storage.read(entry.key).then(
        (file) =>
          file ? done(null, file.stream) : done(new Error(`missing ${entry.key}`), undefined as never),
        (err: Error) => done(err, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
