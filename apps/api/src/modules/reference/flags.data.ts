/*
 * Country flags as SVG (4:3) from the npm package flag-icons (MIT, © Panayiotis Lipiridis), read from
 * node_modules at run time.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const flagsDir = join(
  dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags',
  '4x3',
);

/** Codes countries-list uses whose flag flag-icons files under the parent territory's name. */
const fileAliases: Record<string, string> = { ac: 'sh-ac', ta: 'sh-ta' };

const cache = new Map<string, Buffer | null>();

/**
 * The SVG of a flag by its lower-case two-letter code, or null when there is none.
 * The caller guarantees `code` is [a-z]{2}, so the path never leaves the flags folder.
 */
export async function readFlag(code: string): Promise<Buffer | null> {
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  const file = join(flagsDir, `${fileAliases[code] ?? code}.svg`);
  const svg = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  // Only [a-z]{2} codes reach here, so at most 676 entries.
  cache.set(code, svg);
  return svg;
}
