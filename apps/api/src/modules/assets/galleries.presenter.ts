import { fromCents, type TGallery, type TPhoto } from '@fanstage/contract';
import { hiddenStateOf } from '../access/hidden';
import { presentMedia } from '../media/media.presenter';
import type { FileRow } from '../media/media.repo';
import type { ViewerReactions } from '../reactions/reactions.viewer';
import { iso } from './assets.files';
import type { GalleryRow, PhotoRow } from './galleries.repo';

/** A gallery for one viewer: the cover's URLs only when the viewer may see the photos. */
export function presentGallery(
  row: GalleryRow,
  options: {
    numPhotos: number;
    coverFile: FileRow | null;
    canView: boolean;
    sign: (key: string) => string;
    reactions: ViewerReactions;
  },
): TGallery {
  return {
    _id: row.id,
    performerId: row.performerId,
    title: row.title,
    description: row.description,
    isSale: row.isSale,
    price: fromCents(row.priceCents),
    status: row.status,
    numPhotos: options.numPhotos,
    coverPhotoId: row.coverPhotoId,
    cover: options.coverFile
      ? presentMedia(options.coverFile, { canView: options.canView, sign: options.sign })
      : null,
    isLocked: !options.canView,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    ...options.reactions,
    hidden: hiddenStateOf(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A photo for one viewer: signed URLs with access, else only the blurred preview. */
export function presentPhoto(
  row: { photo: PhotoRow; file: FileRow; gallery: Pick<GalleryRow, 'coverPhotoId'> },
  options: { canView: boolean; sign: (key: string) => string },
): TPhoto {
  const { photo } = row;
  return {
    _id: photo.id,
    performerId: photo.performerId,
    galleryId: photo.galleryId,
    title: photo.title,
    description: photo.description,
    isCover: row.gallery.coverPhotoId === photo.id,
    isLocked: !options.canView,
    media: presentMedia(row.file, options),
    hidden: hiddenStateOf(photo),
    createdAt: iso(photo.createdAt),
    updatedAt: iso(photo.updatedAt),
  };
}
