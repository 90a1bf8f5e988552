import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live. The local folder is the default; an S3-compatible store can take its place. */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** Stores under `<root>/<key>`; keys never escape the root. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = normalize(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error('storage key escapes the root');
    return p;
  };
  return {
    put: async (key, body) => {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, body);
    },
    read: async (key) => {
      const p = pathOf(key);
      try {
        const s = await stat(p);
        if (!s.isFile()) return null;
        return { stream: createReadStream(p), size: s.size };
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
}
