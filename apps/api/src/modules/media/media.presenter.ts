import type { TMediaFile, TMediaFileStatus, TMediaView } from '@fanstage/contract';
import type { FileRow } from './media.repo';

/** The columns of a file its presenters read (a page query may select just these). */
export type MediaRow = Pick<
  FileRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'mimeType'
  | 'size'
  | 'width'
  | 'height'
  | 'durationSeconds'
  | 'preview'
  | 'variants'
  | 'failureReason'
  | 'progress'
>;

const seconds = (d: number | null) => (d == null ? undefined : Math.round(d * 100) / 100);
const orUndefined = <T>(v: T | null): T | undefined => v ?? undefined;

/** The file as its owner sees it right after uploading. */
export function presentMediaFile(row: MediaRow): TMediaFile {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    mimeType: row.mimeType,
    size: row.size,
    width: orUndefined(row.width),
    height: orUndefined(row.height),
    duration: seconds(row.durationSeconds),
    preview: orUndefined(row.preview),
  };
}

export function presentFileStatus(row: MediaRow): TMediaFileStatus {
  return {
    _id: row.id,
    status: row.status,
    reason: row.status === 'failed' ? (row.failureReason ?? 'This file could not be processed.') : undefined,
    duration: seconds(row.durationSeconds),
    progress: row.status === 'processing' ? (row.progress ?? 0) : undefined,
  };
}

/**
 * Media inside a post, for one viewer. With access and a ready file: signed, expiring URLs of
 * every variant. Without access (or before the file is ready): only what a locked item may
 * show, the blurred preview and the facts, never a URL of the media itself.
 */
export function presentMedia(
  row: MediaRow,
  options: { canView: boolean; sign: (key: string) => string },
): TMediaView {
  const view: TMediaView = {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    width: orUndefined(row.width),
    height: orUndefined(row.height),
    duration: seconds(row.durationSeconds),
    preview: orUndefined(row.preview),
    hasTeaser: row.variants?.teaser !== undefined,
  };
  const v = row.variants;
  if (!options.canView || row.status !== 'ready' || !v) return view;
  const sign = (variant: { key: string } | undefined) => (variant ? options.sign(variant.key) : undefined);
  view.urls = {
    thumbnail: sign(v.thumbnail),
    feed: sign(v.feed),
    full: sign(v.full),
    video: sign(v.video),
    audio: sign(v.audio),
    teaser: sign(v.teaser),
    posters: v.posters?.map((p) => options.sign(p.key)),
  };
  return view;
}

/**
 * The signed URL of a video's teaser clip, which viewers without access may watch; null when
 * the video has none or is not ready.
 */
export function presentTeaserUrl(row: MediaRow, options: { sign: (key: string) => string }): string | null {
  const teaser = row.variants?.teaser;
  return row.status === 'ready' && teaser ? options.sign(teaser.key) : null;
}
