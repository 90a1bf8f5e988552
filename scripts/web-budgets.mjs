#!/usr/bin/env node
// The web app's weight against its budgets (issue 14):
//   1. bytes: for every page route, the compressed bytes of the JavaScript it loads at first, as the server
//      sends them to a browser (the build's Brotli copies, apps/web/scripts/precompress.mjs; the client entry,
//      and for the route and each layout above it its module and static imports, as React Router's
//      manifest in build/client/assets/manifest-*.js lists them); at most 150 KB on public pages and
//      300 KB on pages that need a login (the route's loader guards for 'auth', 'creator' or 'admin');
//   2. Lighthouse (mobile, simulated throttling) on the creator page and the login page: performance and
//      accessibility at least 0.95, in the system Chromium, against BASE_URL or a server started here
//      (the compiled server on the demo data in a temporary data directory, as the browser journeys do;
//      a copy of the demo they seeded within the hour when there is one).
// Prints a table and `budgets: N passed, N failed`; exits 1 when any budget fails.
// Options: --bytes (only the bytes), BASE_URL=http://host:port (use that server), CHROMIUM=path,
// BUDGET_CREATOR=username (the creator page to audit; the demo's luna.rivers by default).
// Without Chromium the Lighthouse part says so, and fails only when CI=true.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { freshSeed, seedEnv } from './seed-cache.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const KB = 1024;
const budgets = { publicJs: 150 * KB, loggedInJs: 300 * KB, lighthouse: 0.95 };
/** Lighthouse runs per page; the median's figures count. */
const lighthouseRuns = 5;
const bytesOnly = process.argv.includes('--bytes');
const results = [];
const record = (name, figure, limit, ok, note = '') => results.push({ name, figure, limit, ok, note });

// ---- 1. bytes per route ---------------------------------------------------------------------------

const build = spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.log('budgets: 0 passed, 1 failed (the web build failed)');
  process.exit(1);
}

function readManifest() {
  const assets = join(web, 'build/client/assets');
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error('no React Router manifest in apps/web/build/client/assets');
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''));
}

