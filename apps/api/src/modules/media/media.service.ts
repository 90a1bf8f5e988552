import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  mediaUploadKinds,
  type TAnyUploadKind,
  type TMediaClass,
  type TMediaFile,
  type TMediaFileStatus,
} from '@fanstage/contract';
import { type MediaVariants, newId } from '@fanstage/db';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { blurredPreview, encodeImageSizes, type ImageSize, isAcceptedImageType } from '../../lib/images';
import { forgetViews } from '../../plugins/views';
import type { Actor } from '../auth/sessions';
import type { TempUpload } from '../files/files.upload';
import { forgetAccounts } from '../users/account-cache';
import { findManageableFile } from './media.access';
import { type ProbeResult, probeMedia, resolveMediaTools, untrustedMediaRefusal } from './media.ffmpeg';
import { presentFileStatus, presentMediaFile } from './media.presenter';
import {
  claimForProcessing,
  deleteFile,
  type FileRow,
  insertFile,
  markFailed,
  markReady,
  setProgress,
} from './media.repo';
import { isIsoMediaType, isTruncatedIsoMedia, sniffFile } from './media.sniff';
import { cutTeaser, extractFrame, transcodeAudio, transcodeVideo } from './media.transcode';

/** The queue that turns uploaded videos and audio into what players can play. */
export const transcodeJobName = 'media-transcode';
export interface TranscodeJob {
  fileId: string;
}

const mb = 1024 * 1024;

const imageSizes: ImageSize[] = [
  { name: 'thumbnail', width: 320 },
  { name: 'feed', width: 1080 },
  { name: 'full', box: 2048 },
];

const videoTypes = new Set([
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/matroska',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
  'video/mpeg',
  'video/mp2t',
  'video/vnd.avi',
  'video/x-flv',
  'video/ogg',
  'video/x-ms-asf',
]);
const audioTypes = new Set([
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/ogg',
  'audio/flac',
  'audio/aiff',
]);

const wrongType: Record<TMediaClass, string> = {
  image: 'Please upload an image (JPEG, PNG, WebP, GIF or AVIF).',
  video: 'Please upload a video (MP4, MOV, WebM, MKV or AVI).',
  audio: 'Please upload an audio file (MP3, M4A, AAC, WAV, OGG or FLAC).',
};
const unreadable: Record<Exclude<TMediaClass, 'image'>, string> = {
  video: 'This video could not be read; it may be damaged.',
  audio: 'This audio file could not be read; it may be damaged.',
};
const cannotProcess: Record<Exclude<TMediaClass, 'image'>, string> = {
  video: 'This video could not be processed; it may be damaged or in a format we cannot read.',
  audio: 'This audio file could not be processed; it may be damaged or in a format we cannot read.',
};

/** Where uploads and job outputs wait before they move into storage (same disk: a rename). */
export const tempDirOf = (ctx: AppContext) => resolve(ctx.config.DATA_DIR, 'tmp');

const formatSize = (bytes: number) =>
  bytes >= 1024 * mb ? `${Math.round((bytes / (1024 * mb)) * 10) / 10} GB` : `${Math.round(bytes / mb)} MB`;

/** The size limit of one upload kind (UPLOAD_MAX_MB may lower it) and the 413 sentence. */
export function uploadLimitOf(
  ctx: AppContext,
  kind: TAnyUploadKind,
): { maxBytes: number; tooLargeMessage: string } {
  const spec = mediaUploadKinds[kind];
  const cap = ctx.config.UPLOAD_MAX_MB ? Math.floor(ctx.config.UPLOAD_MAX_MB * mb) : Number.POSITIVE_INFINITY;
  const maxBytes = Math.min(spec.maxBytes, cap);
  return {
    maxBytes,
    tooLargeMessage: `This ${spec.label} is too large; the limit is ${formatSize(maxBytes)}.`,
  };
}

/**
 * Stores one feed upload that a route has streamed to a temp file. The bytes decide what it is.
 * Images are re-encoded at once (`ready`); videos and audio are probed now, so that a damaged
 * file is refused while the creator waits, and transcoded by a job (`uploaded`). On any refusal
 * nothing stays in storage or in the database.
 */
