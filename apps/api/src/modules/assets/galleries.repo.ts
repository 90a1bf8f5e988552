import type { TAssetSearchQuery } from '@fanstage/contract';
import {
  and,
  asc,
  count,
  desc,
  type Executor,
  eq,
  files,
  galleries,
  ilike,
  inArray,
  performerProfiles,
  photos,
  sql,
  users,
} from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';
import { notHidden } from '../access/hidden';
import { listedCondition } from '../performers/performers.repo';

export type GalleryRow = typeof galleries.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
type FileRow = typeof files.$inferSelect;

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertGallery(
  db: Executor,
  values: typeof galleries.$inferInsert,
): Promise<GalleryRow> {
  const [row] = await db.insert(galleries).values(values).returning();
  return row!;
}

export async function findGallery(db: Executor, id: string): Promise<GalleryRow | null> {
  return (await db.select().from(galleries).where(eq(galleries.id, id)).limit(1))[0] ?? null;
}

export async function updateGallery(
  db: Executor,
  id: string,
  values: Partial<typeof galleries.$inferInsert>,
): Promise<GalleryRow> {
  const [row] = await db.update(galleries).set(values).where(eq(galleries.id, id)).returning();
  return row!;
}

export async function deleteGallery(db: Executor, id: string): Promise<void> {
  await db.delete(galleries).where(eq(galleries.id, id));
}

/**
 * A page of galleries. `listedOnly` keeps those of creators every visitor may see (fan side);
 * `performerId` narrows to one creator.
 */
export async function searchGalleries(
  db: Executor,
  options: {
    query: TAssetSearchQuery;
    performerId?: string;
    status?: 'active' | 'draft';
    listedOnly: boolean;
    /** The owner's own list keeps galleries moderators hid (shown with the reason); fans' lists do not. */
    includeHidden: boolean;
    /** Who looks from where: creators who blocked that country are left out. */
    geo?: GeoViewer;
  },
): Promise<{ rows: GalleryRow[]; total: number }> {
  const { query } = options;
  const where = and(
    options.performerId ? eq(galleries.performerId, options.performerId) : undefined,
    options.status ? eq(galleries.status, options.status) : undefined,
    options.includeHidden ? undefined : notHidden(galleries),
    query.q ? ilike(galleries.title, containsPattern(query.q)) : undefined,
    options.listedOnly ? listedCondition : undefined,
    options.geo ? creatorListedForViewer(options.geo, galleries.performerId) : undefined,
  );
  const sortColumn = {
    updatedAt: galleries.updatedAt,
    createdAt: galleries.createdAt,
    title: galleries.title,
    price: galleries.priceCents,
  }[query.sortBy];
  const order = query.sort === 'asc' ? asc(sortColumn) : desc(sortColumn);
  const base = () => {
    const q = db.select({ gallery: galleries }).from(galleries);
    return options.listedOnly
      ? q
          .innerJoin(users, eq(users.id, galleries.performerId))
          .innerJoin(performerProfiles, eq(performerProfiles.userId, galleries.performerId))
      : q;
  };
  const [rows, [totals]] = await Promise.all([
    base().where(where).orderBy(order, desc(galleries.id)).limit(query.limit).offset(query.offset),
    (options.listedOnly
      ? db
          .select({ n: count() })
          .from(galleries)
          .innerJoin(users, eq(users.id, galleries.performerId))
          .innerJoin(performerProfiles, eq(performerProfiles.userId, galleries.performerId))
      : db.select({ n: count() }).from(galleries)
    ).where(where),
  ]);
  return { rows: rows.map((r) => r.gallery), total: Number(totals?.n ?? 0) };
}

/** Photo counts of many galleries in one query. */
export async function countPhotosByGallery(db: Executor, galleryIds: string[]): Promise<Map<string, number>> {
  if (galleryIds.length === 0) return new Map();
  const rows = await db
    .select({ galleryId: photos.galleryId, n: count() })
    .from(photos)
    .where(inArray(photos.galleryId, galleryIds))
    .groupBy(photos.galleryId);
  return new Map(rows.map((r) => [r.galleryId, Number(r.n)]));
}

