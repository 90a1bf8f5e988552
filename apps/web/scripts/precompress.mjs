#!/usr/bin/env node
// Writes a Brotli (.br, the best quality) and a gzip (.gz) copy beside every text file of the browser
// build, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
// the same bytes again on every request, and smaller than on-the-fly compression could afford to.
// A copy that would not be smaller than the file is not written. Runs after `react-router build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const client = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const compressible = /\.(js|mjs|css|svg|json|txt|html|webmanifest|xml|map)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

async function precompress(path) {
  const bytes = await readFile(path);
  if (bytes.length < 1024) return 0;
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
  return 1;
}

const started = Date.now();
const all = [];
for await (const path of files(client)) all.push(path);
let done = 0;
// A few at a time: Brotli at its best quality is CPU-bound, more in flight would only queue.
for (let i = 0; i < all.length; i += 8) {
  const counts = await Promise.all(all.slice(i, i + 8).map(precompress));
  done += counts.reduce((a, b) => a + b, 0);
}
console.log(`precompressed ${done} files (.br and .gz) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