export async function uploadFeedMedia(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id'>; kind: TAnyUploadKind; upload: TempUpload },
): Promise<TMediaFile> {
  const spec = mediaUploadKinds[options.kind];
  const type = await sniffFile(options.upload.path);
  if (spec.mediaClass === 'image') {
    if (!type || !isAcceptedImageType(type.mime)) throw new AppError('UNSUPPORTED_MEDIA', wrongType.image);
    return storeImage(ctx, { ...options, fileKind: spec.fileKind });
  }
  const mediaClass = spec.mediaClass;
  // Bytes file-type cannot name are no video at all: random bytes, text, a cut-off header.
  if (!type) throw new AppError('UNSUPPORTED_MEDIA', unreadable[mediaClass]);
  // Audio may come in a video container (a browser's WebM recording), so both sets are fine there.
  const accepted =
    mediaClass === 'video'
      ? videoTypes.has(type.mime)
      : audioTypes.has(type.mime) || videoTypes.has(type.mime);
  if (!accepted) throw new AppError('UNSUPPORTED_MEDIA', wrongType[mediaClass]);
  if (isIsoMediaType(type.mime) && (await isTruncatedIsoMedia(options.upload.path))) {
    throw new AppError('UNSUPPORTED_MEDIA', unreadable[mediaClass]);
  }
  const probe = await probeUpload(ctx, options.upload.path);
  const playable = mediaClass === 'video' ? probe?.video : probe?.audio;
  if (!probe || !playable || probe.duration <= 0)
    throw new AppError('UNSUPPORTED_MEDIA', unreadable[mediaClass]);
  return storeForTranscoding(ctx, {
    ...options,
    fileKind: spec.fileKind,
    mime: type.mime,
    ext: type.ext,
    probe,
  });
}

async function probeUpload(ctx: AppContext, path: string): Promise<ProbeResult | null> {
  const refusal = untrustedMediaRefusal(ctx.config);
  if (refusal) {
    ctx.log.error(refusal);
    throw new AppError(
      'UNAVAILABLE',
      'Video and audio uploads are not available on this site yet; the site admin has been told why.',
    );
  }
  try {
    return await probeMedia(resolveMediaTools(ctx.config), path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      ctx.log.error({ err }, 'ffprobe is missing');
      throw new AppError(
        'UNAVAILABLE',
        'Video and audio uploads are not available right now; please try later.',
      );
    }
    return null;
  }
}

async function storeImage(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id'>; fileKind: string; upload: TempUpload },
): Promise<TMediaFile> {
  const id = newId();
  const encoded = await encodeImageSizes(options.upload.path, imageSizes);
  const preview = await blurredPreview(options.upload.path);
  const variants: MediaVariants = {};
  const keys: string[] = [];
  try {
    for (const image of encoded) {
      const key = `private/media/${id}/${image.name}.webp`;
      keys.push(key);
      await ctx.storage.put(key, image.buffer);
      variants[image.name as 'thumbnail' | 'feed' | 'full'] = {
        key,
        width: image.width,
        height: image.height,
      };
    }
    const full = variants.full!;
    const row = await insertFile(ctx.db.db, {
      id,
      ownerId: options.actor.id,
      kind: options.fileKind,
      visibility: 'private',
      storageKey: full.key,
      mimeType: 'image/webp',
      size: encoded.find((e) => e.name === 'full')!.buffer.length,
      width: full.width,
      height: full.height,
      status: 'ready',
      originalName: options.upload.filename,
      variants,
      preview,
    });
    return presentMediaFile(row);
  } catch (err) {
    await Promise.all(keys.map((key) => ctx.storage.remove(key)));
    throw err;
  }
}

async function storeForTranscoding(
  ctx: AppContext,
  options: {
    actor: Pick<Actor, 'id'>;
    fileKind: string;
    upload: TempUpload;
    mime: string;
    ext: string;
    probe: ProbeResult;
  },
): Promise<TMediaFile> {
  const id = newId();
  // The original is kept (privately) so that the job can run again from it.
  const key = `private/originals/${id}.${options.ext}`;
  await ctx.storage.putFile(key, options.upload.path);
  let row: FileRow | null = null;
  try {
    row = await insertFile(ctx.db.db, {
      id,
      ownerId: options.actor.id,
      kind: options.fileKind,
      visibility: 'private',
      storageKey: key,
      mimeType: options.mime,
      size: options.upload.size,
      width: options.probe.video?.width ?? null,
      height: options.probe.video?.height ?? null,
      durationSeconds: options.probe.duration,
      status: 'uploaded',
      originalName: options.upload.filename,
    });
    await ctx.queue.send<TranscodeJob>(transcodeJobName, { fileId: id });
    return presentMediaFile(row);
  } catch (err) {
    if (row) await deleteFile(ctx.db.db, id);
    await ctx.storage.remove(key);
    throw err;
  }
}

