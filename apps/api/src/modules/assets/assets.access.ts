import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import type { GatedItem } from '../access/content-access';
import type { Actor } from '../auth/sessions';
import { findGallery, findPhoto, type GalleryRow, type PhotoWithFile } from './galleries.repo';

/*
 * Who may manage which asset: only its creator (creator routes are for role performer). Missing and
 * not yours answer the same 404. Who may *see* an asset is the content access gate's business; the
 * functions below only say how each asset presents itself to that gate.
 */

/** A gallery of the actor's own, else 404. */
export async function findOwnGallery(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<GalleryRow> {
  const row = await findGallery(ctx.db.db, options.id);
  if (!row || row.performerId !== options.actor.id) throw notFound('That gallery');
  return row;
}

/** A photo of the actor's own (with its file and gallery), else 404. */
export async function findOwnPhoto(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<PhotoWithFile> {
  const row = await findPhoto(ctx.db.db, options.id);
  if (!row || row.photo.performerId !== options.actor.id) throw notFound('That photo');
  return row;
}

/** A gallery as the gate sees it: bought as a whole. */
export const galleryGate = (
  row: Pick<GalleryRow, 'id' | 'performerId' | 'isSale' | 'priceCents'>,
): GatedItem => ({
  id: row.id,
  type: 'gallery',
  ownerId: row.performerId,
  isSale: row.isSale,
  priceCents: row.priceCents,
});

/** A photo is sold with its gallery: buying the gallery unlocks it. */
export const photoGate = (
  photo: { id: string; performerId: string },
  gallery: Pick<GalleryRow, 'id' | 'isSale' | 'priceCents'>,
): GatedItem => ({
  id: photo.id,
  type: 'photo',
  ownerId: photo.performerId,
  isSale: gallery.isSale,
  priceCents: gallery.priceCents,
  unlockedBy: { type: 'gallery', id: gallery.id },
});
