import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Storage } from './storage';

/** Every file under `root` as a storage key (forward slashes), skipping unfinished `.part-*` writes. */
async function* keysUnder(root: string, dir = root): AsyncGenerator<{ key: string; path: string }> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* keysUnder(root, path);
    else if (entry.isFile() && !entry.name.startsWith('.part-')) {
      yield { key: relative(root, path).split(sep).join('/'), path };
    }
  }
}

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size (a copy run again after an interruption). */
  skipped: number;
  bytes: number;
}

/**
 * Copies a local store (DATA_DIR/files) into another storage, usually the S3 bucket a site moves
 * to. Keys stay the same, so the database needs no change. A key already in the target with the
 * same size is left alone, so the copy can be run again after an interruption; the local files
 * are kept (remove them once the site runs on the bucket).
 */
export async function copyLocalStore(
  root: string,
  target: Storage,
  onFile: (key: string, done: CopyReport) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const { key, path } of keysUnder(root)) {
    const [there, size] = await Promise.all([target.stat(key), stat(path).then((s) => s.size)]);
    if (there && there.size === size) {
      report.skipped += 1;
    } else {
      await target.putStream(key, createReadStream(path));
      report.copied += 1;
      report.bytes += size;
    }
    onFile(key, report);
  }
  return report;
}
