import { createLocalStorage, type Storage } from './storage';

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
  const source = createLocalStorage(root);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of source.list()) {
    const [there, here] = await Promise.all([target.stat(key), source.stat(key)]);
    // Gone since it was listed (removed by the site meanwhile): nothing to copy.
    if (!here) continue;
    if (there && there.size === here.size) {
      report.skipped += 1;
    } else {
      const file = await source.read(key);
      if (!file) continue;
      await target.putStream(key, file.stream);
      report.copied += 1;
      report.bytes += here.size;
    }
    onFile(key, report);
  }
  return report;
}
