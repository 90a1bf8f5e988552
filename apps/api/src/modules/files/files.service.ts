import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { checkMediaSignature } from './signed-urls';
import type { ByteRange, Storage } from './storage';

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
};

/** The type a stored file is served with, from the extension our own pipeline gave it. */
export const contentTypeOf = (key: string): string =>
  contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * Reads one `Range: bytes=…` header. Anything we do not serve as a range (several ranges, a
 * malformed header) answers null, and the whole file is sent, as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** What a cache checks a stored file against, from its size and modification time (no read). */
export interface Validators {
  /** Strong: a file's bytes change only by a new write, which changes its time (and usually its size). */
  etag: string;
  lastModified: string;
}

export const validatorsOf = (info: { size: number; modifiedAt: Date }): Validators => ({
  etag: `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`,
  lastModified: info.modifiedAt.toUTCString(),
});

/** The entity tags of an If-None-Match or If-Range header, without their weak marker. */
const opaqueTags = (header: string) =>
  header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter((tag) => tag !== '');

/**
 * Whether the browser's copy is still the file (answer 304): If-None-Match when it is sent (weak
 * comparison, `*` for any file), else If-Modified-Since (HTTP dates count whole seconds).
 */
export function isNotModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  validators: Validators,
): boolean {
  if (headers.ifNoneMatch !== undefined) {
    const tags = opaqueTags(headers.ifNoneMatch);
    return tags.includes('*') || tags.includes(validators.etag);
  }
  if (headers.ifModifiedSince === undefined) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(validators.lastModified) <= since;
}

/**
 * Whether a Range request still gets its range: without If-Range always; with it only when it names
 * the file as it is now (the strong ETag, or exactly its Last-Modified date). Otherwise the whole
 * file is sent, so a player never splices bytes of two versions.
 */
export function rangeStillApplies(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === validators.etag;
  return value === validators.lastModified;
}

export interface ConditionalHeaders {
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export type PrivateFileResponse =
  | {
      kind: 'body';
      stream: Readable;
      size: number;
      contentType: string;
      range: ByteRange | null;
      /** Seconds until the URL expires: a cache may keep the answer that long and no longer. */
      maxAgeSeconds: number;
      validators: Validators;
      /** The name the link was signed with: save the file under it. */
      downloadName: string | null;
    }
  | { kind: 'not-modified'; maxAgeSeconds: number; validators: Validators }
  /** The object store serves the bytes itself, through its own URL expiring with this one. */
  | { kind: 'redirect'; url: string; maxAgeSeconds: number }
  | { kind: 'unsatisfiable'; size: number };

/**
 * A private file behind a signed URL. The signature is checked before the storage is asked,
 * so an unsigned request cannot tell a missing file from an existing one. Conditional requests
 * are answered from the file's size and time alone; the bytes are opened only for a body.
 */
export async function openPrivateFile(
  ctx: AppContext,
  options: { key: string; exp?: string; sig?: string; name?: string; headers: ConditionalHeaders },
): Promise<PrivateFileResponse> {
  const check = checkMediaSignature(ctx, options);
  if (!check.ok) {
    throw new AppError(
      'FORBIDDEN',
      check.reason === 'expired'
        ? 'This link has expired; reload the page to get a new one.'
        : 'This link is not valid; it may have been changed or cut short.',
    );
  }
  if (ctx.storage.presignedUrl) {
    // Signed as of the start of the current window, so every request of the window gets the
    // same URL and the browser reuses what it cached (as with the app's own windowed URLs).
    const ttlMs = ctx.config.MEDIA_URL_TTL_SECONDS * 1000;
    const nowMs = ctx.clock.now().getTime();
    const url = await ctx.storage.presignedUrl(options.key, {
      signedAt: new Date(Math.floor(nowMs / ttlMs) * ttlMs),
      expiresAt: new Date(Number(options.exp) * 1000),
      contentType: contentTypeOf(options.key),
      downloadName: options.name,
    });
    return { kind: 'redirect', url, maxAgeSeconds: check.remainingSeconds };
  }
  const { headers } = options;
  const info = await ctx.storage.stat(options.key);
  if (!info) throw notFound('That file');
  const validators = validatorsOf(info);
  if (isNotModified(headers, validators)) {
    return { kind: 'not-modified', maxAgeSeconds: check.remainingSeconds, validators };
  }
  const range = rangeStillApplies(headers.ifRange, validators) ? parseRange(headers.range, info.size) : null;
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
  const file = await ctx.storage.read(options.key, range ?? undefined);
  if (!file) throw notFound('That file');
  return {
    kind: 'body',
    stream: file.stream,
    size: file.size,
    contentType: contentTypeOf(options.key),
    range,
    maxAgeSeconds: check.remainingSeconds,
    validators,
    downloadName: options.name ?? null,
  };
}

/**
 * What the first bytes of a stored file say it is (file-type needs at most 4100 of them); the
 * name it was uploaded under is never asked. Undefined for bytes no known type starts with.
 */
export async function sniffStoredFile(
  storage: Storage,
  key: string,
): Promise<{ mime: string; ext: string } | undefined> {
  const info = await storage.stat(key);
  if (!info || info.size === 0) return undefined;
  const head = await storage.read(key, { start: 0, end: Math.min(info.size, 4100) - 1 });
  if (!head) return undefined;
  return fileTypeFromBuffer(await buffer(head.stream));
}
