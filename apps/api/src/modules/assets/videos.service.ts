import {
  fromCents,
  type TAssetSearchQuery,
  type TMediaView,
  type TVideo,
  type TVideoStatus,
  toCents,
  ZVideoFields,
  type ZVideoFileStatus,
  ZVideoUpdate,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { decideContentAccess, type GatedItem } from '../access/content-access';
import { hiddenStateOf, isHiddenFrom } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import { deleteSocialTraces } from '../comments/comments.repo';
import type { TempUpload } from '../files/files.upload';
import { presentFileStatus, presentMedia, presentTeaserUrl } from '../media/media.presenter';
import type { FileRow } from '../media/media.repo';
import { filterVisiblePerformerIds, findVisiblePerformer } from '../performers/performers.access';
import { loadViewerReactions } from '../reactions/reactions.viewer';
import { discardFiles, findFilesByIds, iso, removeStoredBytes, signerOf, storeUploads } from './assets.files';
import type { FormFileField } from './assets.upload';
import {
  adjustVideosCount,
  deleteFileRows,
  deleteVideoRow,
  findVideo,
  insertVideo,
  searchVideos,
  updateVideo,
  type VideoRow,
  type VideoWithFile,
} from './videos.repo';

/** The file fields of the video forms. */
export const videoFormFiles: Record<string, FormFileField> = {
  file: { kind: 'asset-video', maxCount: 1 },
  teaser: { kind: 'video-teaser', maxCount: 1 },
  thumbnail: { kind: 'video-thumbnail', maxCount: 1 },
};

const videoGate = (row: VideoRow): GatedItem => ({
  id: row.id,
  type: 'video',
  ownerId: row.performerId,
  isSale: row.isSale,
  priceCents: row.priceCents,
});

/** `draft` is the creator's choice; otherwise the file decides what fans and the creator see. */
export function videoStatusOf(row: VideoRow, file: Pick<FileRow, 'status'>): TVideoStatus {
  if (row.status === 'draft') return 'draft';
  if (file.status === 'ready') return 'active';
  if (file.status === 'failed') return 'failed';
  return 'processing';
}

/** Presents videos for one viewer: one gate call and one file query for the whole page. */
async function presentVideos(ctx: AppContext, actor: Actor | null, rows: VideoWithFile[]): Promise<TVideo[]> {
  const [extras, decisions, reactionsOf] = await Promise.all([
    findFilesByIds(
      ctx.db.db,
      rows.flatMap((r) => [r.video.teaserFileId, r.video.thumbnailFileId]),
    ),
    decideContentAccess(ctx, { actor, items: rows.map((r) => videoGate(r.video)) }),
    loadViewerReactions(ctx, { actor, objectType: 'video', objectIds: rows.map((r) => r.video.id) }),
  ]);
  const sign = signerOf(ctx);
  return rows.map(({ video, file }) => {
    const canView = decisions.get(video.id)?.canView ?? false;
    const teaserFile = video.teaserFileId ? extras.get(video.teaserFileId) : undefined;
    const thumbnailFile = video.thumbnailFileId ? extras.get(video.thumbnailFileId) : undefined;
    // Teaser and thumbnail are what a locked video may show; the video's own URLs need access.
    let teaser: TMediaView | null = teaserFile ? presentMedia(teaserFile, { canView: true, sign }) : null;
    const generated = presentTeaserUrl(file, { sign });
    if (!teaser && generated) {
      teaser = {
        _id: file.id,
        kind: 'video-teaser',
        status: 'ready',
        hasTeaser: true,
        urls: { video: generated },
      };
    }
    return {
      _id: video.id,
      performerId: video.performerId,
      title: video.title,
      description: video.description,
      tags: video.tags,
      isSale: video.isSale,
      price: fromCents(video.priceCents),
      status: videoStatusOf(video, file),
      isLocked: !canView,
      video: presentMedia(file, { canView, sign }),
      teaser,
      thumbnail: thumbnailFile ? presentMedia(thumbnailFile, { canView: true, sign }) : null,
      likesCount: video.likesCount,
      commentsCount: video.commentsCount,
      ...reactionsOf(video.id),
      hidden: hiddenStateOf(video),
      createdAt: iso(video.createdAt),
      updatedAt: iso(video.updatedAt),
    };
  });
}

async function findOwnVideo(ctx: AppContext, options: { actor: Actor; id: string }): Promise<VideoWithFile> {
  const row = await findVideo(ctx.db.db, options.id);
  if (!row || row.video.performerId !== options.actor.id) throw notFound('That video');
  return row;
}

async function presentOwn(ctx: AppContext, actor: Actor, id: string): Promise<TVideo> {
  return (await presentVideos(ctx, actor, [await findOwnVideo(ctx, { actor, id })]))[0]!;
}

/** Stores the optional teaser and thumbnail of a form; all or nothing. */
async function storeExtras(ctx: AppContext, actor: Actor, files: Record<string, TempUpload[]>) {
  const teaser = await storeUploads(ctx, { actor, kind: 'video-teaser', uploads: files.teaser ?? [] });
  try {
    const thumbnail = await storeUploads(ctx, {
      actor,
      kind: 'video-thumbnail',
      uploads: files.thumbnail ?? [],
    });
    return { teaserFileId: teaser[0] ?? null, thumbnailFileId: thumbnail[0] ?? null };
  } catch (err) {
    await discardFiles(ctx, teaser);
    throw err;
  }
}

/**
 * Creates a video from an upload (form field `file`, with optional `teaser` and `thumbnail`). The
 * video is transcoded by a job; until it is ready its status is `processing` and fans do not see
 * it. The row and videos_count are written in one transaction; on any refusal no file stays.
 */
export async function uploadVideo(
  ctx: AppContext,
  options: { actor: Actor; fields: Record<string, unknown>; files: Record<string, TempUpload[]> },
): Promise<TVideo> {
  const { actor, files } = options;
  const input = ZVideoFields.parse(options.fields);
  if (!files.file?.length)
    throw new AppError('VALIDATION_FAILED', 'Please choose a video to upload (form field "file").');
  const [fileId] = await storeUploads(ctx, { actor, kind: 'asset-video', uploads: files.file });
  let extras: Awaited<ReturnType<typeof storeExtras>> | null = null;
  try {
    extras = await storeExtras(ctx, actor, files);
    const row = await ctx.db.db.transaction(async (tx) => {
      const video = await insertVideo(tx, {
        performerId: actor.id,
        title: input.title,
        description: input.description,
        tags: input.tags,
        isSale: input.isSale,
        priceCents: input.isSale ? toCents(input.price) : 0,
        status: input.status,
        fileId: fileId!,
        ...extras,
      });
      await adjustVideosCount(tx, actor.id, 1);
      return video;
    });
    return presentOwn(ctx, actor, row.id);
  } catch (err) {
    await discardFiles(ctx, [fileId!, extras?.teaserFileId ?? null, extras?.thumbnailFileId ?? null]);
    throw err;
  }
}

/** Changes a video's fields and, when sent, replaces its file, teaser or thumbnail. */
export async function editVideo(
  ctx: AppContext,
  options: { actor: Actor; id: string; fields: Record<string, unknown>; files: Record<string, TempUpload[]> },
): Promise<TVideo> {
  const { actor, files } = options;
  const current = await findOwnVideo(ctx, options);
  const input = ZVideoUpdate.parse(options.fields);
  const newFile = files.file?.length
    ? (await storeUploads(ctx, { actor, kind: 'asset-video', uploads: files.file }))[0]!
    : null;
  let extras: Awaited<ReturnType<typeof storeExtras>> | null = null;
  try {
    extras = await storeExtras(ctx, actor, files);
    const isSale = input.isSale ?? current.video.isSale;
    await updateVideo(ctx.db.db, current.video.id, {
      title: input.title,
      description: input.description,
      tags: input.tags,
      isSale,
      priceCents: isSale ? (input.price !== undefined ? toCents(input.price) : current.video.priceCents) : 0,
      status: input.status,
      fileId: newFile ?? undefined,
      teaserFileId: extras.teaserFileId ?? undefined,
      thumbnailFileId: extras.thumbnailFileId ?? undefined,
    });
  } catch (err) {
    await discardFiles(ctx, [newFile, extras?.teaserFileId ?? null, extras?.thumbnailFileId ?? null]);
    throw err;
  }
  await discardFiles(ctx, [
    newFile ? current.video.fileId : null,
    extras.teaserFileId ? current.video.teaserFileId : null,
    extras.thumbnailFileId ? current.video.thumbnailFileId : null,
  ]);
  return presentOwn(ctx, actor, current.video.id);
}

/** Removes a video's teaser or thumbnail (the video stays). */
export async function removeVideoFile(
  ctx: AppContext,
  options: { actor: Actor; id: string; type: 'teaser' | 'thumbnail' },
): Promise<TVideo> {
  const current = await findOwnVideo(ctx, options);
  const fileId = options.type === 'teaser' ? current.video.teaserFileId : current.video.thumbnailFileId;
  if (!fileId) throw notFound(options.type === 'teaser' ? 'That teaser' : 'That thumbnail');
  await updateVideo(
    ctx.db.db,
    current.video.id,
    options.type === 'teaser' ? { teaserFileId: null } : { thumbnailFileId: null },
  );
  await discardFiles(ctx, [fileId]);
  return presentOwn(ctx, options.actor, current.video.id);
}

/** Deletes a video and its files; videos_count follows in the same transaction. */
export async function deleteVideo(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  await findOwnVideo(ctx, options);
  await removeVideo(ctx, { id: options.id });
}

/**
 * Deletes a video with its files, likes and comments, whoever asked (its owner, or a moderator whose
 * `inTransaction` writes the audit row); 404 when it is gone.
 */
export async function removeVideo(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const row = await findVideo(ctx.db.db, options.id);
  if (!row) throw notFound('That video');
  const { video } = row;
  const removed = await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    await deleteSocialTraces(tx, 'video', video.id);
    await deleteVideoRow(tx, video.id);
    await adjustVideosCount(tx, video.performerId, -1);
    return deleteFileRows(tx, [video.fileId, video.teaserFileId, video.thumbnailFileId]);
  });
  await removeStoredBytes(ctx, removed);
}