/** Cover photos' files of many galleries in one query, keyed by gallery id. */
export async function findCoverFiles(
  db: Executor,
  rows: GalleryRow[],
): Promise<Map<string, { file: FileRow; hiddenAt: Date | null }>> {
  const coverIds = rows.map((r) => r.coverPhotoId).filter((id): id is string => id !== null);
  if (coverIds.length === 0) return new Map();
  const found = await db
    .select({ galleryId: photos.galleryId, file: files, hiddenAt: photos.hiddenAt })
    .from(photos)
    .innerJoin(files, eq(files.id, photos.fileId))
    .where(inArray(photos.id, coverIds));
  return new Map(found.map((r) => [r.galleryId, { file: r.file, hiddenAt: r.hiddenAt }]));
}

/** Adds to (or takes from) a creator's photos_count; run in the transaction of the change. */
export async function adjustPhotosCount(db: Executor, performerId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(performerProfiles)
    .set({ photosCount: sql`${performerProfiles.photosCount} + ${delta}` })
    .where(eq(performerProfiles.userId, performerId));
}

export async function insertPhotos(
  db: Executor,
  values: (typeof photos.$inferInsert)[],
): Promise<PhotoRow[]> {
  if (values.length === 0) return [];
  return db.insert(photos).values(values).returning();
}

export interface PhotoWithFile {
  photo: PhotoRow;
  file: FileRow;
  gallery: GalleryRow;
}

const photoSelect = { photo: photos, file: files, gallery: galleries };

export async function findPhoto(db: Executor, id: string): Promise<PhotoWithFile | null> {
  const rows = await db
    .select(photoSelect)
    .from(photos)
    .innerJoin(files, eq(files.id, photos.fileId))
    .innerJoin(galleries, eq(galleries.id, photos.galleryId))
    .where(eq(photos.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function updatePhoto(
  db: Executor,
  id: string,
  values: Partial<typeof photos.$inferInsert>,
): Promise<void> {
  await db.update(photos).set(values).where(eq(photos.id, id));
}

/** Deletes photos and their file rows; answers the file rows so that their bytes can go too. */
export async function deletePhotos(db: Executor, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const deleted = await db.delete(photos).where(inArray(photos.id, ids)).returning({ fileId: photos.fileId });
  if (deleted.length === 0) return [];
  return db
    .delete(files)
    .where(
      inArray(
        files.id,
        deleted.map((d) => d.fileId),
      ),
    )
    .returning();
}

export async function findPhotoIdsOfGallery(db: Executor, galleryId: string): Promise<string[]> {
  const rows = await db.select({ id: photos.id }).from(photos).where(eq(photos.galleryId, galleryId));
  return rows.map((r) => r.id);
}

/** A page of photos with their file and gallery (one query), oldest first inside a gallery. */
export async function searchPhotos(
  db: Executor,
  options: {
    performerId?: string;
    galleryId?: string;
    activeGalleriesOnly: boolean;
    /** Keep photos (and galleries) moderators hid: the owner's and admins' view only. */
    includeHidden: boolean;
    offset: number;
    limit: number;
    q?: string;
  },
): Promise<{ rows: PhotoWithFile[]; total: number }> {
  const conditions = [
    options.performerId ? eq(photos.performerId, options.performerId) : undefined,
    options.galleryId ? eq(photos.galleryId, options.galleryId) : undefined,
    options.activeGalleriesOnly ? eq(galleries.status, 'active') : undefined,
    options.includeHidden ? undefined : and(notHidden(photos), notHidden(galleries)),
    options.q ? ilike(photos.title, containsPattern(options.q)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(photoSelect)
      .from(photos)
      .innerJoin(files, eq(files.id, photos.fileId))
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where)
      .orderBy(asc(photos.createdAt), asc(photos.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** Every photo of a gallery with its file, for the zip. */
export async function findGalleryPhotoFiles(
  db: Executor,
  galleryId: string,
): Promise<{ photo: PhotoRow; file: FileRow }[]> {
  return db
    .select({ photo: photos, file: files })
    .from(photos)
    .innerJoin(files, eq(files.id, photos.fileId))
    .where(eq(photos.galleryId, galleryId))
    .orderBy(asc(photos.createdAt), asc(photos.id));
}