/** Where a file stands; the client polls it while a video is processed. Only the owner (or an admin) may ask. */
export async function getFileStatus(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id' | 'role'>; fileId: string },
): Promise<TMediaFileStatus> {
  return presentFileStatus(await findManageableFile(ctx, options));
}

/** A failure with a reason fit to show the creator. */
class ProcessingError extends Error {}

interface MadeOutputs {
  files: { key: string; path: string }[];
  variants: MediaVariants;
  durationSeconds: number;
  width: number | null;
  height: number | null;
  preview: string | null;
}

/**
 * The transcode job: `uploaded` → `processing` → `ready`, or `failed` with a reason. Safe to
 * run twice: a finished file is left alone and outputs have fixed keys. Outputs reach storage
 * only when all of them were made, and are removed again when recording them fails, so a failed
 * file never has half its media. A shutdown aborts the run without failing the file; the queue
 * retries it later.
 */
export async function processMediaFile(
  ctx: AppContext,
  options: { fileId: string; signal: AbortSignal },
): Promise<void> {
  const { signal } = options;
  const file = await claimForProcessing(ctx.db.db, options.fileId);
  if (!file) return;
  const mediaClass: Exclude<TMediaClass, 'image'> = file.kind === 'feed-audio' ? 'audio' : 'video';
  const workDir = await mkdtemp(join(await ensureTempDir(ctx), 'job-'));
  const written: string[] = [];
  let local: { path: string; release(): Promise<void> } | null = null;
  let progressWrites = Promise.resolve();
  let lastShown = 0;
  const onProgress = (fraction: number) => {
    const percent = Math.min(95, Math.floor(fraction * 90));
    if (percent < lastShown + 5) return;
    lastShown = percent;
    // Writes go one after another so that an old figure never lands after a newer one.
    progressWrites = progressWrites.then(() => setProgress(ctx.db.db, file.id, percent)).catch(() => {});
  };
  try {
    local = await ctx.storage.localFile(file.storageKey);
    if (!local) throw new ProcessingError('The original upload is missing; please upload the file again.');
    const made =
      mediaClass === 'video'
        ? await makeVideoOutputs(ctx, { file, input: local.path, workDir, signal, onProgress })
        : await makeAudioOutputs(ctx, { file, input: local.path, workDir, signal, onProgress });
    for (const output of made.files) {
      written.push(output.key);
      await ctx.storage.putFile(output.key, output.path);
    }
    await progressWrites;
    const recorded = await markReady(ctx.db.db, file.id, {
      variants: made.variants,
      durationSeconds: made.durationSeconds,
      width: made.width,
      height: made.height,
      preview: made.preview,
    });
    forgetWhatShows(ctx, file);
    // The file was deleted while we worked: its outputs belong to nobody.
    if (!recorded) await Promise.all(written.map((key) => ctx.storage.remove(key)));
  } catch (err) {
    await Promise.all(written.map((key) => ctx.storage.remove(key)));
    if (signal.aborted) throw err;
    await progressWrites;
    if (!(err instanceof ProcessingError)) ctx.log.warn({ err, fileId: file.id }, 'media processing failed');
    await markFailed(
      ctx.db.db,
      file.id,
      err instanceof ProcessingError ? err.message : cannotProcess[mediaClass],
    );
    forgetWhatShows(ctx, file);
  } finally {
    await local?.release();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Right after a file's status was written (before any clean-up, so a reader who sees the new status
 * gets pages that show it): a welcome video is part of the creator's public profile, which visitors'
 * views cache; the posts and messages a file belongs to are in cached pages (plugins/views.ts).
 */
function forgetWhatShows(ctx: AppContext, file: { kind: string; ownerId: string | null }): void {
  if (!file.ownerId) return;
  if (file.kind === 'welcome-video') forgetAccounts(ctx, [file.ownerId]);
  else forgetViews(ctx, [file.ownerId]);
}

async function ensureTempDir(ctx: AppContext): Promise<string> {
  const dir = tempDirOf(ctx);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Fails the job when the output is much shorter than the source: the upload lacked its end. */
const assertComplete = (mediaClass: 'video' | 'audio', source: number, output: number) => {
  if (source > 0 && output < source * 0.9 - 0.5) {
    throw new ProcessingError(
      `This ${mediaClass === 'video' ? 'video' : 'audio file'} ends early; the upload may be incomplete or damaged.`,
    );
  }
};

async function makeVideoOutputs(
  ctx: AppContext,
  options: {
    file: FileRow;
    input: string;
    workDir: string;
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<MadeOutputs> {
  const { file, input, workDir, signal } = options;
  const tools = resolveMediaTools(ctx.config);
  const source = await probeMedia(tools, input, { signal }).catch((err) => {
    if (signal.aborted) throw err;
    throw new ProcessingError(unreadable.video);
  });
  if (!source.video) throw new ProcessingError(unreadable.video);
  const base = `private/media/${file.id}`;
  const mp4 = join(workDir, 'video.mp4');
  const size = await transcodeVideo(tools, {
    input,
    output: mp4,
    width: source.video.width,
    height: source.video.height,
    durationSeconds: source.duration,
    signal,
    onProgress: options.onProgress,
  });
  const output = await probeMedia(tools, mp4, { signal });
  assertComplete('video', source.duration, output.duration);
  const duration = output.duration;
  const files = [{ key: `${base}/video.mp4`, path: mp4 }];
  const variants: MediaVariants = { video: { key: `${base}/video.mp4`, ...size }, posters: [] };

  let middleFrame: string | null = null;
  for (const percent of [10, 50, 90]) {
    const frame = join(workDir, `frame-${percent}.png`);
    const atSeconds = Math.round(duration * percent) / 100;
    await extractFrame(tools, { input: mp4, output: frame, atSeconds, signal });
    const poster = join(workDir, `poster-${percent}.webp`);
    const info = await sharp(frame)
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(poster);
    const key = `${base}/poster-${percent}.webp`;
    files.push({ key, path: poster });
    variants.posters!.push({ key, width: info.width, height: info.height, atSeconds });
    if (percent === 50) middleFrame = frame;
  }

  // Asset videos (`video`) get a generated teaser too; creator-given teasers (`*-teaser`) do not.
  if (file.kind === 'feed-video' || file.kind === 'video') {
    // A teaser for viewers without access; the post uses it when the creator gives none.
    const teaser = join(workDir, 'teaser.mp4');
    const lengthSeconds = Math.min(10, duration);
    const startSeconds = duration > 30 ? Math.round(duration * 0.1) : 0;
    const teaserSize = await cutTeaser(tools, {
      input: mp4,
      output: teaser,
      width: size.width,
      height: size.height,
      startSeconds,
      lengthSeconds,
      signal,
    });
    files.push({ key: `${base}/teaser.mp4`, path: teaser });
    variants.teaser = { key: `${base}/teaser.mp4`, ...teaserSize, isGenerated: true };
  }
  return {
    files,
    variants,
    durationSeconds: duration,
    width: size.width,
    height: size.height,
    preview: middleFrame ? await blurredPreview(middleFrame) : null,
  };
}

async function makeAudioOutputs(
  ctx: AppContext,
  options: {
    file: FileRow;
    input: string;
    workDir: string;
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<MadeOutputs> {
  const { file, input, workDir, signal } = options;
  const tools = resolveMediaTools(ctx.config);
  const source = await probeMedia(tools, input, { signal }).catch((err) => {
    if (signal.aborted) throw err;
    throw new ProcessingError(unreadable.audio);
  });
  if (!source.audio) throw new ProcessingError(unreadable.audio);
  const m4a = join(workDir, 'audio.m4a');
  await transcodeAudio(tools, {
    input,
    output: m4a,
    durationSeconds: source.duration,
    signal,
    onProgress: options.onProgress,
  });
  const output = await probeMedia(tools, m4a, { signal });
  assertComplete('audio', source.duration, output.duration);
  const key = `private/media/${file.id}/audio.m4a`;
  return {
    files: [{ key, path: m4a }],
    variants: { audio: { key } },
    durationSeconds: output.duration,
    width: null,
    height: null,
    preview: null,
  };
}
