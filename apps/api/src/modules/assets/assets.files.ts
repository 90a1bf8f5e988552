import { type Executor, files, inArray } from '@fanstage/db';
import type { AppContext } from '../../context';
import type { Actor } from '../auth/sessions';
import type { TempUpload } from '../files/files.upload';
import { signMediaUrl } from '../files/signed-urls';
import type { FileRow } from '../media/media.repo';
import { uploadFeedMedia } from '../media/media.service';
import type { FormFileField } from './assets.upload';

/** Shared by the asset kinds: storing uploads through the media pipeline, and removing them again. */

export const signerOf = (ctx: AppContext) => (key: string) => signMediaUrl(ctx, key);

export const iso = (d: Date) => d.toISOString();

/** Files by id, in one query. */
export async function findFilesByIds(db: Executor, ids: (string | null)[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Stores uploads through the media pipeline (sniffed, re-encoded or queued for transcoding).
 * All or nothing: when one is refused, those already stored are removed again.
 */
export async function storeUploads(
  ctx: AppContext,
  options: {
    actor: Pick<Actor, 'id'>;
    kind: Exclude<FormFileField['kind'], 'product-digital'>;
    uploads: TempUpload[];
  },
): Promise<string[]> {
  const ids: string[] = [];
  try {
    for (const upload of options.uploads) {
      const file = await uploadFeedMedia(ctx, { actor: options.actor, kind: options.kind, upload });
      ids.push(file._id);
    }
    return ids;
  } catch (err) {
    await discardFiles(ctx, ids);
    throw err;
  }
}

/** Every storage key of a file: the upload and whatever the pipeline made from it. */
export function storageKeysOf(row: Pick<FileRow, 'storageKey' | 'variants'>): string[] {
  const v = row.variants ?? {};
  const keys = [
    row.storageKey,
    v.thumbnail?.key,
    v.feed?.key,
    v.full?.key,
    v.video?.key,
    v.audio?.key,
    v.teaser?.key,
  ];
  for (const poster of v.posters ?? []) keys.push(poster.key);
  return [...new Set(keys.filter((k): k is string => typeof k === 'string'))];
}

/** Removes stored bytes after their rows are gone; a failure only leaves an orphan, logged. */
export async function removeStoredBytes(ctx: AppContext, rows: Pick<FileRow, 'storageKey' | 'variants'>[]) {
  const keys = rows.flatMap(storageKeysOf);
  await Promise.all(
    keys.map((key) =>
      ctx.storage.remove(key).catch((err) => ctx.log.warn({ err, key }, 'could not remove a file')),
    ),
  );
}

/** Deletes file rows and their bytes (uploads whose asset was never written, or removed ones). */
export async function discardFiles(ctx: AppContext, ids: (string | null)[]): Promise<void> {
  const rows = [...(await findFilesByIds(ctx.db.db, ids)).values()];
  if (rows.length === 0) return;
  await ctx.db.db.delete(files).where(
    inArray(
      files.id,
      rows.map((r) => r.id),
    ),
  );
  await removeStoredBytes(ctx, rows);
}
