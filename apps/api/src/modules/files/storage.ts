import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a presigned URL of an object store serves, and until when. */
export interface PresignOptions {
  /** When the URL counts as signed (may be in the past: one URL for a whole window caches well). */
  signedAt: Date;
  expiresAt: Date;
  contentType: string;
  /** Served as an attachment saved under this name. */
  downloadName?: string;
}

/**
 * Where file bytes live. The local folder is the default; an S3-compatible store can take its
 * place: every method maps to one or two object-store calls (localFile downloads to a temp file).
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  /** Writes a stream; the key appears only once every byte is written. */
  putStream(key: string, body: Readable): Promise<void>;
  /** Moves a finished local file in (the local folder renames it; an object store uploads it). */
  putFile(key: string, localPath: string): Promise<void>;
  /** The bytes of a key (or of one range of it) and the size of the whole object. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  remove(key: string): Promise<void>;
  /** A local, seekable path for tools such as ffmpeg; call release when done. */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> } | null>;
  /**
   * An object store's own URL for the key, working until `expiresAt`: private media is then read
   * straight from the store. Absent on the local folder, whose bytes the API serves itself.
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
  /**
   * Every stored key, or only those starting with `prefix` (such as `private/`). Unfinished writes
   * are not listed. Backups and copies walk a store with it.
   */
  list(prefix?: string): AsyncIterable<string>;
}

/** Stores under `<root>/<key>`; keys never escape the root. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = normalize(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error('storage key escapes the root');
    return p;
  };
  const statOf = async (key: string) => {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? s : null;
    } catch {
      return null;
    }
  };
  // Writes land in a hidden part file beside the target and are renamed into place, so a
  // reader never sees half a file and a failed write leaves nothing under the key.
  const partPathOf = (p: string) => join(dirname(p), `.part-${randomUUID()}`);
  // Files under `dir` as keys (forward slashes), in name order, without the part files.
  async function* walk(dir: string): AsyncGenerator<string> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile() && !entry.name.startsWith('.part-'))
        yield relative(base, path).split(sep).join('/');
    }
  }
  return {
    put: async (key, body) => {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, body);
    },
    putStream: async (key, body) => {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const part = partPathOf(p);
      try {
        await pipeline(body, createWriteStream(part));
        await rename(part, p);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    putFile: async (key, localPath) => {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      try {
        await rename(localPath, p);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // The temp folder is on another disk: copy, then drop the temp file.
        const part = partPathOf(p);
        try {
          await copyFile(localPath, part);
          await rename(part, p);
        } finally {
          await rm(part, { force: true });
        }
        await rm(localPath, { force: true });
      }
    },
    read: async (key, range) => {
      const s = await statOf(key);
      if (!s) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { stream, size: s.size };
    },
    stat: async (key) => {
      const s = await statOf(key);
      return s ? { size: s.size, modifiedAt: s.mtime } : null;
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
    localFile: async (key) => {
      const s = await statOf(key);
      // The folder is already local: nothing to copy or release.
      return s ? { path: pathOf(key), release: async () => {} } : null;
    },
    list: async function* (prefix = '') {
      // Walk only the deepest folder the prefix names, then keep the keys that start with it.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder ? pathOf(folder) : base;
      for await (const key of walk(start)) if (key.startsWith(prefix)) yield key;
    },
  };
}
