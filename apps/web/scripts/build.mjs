#!/usr/bin/env node
// The browser build, in two passes (see vite/chunk-plan.ts): the first as the bundler chooses, with a report of
// which modules went into which chunk; then a plan that puts together the chunks every page loading one of
// them loads at first anyway (one group per distinct set of pages); then the build with that plan, and the
// precompressed copies (scripts/precompress.mjs). CHUNK_PLAN=off builds once, as the bundler chooses.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'fanstage-chunks-'));
const report = join(work, 'report.json');
const planFile = join(work, 'plan.json');

function build(env) {
  const r = spawnSync('npx', ['--no-install', 'react-router', 'build'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
}

function readManifest() {
  const assets = join(web, 'build/client/assets');
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''));
}

/**
 * Module id → group. Chunks loaded at first by exactly the same pages become one group; then, greedily,
 * two groups merge while that saves more than it costs: each page that loads both saves a request and a
 * file's overhead (worth `perFile` bytes), each page that loads only one of them gets the other's bytes
 * too. Pages behind a login count less (their budget is twice a public page's). `perFile` 1000 gave the
 * lightest public pages (CHUNK_PER_FILE 700–2000 tried, 2026-11-27): at 1500 merges gave the live page
 * 0.8 KB it never runs, at 700 the extra files cost the creator page 2.6 KB. A logged-in page counts 0.1
 * (CHUNK_LOGGED_IN_WEIGHT; 0.1, 0.3 and 0.6 tried on 2026-11-28): the public pages sit just under their
 * 150 KB, the logged-in ones far under 300 KB, and at 0.3 merges for the logged-in pages gave the post
 * page 0.7 KB it never runs (150.6 KB).
 */
export function plan(manifest, chunks, { perFile = 1000, loggedInWeight = 0.1, guarded = new Set() } = {}) {
  const pages = Object.values(manifest.routes).filter((r) => r.path !== undefined || r.index);
  const weight = pages.map((p) => (guarded.has(p.id) ? loggedInWeight : 1));
  const firstLoad = pages.map((page) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let r = page; r; r = r.parentId ? manifest.routes[r.parentId] : null) {
      files.add(r.module);
      for (const u of r.imports ?? []) files.add(u);
    }
    return files;
  });
  const byKey = new Map();
  for (const chunk of chunks) {
    // Entries (the client entry, the routes) stay files of their own; so do the named vendor groups.
    if (chunk.isEntry || ['framework', 'mantine-basics', 'icons'].includes(chunk.name)) continue;
    const url = `/${chunk.fileName}`;
    const loadedBy = pages.map((_, i) => firstLoad[i].has(url));
    if (!loadedBy.some(Boolean)) continue; // only ever loaded later (a dialog, a player): left as it is
    const key = loadedBy.map(Number).join('');
    const group = byKey.get(key) ?? { pages: loadedBy, size: 0, chunks: [], deps: new Set() };
    group.size += chunk.size;
    for (const d of chunk.imports ?? []) group.deps.add(`/${d}`);
    group.chunks.push(chunk);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()];
  // A page that loads one group and not the other would load the other's chunks, and what they import:
  // the merge is allowed only when that page loads those imports already.
  const depsLoaded = (group, i) => [...group.deps].every((d) => firstLoad[i].has(d));
  const gain = (a, b) => {
    let g = 0;
    for (let i = 0; i < pages.length; i++) {
      if (
        (a.pages[i] && !b.pages[i] && !depsLoaded(b, i)) ||
        (b.pages[i] && !a.pages[i] && !depsLoaded(a, i))
      )
        return 0;
      if (a.pages[i] && b.pages[i]) g += weight[i] * perFile;
      else if (a.pages[i]) g -= weight[i] * b.size;
      else if (b.pages[i]) g -= weight[i] * a.size;
    }
    return g;
  };
  for (;;) {
    let best = null;
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++) {
        const g = gain(groups[i], groups[j]);
        if (g > 0 && (!best || g > best.g)) best = { g, i, j };
      }
    if (!best) break;
    const [a, b] = [groups[best.i], groups[best.j]];
    groups.splice(best.j, 1);
    groups[best.i] = {
      pages: a.pages.map((x, i) => x || b.pages[i]),
      size: a.size + b.size,
      chunks: [...a.chunks, ...b.chunks],
      deps: new Set([...a.deps, ...b.deps]),
    };
  }
  const modules = {};
  for (const group of groups) {
    if (group.chunks.length < 2) continue;
    const biggest = [...group.chunks].sort((a, b) => b.size - a.size)[0];
    const name = group.pages.every(Boolean) ? 'shell' : biggest.name;
    for (const chunk of group.chunks)
      for (const id of chunk.modules) if (!id.startsWith('\0')) modules[id] = name;
  }
  return modules;
}

/** Pages whose loader asks for a login (guardPage(args, 'auth' | 'creator' | 'admin')), by route id. */
function guardedRoutes(manifest) {
  const ids = new Set();
  for (const r of Object.values(manifest.routes)) {
    const file = join(web, 'app', r.id.startsWith('routes/') ? `${r.id}.tsx` : '');
    let source = '';
    try {
      source = readFileSync(file, 'utf8');
    } catch {}
    if (/guardPage\(\s*args,\s*'(auth|creator|admin)'/.test(source)) ids.add(r.id);
  }
  return ids;
}

if (process.env.CHUNK_PLAN === 'off') {
  build({});
} else {
  build({ CHUNK_REPORT: report });
  const manifest = readManifest();
  const options = { guarded: guardedRoutes(manifest) };
  if (process.env.CHUNK_PER_FILE) options.perFile = Number(process.env.CHUNK_PER_FILE);
  if (process.env.CHUNK_LOGGED_IN_WEIGHT) options.loggedInWeight = Number(process.env.CHUNK_LOGGED_IN_WEIGHT);
  const modules = plan(manifest, JSON.parse(readFileSync(report, 'utf8')), options);
  writeFileSync(planFile, JSON.stringify(modules));
  build({ CHUNK_PLAN: planFile });
}
rmSync(work, { recursive: true, force: true });
const pre = spawnSync(process.execPath, [join(web, 'scripts/precompress.mjs')], {
  cwd: web,
  stdio: 'inherit',
});
process.exit(pre.status ?? 1);
