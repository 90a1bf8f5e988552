import type { TAssetSearchQuery } from '@fanstage/contract';
import {
  and,
  asc,
  count,
  desc,
  type Executor,
  eq,
  files,
  ilike,
  inArray,
  ne,
  performerProfiles,
  sql,
  users,
  videos,
} from '@fanstage/db';
import { creatorListedForViewer, type GeoViewer } from '../access/geo';
import { notHidden } from '../access/hidden';
import { listedCondition } from '../performers/performers.repo';

export type VideoRow = typeof videos.$inferSelect;
type FileRow = typeof files.$inferSelect;
export interface VideoWithFile {
  video: VideoRow;
  file: FileRow;
}

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertVideo(db: Executor, values: typeof videos.$inferInsert): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(values).returning();
  return row!;
}

export async function findVideo(db: Executor, id: string): Promise<VideoWithFile | null> {
  const rows = await db
    .select({ video: videos, file: files })
    .from(videos)
    .innerJoin(files, eq(files.id, videos.fileId))
    .where(eq(videos.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateVideo(
  db: Executor,
  id: string,
  values: Partial<typeof videos.$inferInsert>,
): Promise<void> {
  await db.update(videos).set(values).where(eq(videos.id, id));
}

export async function deleteVideoRow(db: Executor, id: string): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}

/** Deletes file rows; answers them so that their bytes can go too. */
export async function deleteFileRows(db: Executor, ids: (string | null)[]): Promise<FileRow[]> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return [];
  return db.delete(files).where(inArray(files.id, wanted)).returning();
}

/** Adds to (or takes from) a creator's videos_count; run in the transaction of the change. */
export async function adjustVideosCount(db: Executor, performerId: string, delta: number): Promise<void> {
  await db
    .update(performerProfiles)
    .set({ videosCount: sql`${performerProfiles.videosCount} + ${delta}` })
    .where(eq(performerProfiles.userId, performerId));
}

/** The shown status in SQL: `draft` is the creator's; otherwise the file decides. */
const statusCondition = (status: TAssetSearchQuery['status']) => {
  switch (status) {
    case 'draft':
      return eq(videos.status, 'draft');
    case 'active':
      return and(eq(videos.status, 'active'), eq(files.status, 'ready'));
    case 'failed':
      return and(eq(videos.status, 'active'), eq(files.status, 'failed'));
    case 'processing':
      return and(eq(videos.status, 'active'), inArray(files.status, ['uploaded', 'processing']));
    default:
      return undefined;
  }
};

/**
 * A page of videos with their main file (one query). Fans (`forFans`) see only active videos whose
 * file is ready, of listed creators unless one creator is named (the caller checked that one).
 */
export async function searchVideos(
  db: Executor,
  options: {
    query: TAssetSearchQuery;
    performerId?: string;
    forFans: boolean;
    /** Who looks from where: creators who blocked that country are left out. */
    geo?: GeoViewer;
  },
): Promise<{ rows: VideoWithFile[]; total: number }> {
  const { query } = options;
  const needsListed = options.forFans && !options.performerId;
  const where = and(
    options.performerId ? eq(videos.performerId, options.performerId) : undefined,
    options.forFans ? statusCondition('active') : statusCondition(query.status),
    query.q ? ilike(videos.title, containsPattern(query.q)) : undefined,
    needsListed ? listedCondition : undefined,
    options.geo ? creatorListedForViewer(options.geo, videos.performerId) : undefined,
    options.forFans ? ne(files.status, 'failed') : undefined,
    options.forFans ? notHidden(videos) : undefined,
  );
  const sortColumn = {
    updatedAt: videos.updatedAt,
    createdAt: videos.createdAt,
    title: videos.title,
    price: videos.priceCents,
  }[query.sortBy];
  const order = query.sort === 'asc' ? asc(sortColumn) : desc(sortColumn);
  // Every video's creator has a profile, so the joins keep every row; they are there for listedCondition.
  const [rows, [totals]] = await Promise.all([
    db
      .select({ video: videos, file: files })
      .from(videos)
      .innerJoin(files, eq(files.id, videos.fileId))
      .innerJoin(users, eq(users.id, videos.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, videos.performerId))
      .where(where)
      .orderBy(order, desc(videos.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(videos)
      .innerJoin(files, eq(files.id, videos.fileId))
      .innerJoin(users, eq(users.id, videos.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, videos.performerId))
      .where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}