export async function getMyVideo(ctx: AppContext, options: { actor: Actor; id: string }): Promise<TVideo> {
  return presentOwn(ctx, options.actor, options.id);
}

/** The creator's own videos, any status (filter with `status`). */
export async function searchMyVideos(
  ctx: AppContext,
  options: { actor: Actor; query: TAssetSearchQuery },
): Promise<{ data: TVideo[]; total: number }> {
  const { rows, total } = await searchVideos(ctx.db.db, {
    query: options.query,
    performerId: options.actor.id,
    forFans: false,
  });
  return { data: await presentVideos(ctx, options.actor, rows), total };
}

/** Active, ready videos for fans (of one creator, or of every listed creator), locked per the gate. */
export async function searchPublicVideos(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TAssetSearchQuery },
): Promise<{ data: TVideo[]; total: number }> {
  const { actor, country, query } = options;
  const performerId = query.performerId
    ? (await findVisiblePerformer(ctx, { actor, country, idOrUsername: query.performerId })).user.id
    : undefined;
  const { rows, total } = await searchVideos(ctx.db.db, {
    query,
    performerId,
    forFans: true,
    geo: { actor, country },
  });
  return { data: await presentVideos(ctx, actor, rows), total };
}

/**
 * A video fans may see: active, ready and not hidden by moderators, of a creator the actor may see
 * (the owner sees any of theirs; admins also hidden ones).
 */
