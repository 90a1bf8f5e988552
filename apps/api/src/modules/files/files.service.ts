import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { checkMediaSignature } from './signed-urls';
import type { ByteRange } from './storage';

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

export type PrivateFileResponse =
  | {
      kind: 'body';
      stream: Readable;
      size: number;
      contentType: string;
      range: ByteRange | null;
      maxAgeSeconds: number;
    }
  | { kind: 'unsatisfiable'; size: number };

/**
 * A private file behind a signed URL. The signature is checked before the storage is asked,
 * so an unsigned request cannot tell a missing file from an existing one.
 */
export async function openPrivateFile(
  ctx: AppContext,
  options: { key: string; exp?: string; sig?: string; rangeHeader?: string },
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
  const info = await ctx.storage.stat(options.key);
  if (!info) throw notFound('That file');
  const range = parseRange(options.rangeHeader, info.size);
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
  };
}
