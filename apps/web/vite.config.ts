import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { allModuleStyles } from './vite/all-module-styles';
import { chunkReport, plannedGroup } from './vite/chunk-plan';
import { pureSchemas } from './vite/pure-schemas';

// `react-router dev` serves the pages; the browser's /api and socket.io calls go to the API process.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * WEB_BUNDLE_REPORT=file: write which source modules went into which browser chunk, with their minified
 * sizes (to see where a page's bytes come from).
 */
function bundleReport(file: string | undefined): Plugin | null {
  if (!file) return null;
  return {
    name: 'fanstage-bundle-report',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[name] = Object.fromEntries(
          Object.entries(output.modules).map(([id, m]) => [
            id.replace(/^.*node_modules[\\/]/, ''),
            m.renderedLength,
          ]),
        );
      }
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}

const planned = plannedGroup(process.env.CHUNK_PLAN);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    allModuleStyles(fileURLToPath(new URL('./app', import.meta.url))),
    isSsrBuild ? null : pureSchemas(),
    isSsrBuild ? null : bundleReport(process.env.WEB_BUNDLE_REPORT),
    isSsrBuild ? null : chunkReport(process.env.CHUNK_REPORT),
    // A module placed in a planned group keeps the route modules' exports as they are (they are entries).
    isSsrBuild || !planned
      ? null
      : {
          name: 'fanstage-entry-signatures',
          enforce: 'post',
          configEnvironment(name, config) {
            if (name !== 'client') return;
            const options = (config.build?.rollupOptions ?? {}) as { preserveEntrySignatures?: string };
            options.preserveEntrySignatures = 'allow-extension';
          },
        },
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            // Fewer requests for the browser (scripts/web-budgets.mjs counts them): every page loads React
            // and the router, so they come as one file; so do Mantine's provider and the small building
            // blocks nearly every page uses (left alone, each would be a file of its own: a public page
            // loaded 84 files, now about 45, and the per-file overhead made it heavier); the icons come as
            // one file too instead of a chunk per icon (each is a few hundred bytes, together they
            // compress well).
            codeSplitting: {
              groups: [
                { name: 'framework', test: nodeModule('react|react-dom|scheduler|react-router') },
                ...(planned ? [{ name: planned, priority: -1, includeDependenciesRecursively: false }] : []),
              ],
            },
          },
        },
      },
  ssr: {
    // The contract package is TypeScript source: let Vite compile it into the server build. The icons
    // too, so the server holds the few dozen the pages use: imported from node_modules, the package's
    // one module of every icon (3.5 MB of source and its objects) stayed in the server's memory, about
    // 50 MB of the server's resident memory at ready (257 MB → 206 MB, measured on PostgreSQL).
    noExternal: ['@fanstage/contract', '@tabler/icons-react'],
  },
}));