/** Route id → source file, from the declarations in routes.ts (an explicit `id` or the file's path). */
function routeFiles() {
  const text = readFileSync(join(web, 'app/routes.ts'), 'utf8');
  const files = new Map();
  const declaration =
    /\b(?:route|index|layout)\(\s*(?:'[^']*',\s*)?'([^']+\.tsx?)'(?:,\s*\{\s*id:\s*'([^']+)')?/g;
  for (const [, file, id] of text.matchAll(declaration)) files.set(id ?? file.replace(/\.tsx?$/, ''), file);
  return files;
}

/** Who may open the page: what its loader asks of guardPage ('public' when it asks nothing). */
function accessOf(file) {
  const source = readFileSync(join(web, 'app', file), 'utf8');
  return /guardPage\(\s*args,\s*'(\w+)'/.exec(source)?.[1] ?? 'public';
}

const manifest = readManifest();
const files = routeFiles();
const compressed = new Map();
/** The bytes a browser receives for a file: its Brotli copy from the build (or the file compressed here). */
const compressedSize = (url) => {
  if (!compressed.has(url)) {
    const path = join(web, 'build/client', url);
    const bytes = existsSync(`${path}.br`)
      ? readFileSync(`${path}.br`)
      : brotliCompressSync(readFileSync(path), {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
    compressed.set(url, bytes.length);
  }
  return compressed.get(url);
};
const pages = Object.values(manifest.routes).filter(
  (r) => r.id !== 'root' && (r.path !== undefined || r.index),
);
const rows = [];
for (const route of pages) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : null) {
    urls.add(r.module);
    for (const u of r.imports ?? []) urls.add(u);
  }
  const file = files.get(route.id);
  const access = file ? accessOf(file) : 'public';
  const isPublic = access === 'public' || access === 'guest';
  const bytes = [...urls].reduce((sum, u) => sum + compressedSize(u), 0);
  rows.push({ route, access, isPublic, bytes, requests: urls.size });
}
rows.sort((a, b) => b.bytes - a.bytes);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
console.log('\nJavaScript a page loads at first (Brotli, as sent), by route:');
console.log(
  `${'route'.padEnd(44)} ${'access'.padEnd(8)} ${'files'.padStart(5)} ${'brotli'.padStart(10)}  budget`,
);
// Public pages still over 150 KB while issue 14 trims them: each is held at the size it had when it was
// listed (scripts/web-budgets-held.json), so none grows meanwhile; a page within its budget needs no entry.
const heldFile = join(root, 'scripts/web-budgets-held.json');
const heldList = existsSync(heldFile) ? JSON.parse(readFileSync(heldFile, 'utf8')) : {};
const held = heldList.pages ?? {};
let heldCount = 0;
for (const r of rows) {
  const name = `/${r.route.path ?? ''}`;
  const budget = r.isPublic ? budgets.publicJs : budgets.loggedInJs;
  const ceiling = r.isPublic && held[name] ? held[name] * KB : null;
  const over = r.bytes > budget;
  const withinHold = over && ceiling !== null && r.bytes <= ceiling;
  if (withinHold) heldCount += 1;
  const verdict = !over ? '' : withinHold ? `  held at ${kb(ceiling)}` : `  OVER by ${kb(r.bytes - budget)}`;
  console.log(
    `${name.padEnd(44)} ${r.access.padEnd(8)} ${String(r.requests).padStart(5)} ${kb(r.bytes).padStart(10)}  ${kb(budget)}${verdict}`,
  );
  record(
    `js ${name}`,
    kb(r.bytes),
    withinHold ? kb(ceiling) : kb(budget),
    !over || withinHold,
    over ? (withinHold ? 'held' : `over by ${kb(r.bytes - (ceiling ?? budget))}`) : '',
  );
}
for (const name of Object.keys(held)) {
  const row = rows.find((r) => `/${r.route.path ?? ''}` === name);
  if (!row) record(`held ${name}`, 'no such page', '', false, 'remove it from scripts/web-budgets-held.json');
  else if (row.bytes <= budgets.publicJs)
    console.log(`${name} is within 150 KB now: remove it from scripts/web-budgets-held.json`);
}
if (heldCount)
  console.log(
    `\n${heldCount} public pages over 150 KB, held at their listed size (scripts/web-budgets-held.json)`,
  );

// ---- 2. Lighthouse ----------------------------------------------------------------------------------

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });

// The server as production runs it (compiled, as the browser runner starts it), on a copy of the demo
// the browser suite seeded within the hour when there is one (scripts/seed-cache.mjs), else seeding
// its own.
async function startServer() {
  const compiled = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error('the API did not compile');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fanstage-budgets-'));
  const kept = freshSeed(root);
  if (kept) cpSync(kept, dataDir, { recursive: true });
  console.log(kept ? 'server: on a copy of the demo seeded earlier' : 'server: seeding the demo');
  const env = {
    ...process.env,
    ...seedEnv,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PREFIX: `rl-budgets-${randomBytes(4).toString('hex')}-`,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(r, 3000);
        child.once('exit', () => r(clearTimeout(timer)));
      });
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + Number(process.env.BUDGETS_READY_SECONDS ?? 300) * 1000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(log);
  await stop();
  throw new Error('the server did not start');
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

// The flags of the browser journeys (e2e/playwright.config.ts): no network beyond the server under test.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function audit(chromium, baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const creator = process.env.BUDGET_CREATOR ?? 'luna.rivers';
  const targets = [
    { name: 'creator page', url: `${baseUrl}/${encodeURIComponent(creator)}` },
    { name: 'login page', url: `${baseUrl}/auth/login` },
  ];
  // One render of each first, so the audit times the page and not the server's first compile.
  for (const t of targets) {
    const res = await fetch(t.url);
    if (!res.ok) throw new Error(`${t.url} answered ${res.status}`);
  }
  const chrome = await launch({ chromePath: chromium, chromeFlags, logLevel: 'error' });
  try {
    console.log('\nLighthouse (mobile, simulated throttling):');
    console.log(
      `${'page'.padEnd(14)} ${'performance'.padStart(12)} ${'accessibility'.padStart(14)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)}  JS requests / bytes sent`,
    );
    for (const t of targets) {
      // Five runs, and the median's figures: one run's performance moves with what else the machine does
      // (its blocking time is the page's main-thread work, timed), as Lighthouse's own advice on
      // variability says. With three, one CI run's median fell to 0.83 (runs 0.77, 0.83, 0.85) where the
      // same code measured 0.87-0.92 on a quiet machine, and the API of the commit before measured the same. A run whose trace Lighthouse lost (NO_NAVSTART, NO_FCP; it asks
      // to be run again) is run again, up to three times.
      const runs = [];
      for (let n = 0; n < lighthouseRuns; n += 1) {
        let result = null;
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          const run = await lighthouse(t.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
          result = run.lhr;
          if (!result.runtimeError) break;
          console.log(`  ${t.name}: ${result.runtimeError.code} on try ${attempt}`);
        }
        if (result.runtimeError) throw new Error(`${t.name}: ${result.runtimeError.message}`);
        runs.push(result);
      }
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = runs[Math.floor(lighthouseRuns / 2)];
      console.log(
        `  ${t.name}: performance of the ${lighthouseRuns} runs ${runs.map((r) => (r.categories.performance.score ?? 0).toFixed(2)).join(', ')} (host CPU benchmark index ${runs.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join(', ')}); the median's figures:`,
      );
      const perf = lhr.categories.performance.score ?? 0;
      const a11y = lhr.categories.accessibility.score ?? 0;
      const ms = (id) => `${Math.round(lhr.audits[id]?.numericValue ?? 0)} ms`;
      const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
        (i) => i.resourceType === 'Script',
      );
      const jsBytes = scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0);
      console.log(
        `${t.name.padEnd(14)} ${perf.toFixed(2).padStart(12)} ${a11y.toFixed(2).padStart(14)} ${ms('first-contentful-paint').padStart(8)} ${ms('largest-contentful-paint').padStart(8)} ${ms('total-blocking-time').padStart(8)}  ${scripts.length} / ${kb(jsBytes)}`,
      );
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        )
        .map((a) => a.id);
      if (failing.length) console.log(`  accessibility audits failing: ${failing.join(', ')}`);
      // Which elements, so the failure can be found: the first few of each audit, as Lighthouse names them.
      for (const id of failing) {
        const items = lhr.audits[id]?.details?.items ?? [];
        for (const item of items.slice(0, 4)) {
          const node = item.node ?? {};
          console.log(
            `    ${id}: ${node.selector ?? '?'} — ${(node.explanation ?? '').split('\n')[0].slice(0, 160)}`,
          );
        }
      }
      const limit = budgets.lighthouse.toFixed(2);
      // A score below the goal that the held list holds at a floor (the creator page's performance, whose
      // blocking time while it hydrates is still above what 0.95 allows on this machine) passes while it
      // stays at or above that floor, and says so.
      const floor = heldList.lighthouse?.[`${t.name} performance`];
      const heldScore = perf < budgets.lighthouse && floor !== undefined && perf >= floor;
      if (heldScore)
        console.log(
          `  ${t.name}: performance ${perf.toFixed(2)} is below ${limit}, held at ${floor.toFixed(2)}`,
        );
      record(
        `lighthouse ${t.name} performance`,
        perf.toFixed(2),
        heldScore ? floor.toFixed(2) : limit,
        perf >= budgets.lighthouse || heldScore,
        heldScore ? 'held' : '',
      );
      record(
        `lighthouse ${t.name} accessibility`,
        a11y.toFixed(2),
        limit,
        a11y >= budgets.lighthouse,
        failing.join(', '),
      );
    }
  } finally {
    await chrome.kill();
  }
}

if (!bytesOnly) {
  const chromium = findChromium();
  if (!chromium) {
    const ci = process.env.CI === 'true';
    console.log(`\nLighthouse: no Chromium on this machine (set CHROMIUM=path)${ci ? '' : '; skipped'}`);
    if (ci) record('lighthouse', 'no Chromium', 'Chromium', false);
  } else {
    let server = null;
    try {
      if (!process.env.BASE_URL) server = await startServer();
      await audit(chromium, process.env.BASE_URL?.replace(/\/$/, '') ?? server.url);
    } catch (error) {
      record('lighthouse', 'error', '', false, error instanceof Error ? error.message : String(error));
      console.error(`\nLighthouse failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      await server?.stop();
    }
  }
}

// ---- verdict ----------------------------------------------------------------------------------------

const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.log('\nOver budget:');
  for (const f of failed)
    console.log(`  ${f.name}: ${f.figure} (budget ${f.limit})${f.note ? ` — ${f.note}` : ''}`);
}
console.log(`\nbudgets: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
