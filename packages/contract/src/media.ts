import { z } from 'zod';
import { dataOf, ZId } from './common';

const mb = 1024 * 1024;

/** The `{kind}` segment of `POST /api/performer/feeds/{kind}/upload`. */
export const ZMediaUploadKind = z.enum(['photo', 'video', 'audio', 'thumbnail', 'teaser']);
export type TMediaUploadKind = z.infer<typeof ZMediaUploadKind>;

/** The `kind` stored on a file made by a feed upload. */
export const ZMediaFileKind = z.enum([
  'feed-photo',
  'feed-video',
  'feed-audio',
  'feed-thumbnail',
  'feed-teaser',
]);
export type TMediaFileKind = z.infer<typeof ZMediaFileKind>;

/**
 * Uploads of the creator assets (galleries, videos, shop). They go through the same pipeline as
 * feed uploads and are stored under the same kind name; the feed route does not accept them.
 */
export const ZAssetUploadKind = z.enum([
  'gallery-photo',
  'asset-video',
  'video-teaser',
  'video-thumbnail',
  'product-image',
  'welcome-video',
]);
export type TAssetUploadKind = z.infer<typeof ZAssetUploadKind>;
/** The `kind` stored on a file made by an asset upload (`product-digital` is stored as is, unprocessed). */
export type TAssetFileKind = Exclude<TAssetUploadKind, 'asset-video'> | 'video' | 'product-digital';

/**
 * Chat uploads (`/messages/public/file/photo`, `/messages/private/file/video`, `/messages/private/file`).
 * Whatever the route's name says, every message file is private and reached through signed URLs.
 */
export const ZMessageUploadKind = z.enum(['message-photo', 'message-video']);
export type TMessageUploadKind = z.infer<typeof ZMessageUploadKind>;

/** Every kind the media pipeline can take in. */
export type TAnyUploadKind = TMediaUploadKind | TAssetUploadKind | TMessageUploadKind;

/** What the pipeline does with an upload of each kind. */
export type TMediaClass = 'image' | 'video' | 'audio';

/** One table for every media upload: its stored kind, what it must be, and its size limit. */
export const mediaUploadKinds: Record<
  TAnyUploadKind,
  {
    fileKind: TMediaFileKind | TAssetFileKind | TMessageUploadKind;
    mediaClass: TMediaClass;
    maxBytes: number;
    label: string;
  }
> = {
  photo: { fileKind: 'feed-photo', mediaClass: 'image', maxBytes: 20 * mb, label: 'photo' },
  thumbnail: { fileKind: 'feed-thumbnail', mediaClass: 'image', maxBytes: 20 * mb, label: 'thumbnail' },
  video: { fileKind: 'feed-video', mediaClass: 'video', maxBytes: 2048 * mb, label: 'video' },
  teaser: { fileKind: 'feed-teaser', mediaClass: 'video', maxBytes: 200 * mb, label: 'teaser' },
  audio: { fileKind: 'feed-audio', mediaClass: 'audio', maxBytes: 200 * mb, label: 'audio file' },
  'gallery-photo': { fileKind: 'gallery-photo', mediaClass: 'image', maxBytes: 20 * mb, label: 'photo' },
  'asset-video': { fileKind: 'video', mediaClass: 'video', maxBytes: 2048 * mb, label: 'video' },
  'video-teaser': { fileKind: 'video-teaser', mediaClass: 'video', maxBytes: 200 * mb, label: 'teaser' },
  'video-thumbnail': {
    fileKind: 'video-thumbnail',
    mediaClass: 'image',
    maxBytes: 20 * mb,
    label: 'thumbnail',
  },
  'product-image': { fileKind: 'product-image', mediaClass: 'image', maxBytes: 20 * mb, label: 'image' },
  'welcome-video': {
    fileKind: 'welcome-video',
    mediaClass: 'video',
    maxBytes: 200 * mb,
    label: 'welcome video',
  },
  'message-photo': { fileKind: 'message-photo', mediaClass: 'image', maxBytes: 20 * mb, label: 'photo' },
  'message-video': { fileKind: 'message-video', mediaClass: 'video', maxBytes: 1024 * mb, label: 'video' },
};

/** `uploaded` → `processing` → `ready` | `failed` (images are `ready` at once). */
export const ZFileStatus = z.enum(['uploaded', 'processing', 'ready', 'failed']);
export type TFileStatus = z.infer<typeof ZFileStatus>;

/** A media file as its owner sees it right after the upload. */
export const ZMediaFile = z.object({
  _id: ZId,
  kind: z.string(),
  status: ZFileStatus,
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Seconds, for video and audio once probed. */
  duration: z.number().optional(),
  /** A tiny blurred image as a data: URI. */
  preview: z.string().optional(),
});
export type TMediaFile = z.infer<typeof ZMediaFile>;
export const ZMediaUploadResponse = dataOf(ZMediaFile);

/** What `GET /api/files/{id}/status` answers; the client polls it while a video is processed. */
export const ZMediaFileStatus = z.object({
  _id: ZId,
  status: ZFileStatus,
  /** Why processing failed, as a sentence. */
  reason: z.string().optional(),
  duration: z.number().optional(),
  /** 0–100 while processing. */
  progress: z.number().int().min(0).max(100).optional(),
});
export type TMediaFileStatus = z.infer<typeof ZMediaFileStatus>;
export const ZMediaFileStatusResponse = dataOf(ZMediaFileStatus);

/**
 * Media as a viewer receives it inside a post. Without access it carries only what a locked
 * item may show (status, size, duration, the blurred preview); the signed URLs come only with access.
 */
export const ZMediaView = z.object({
  _id: ZId,
  kind: z.string(),
  status: ZFileStatus,
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  duration: z.number().optional(),
  preview: z.string().optional(),
  /** Whether a teaser clip exists (shown to viewers without access). */
  hasTeaser: z.boolean(),
  /** Signed URLs that expire; present only for viewers with access to a ready file. */
  urls: z
    .object({
      thumbnail: z.string().optional(),
      feed: z.string().optional(),
      full: z.string().optional(),
      video: z.string().optional(),
      audio: z.string().optional(),
      teaser: z.string().optional(),
      posters: z.array(z.string()).optional(),
    })
    .optional(),
});
export type TMediaView = z.infer<typeof ZMediaView>;