async function findVisibleVideo(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
) {
  const row = await findVideo(ctx.db.db, options.id);
  if (!row) throw notFound('That video');
  const isOwner = options.actor?.id === row.video.performerId;
  if (!isOwner && videoStatusOf(row.video, row.file) !== 'active') throw notFound('That video');
  if (isHiddenFrom(row.video, options.actor, row.video.performerId)) throw notFound('That video');
  const visible = await filterVisiblePerformerIds(ctx, {
    actor: options.actor,
    country: options.country,
    ids: [row.video.performerId],
  });
  if (!visible.has(row.video.performerId)) throw notFound('That video');
  return row;
}

export async function getPublicVideo(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<TVideo> {
  return (await presentVideos(ctx, options.actor, [await findVisibleVideo(ctx, options)]))[0]!;
}

/** Where one of a video's files stands (the client polls it while the video is processed). */
export async function getVideoFileStatus(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string; fileId: string },
): Promise<z.infer<typeof ZVideoFileStatus>> {
  const { video } = await findVisibleVideo(ctx, options);
  if (![video.fileId, video.teaserFileId, video.thumbnailFileId].includes(options.fileId)) {
    throw notFound('That file');
  }
  const file = (await findFilesByIds(ctx.db.db, [options.fileId])).get(options.fileId);
  if (!file) throw notFound('That file');
  const status = presentFileStatus(file);
  return { _id: status._id, status: status.status, reason: status.reason, progress: status.progress };
}
