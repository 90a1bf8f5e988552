#!/usr/bin/env node
// Compiles the server and its command-line tools to plain JavaScript in dist/ (esbuild), so production
// runs no TypeScript compiler: `node dist/server.js`. The project's own packages (@fanstage/*) are
// bundled in; every other package stays an import from node_modules. Each bundled source keeps its
// own `import.meta.url` (rewritten to the source file's address, found from the output file's), so
// paths next to a source — the migrations folder, the web build, data packages — resolve as before.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const posix = (path) => path.split('\\').join('/');

const ownSources = {
  name: 'own-sources',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fanstage/') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const fromRoot = JSON.stringify(posix(relative(root, args.path)));
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${fromRoot}, __fanstageRoot).href`),
        loader: 'ts',
      };
    });
  },
};

// One build per output folder: the banner says where the repository root is from there.
const groups = [
  { outdir: join(here, 'dist'), entries: { server: 'src/server.ts' } },
  {
    outdir: join(here, 'dist/cli'),
    entries: {
      'create-admin': 'src/cli/create-admin.ts',
      reconcile: 'src/cli/reconcile.ts',
      'geoip-refresh': 'src/cli/geoip-refresh.ts',
      'storage-to-s3': 'src/cli/storage-to-s3.ts',
      backup: 'src/cli/backup.ts',
      restore: 'src/cli/restore.ts',
    },
  },
];
for (const group of groups) {
  const up = posix(relative(group.outdir, root)) || '.';
  await build({
    entryPoints: Object.fromEntries(Object.entries(group.entries).map(([k, v]) => [k, join(here, v)])),
    outdir: group.outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownSources],
    banner: { js: `const __fanstageRoot = new URL(${JSON.stringify(`${up}/`)}, import.meta.url);` },
  });
}
console.log('api: compiled to apps/api/dist');
