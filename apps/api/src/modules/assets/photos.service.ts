import { type TListQuery, type TPhoto, type TPhotoUpdate, ZPhotoUploadFields } from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { decideContentAccess } from '../access/content-access';
import { maySeeHidden } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import type { TempUpload } from '../files/files.upload';
import { findVisiblePerformer } from '../performers/performers.access';
import { findOwnGallery, findOwnPhoto, photoGate } from './assets.access';
import { discardFiles, removeStoredBytes, signerOf, storeUploads } from './assets.files';
import { presentPhoto } from './galleries.presenter';
import {
  adjustPhotosCount,
  deletePhotos,
  findGallery,
  findPhoto,
  insertPhotos,
  type PhotoWithFile,
  searchPhotos,
  updateGallery,
  updatePhoto as updatePhotoRow,
} from './galleries.repo';
import { findVisibleGallery } from './galleries.service';

/** How many photos one upload request may carry. */
export const maxPhotosPerUpload = 10;

/**
 * Adds uploaded photos to a gallery of the actor's own. The images go through the media pipeline
 * first; then the photo rows, photos_count and (for a gallery without one) the cover are written
 * in one transaction. When anything is refused, no photo and no file stays.
 */
export async function uploadPhotos(
  ctx: AppContext,
  options: { actor: Actor; fields: Record<string, unknown>; uploads: TempUpload[] },
): Promise<TPhoto[]> {
  const fields = ZPhotoUploadFields.parse(options.fields);
  if (options.uploads.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Please choose a photo to upload (form field "photo").');
  }
  const gallery = await findOwnGallery(ctx, { actor: options.actor, id: fields.galleryId });
  const fileIds = await storeUploads(ctx, {
    actor: options.actor,
    kind: 'gallery-photo',
    uploads: options.uploads,
  });
  let photoIds: string[];
  try {
    photoIds = await ctx.db.db.transaction(async (tx) => {
      const rows = await insertPhotos(
        tx,
        fileIds.map((fileId, i) => ({
          performerId: options.actor.id,
          galleryId: gallery.id,
          fileId,
          title: fields.title || (options.uploads[i]?.filename ?? '').replace(/\.[^.]*$/, '').slice(0, 200),
          description: fields.description,
        })),
      );
      await adjustPhotosCount(tx, options.actor.id, rows.length);
      // A gallery's first photo becomes its cover (unless one was set meanwhile).
      const current = await findGallery(tx, gallery.id);
      if (current && !current.coverPhotoId && rows[0]) {
        await updateGallery(tx, gallery.id, { coverPhotoId: rows[0].id });
      }
      return rows.map((r) => r.id);
    });
  } catch (err) {
    await discardFiles(ctx, fileIds);
    throw err;
  }
  const sign = signerOf(ctx);
  const found = await Promise.all(photoIds.map((id) => findPhoto(ctx.db.db, id)));
  return found
    .filter((r): r is PhotoWithFile => r !== null)
    .map((r) => presentPhoto(r, { canView: true, sign }));
}

/** The creator's own photos, of one gallery or all. */
export async function searchMyPhotos(
  ctx: AppContext,
  options: { actor: Actor; query: TListQuery & { galleryId?: string } },
): Promise<{ data: TPhoto[]; total: number }> {
  const { query } = options;
  const { rows, total } = await searchPhotos(ctx.db.db, {
    performerId: options.actor.id,
    galleryId: query.galleryId,
    activeGalleriesOnly: false,
    includeHidden: true,
    offset: query.offset,
    limit: query.limit,
    q: query.q,
  });
  const sign = signerOf(ctx);
  return { data: rows.map((r) => presentPhoto(r, { canView: true, sign })), total };
}

/** Changes a photo's title, description or gallery (another of the actor's own galleries). */
export async function updatePhoto(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TPhotoUpdate },
): Promise<TPhoto> {
  const current = await findOwnPhoto(ctx, options);
  const { input } = options;
  const moving = input.galleryId !== undefined && input.galleryId !== current.photo.galleryId;
  const target = moving ? await findOwnGallery(ctx, { actor: options.actor, id: input.galleryId! }) : null;
  await ctx.db.db.transaction(async (tx) => {
    await updatePhotoRow(tx, current.photo.id, {
      title: input.title,
      description: input.description,
      galleryId: target?.id,
    });
    if (!target) return;
    // A photo that leaves its gallery stops being its cover; it may become the cover of the new one.
    if (current.gallery.coverPhotoId === current.photo.id) {
      await updateGallery(tx, current.gallery.id, { coverPhotoId: null });
    }
    if (!target.coverPhotoId) await updateGallery(tx, target.id, { coverPhotoId: current.photo.id });
  });
  const row = await findPhoto(ctx.db.db, current.photo.id);
  if (!row) throw notFound('That photo');
  return presentPhoto(row, { canView: true, sign: signerOf(ctx) });
}

/** Deletes a photo and its file; photos_count follows in the same transaction. */
export async function deletePhoto(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  await findOwnPhoto(ctx, options);
  await removePhoto(ctx, { id: options.id });
}

/**
 * Deletes a photo and its file, whoever asked (its owner, or a moderator whose `inTransaction`
 * writes the audit row); 404 when it is gone.
 */
export async function removePhoto(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const current = await findPhoto(ctx.db.db, options.id);
  if (!current) throw notFound('That photo');
  const removed = await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    const fileRows = await deletePhotos(tx, [current.photo.id]);
    await adjustPhotosCount(tx, current.photo.performerId, -1);
    return fileRows;
  });
  await removeStoredBytes(ctx, removed);
}

/** Makes a photo the cover of its gallery. */
export async function setCoverPhoto(ctx: AppContext, options: { actor: Actor; id: string }): Promise<TPhoto> {
  const current = await findOwnPhoto(ctx, options);
  await updateGallery(ctx.db.db, current.gallery.id, { coverPhotoId: current.photo.id });
  return presentPhoto(
    { ...current, gallery: { coverPhotoId: current.photo.id } },
    { canView: true, sign: signerOf(ctx) },
  );
}

/**
 * Photos of active galleries for a fan, of one creator or one gallery, each locked or not per the
 * gate (a photo is unlocked by buying its gallery).
 */
export async function searchPublicPhotos(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    country: string | null;
    performerId?: string;
    galleryId?: string;
    query: TListQuery;
  },
): Promise<{ data: TPhoto[]; total: number }> {
  const { actor, country, query } = options;
  let performerId: string | undefined;
  if (options.galleryId) {
    performerId = (await findVisibleGallery(ctx, { actor, country, id: options.galleryId })).performerId;
  }
  if (options.performerId) {
    const performer = await findVisiblePerformer(ctx, { actor, country, idOrUsername: options.performerId });
    if (performerId && performerId !== performer.user.id) return { data: [], total: 0 };
    performerId = performer.user.id;
  }
  if (!performerId) {
    throw new AppError('VALIDATION_FAILED', 'Choose a creator (performerId) or a gallery (galleryId).');
  }
  const { rows, total } = await searchPhotos(ctx.db.db, {
    performerId,
    galleryId: options.galleryId,
    activeGalleriesOnly: true,
    includeHidden: maySeeHidden(actor, performerId),
    offset: query.offset,
    limit: query.limit,
    q: query.q,
  });
  const decisions = await decideContentAccess(ctx, {
    actor,
    items: rows.map((r) => photoGate(r.photo, r.gallery)),
  });
  const sign = signerOf(ctx);
  return {
    data: rows.map((r) => presentPhoto(r, { canView: decisions.get(r.photo.id)?.canView ?? false, sign })),
    total,
  };
}
