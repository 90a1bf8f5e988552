import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Fewer files at a page's first load, without more bytes (scripts/build.mjs runs the browser build twice).
 *
 * Left to itself the bundler makes one chunk per set of *entries* that use a module, and every route
 * module and every lazily imported module is an entry; so a page's first load was ~50 small files
 * (a kilobyte each), while the sets of *pages* that load them were few. The first build writes which
 * modules went into which chunk (CHUNK_REPORT); scripts/build.mjs reads the route manifest, finds for each
 * chunk the pages that load it at first, and names one group per distinct set of pages (CHUNK_PLAN:
 * module id → group). The second build puts each module in its group, so chunks that every page in the
 * same set loads anyway come as one file. No page loads a module it did not load before.
 */
export function chunkReport(file: string | undefined): Plugin | null {
  if (!file) return null;
  return {
    name: 'fanstage-chunk-report',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((o) => o.type === 'chunk')
        .map((c) => ({
          fileName: c.fileName,
          name: c.name,
          isEntry: c.isEntry,
          size: c.code.length,
          imports: c.imports,
          modules: Object.keys(c.modules),
        }));
      writeFileSync(file, JSON.stringify(chunks));
    },
  };
}

/** The group of each module the plan names (null: the bundler's own choice). */
export function plannedGroup(file: string | undefined): ((id: string) => string | null) | null {
  if (!file || !existsSync(file)) return null;
  const plan = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
  return (id) => plan.get(id) ?? null;
}
