#!/usr/bin/env node
// Browser tests: build the web app if needed, start the whole platform on a free port with a fresh
// database (embedded PGlite, or a new database on TEST_DATABASE_URL), run Playwright against it
// with the system Chromium, then stop everything. E2E_CONFIG names another Playwright config (the live
// media suite, which live-netns.mjs runs inside a network namespace).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshSeed, keepSeed, seedCachePath, seedEnv } from '../scripts/seed-cache.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

// The server as production runs it: compiled to JavaScript (apps/api/build.mjs, two seconds).
if (
  spawnSync(process.execPath, [join(root, 'apps/api/build.mjs')], { cwd: root, stdio: 'inherit' }).status !==
  0
) {
  console.log(`\n${process.env.SUITE_NAME ?? 'browser'}: 0 passed, 1 failed (the API did not compile)`);
  process.exit(1);
}

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });

// Always from the current sources (a stale build once hid a fixed bug); E2E_SKIP_BUILD=1 reuses one.
if (!existsSync(join(root, 'apps/web/build/server/index.js')) || process.env.E2E_SKIP_BUILD !== '1') {
  const b = spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (b.status !== 0) {
    console.log(`\n${process.env.SUITE_NAME ?? 'browser'}: 0 passed, 1 failed (web build failed)`);
    process.exit(1);
  }
}

// One server per Playwright worker, each with its own port, data folder and database: journeys change
// site-wide settings (maintenance, blocked countries, commission), which must not reach a journey that
// another worker runs at the same time. E2E_WORKERS=1 runs them one after another on one server.
// The demo is seeded once: the first server seeds it and stops, its data folder (and database, on
// PostgreSQL: CREATE DATABASE … TEMPLATE) is copied for each other worker, then all start on their copy.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
const admin = async (sql) => {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

/** A data folder and, on PostgreSQL, a database: empty, or a copy of another store. */
async function makeStore(from) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fanstage-e2e-'));
  if (from) cpSync(from.dataDir, dataDir, { recursive: true });
  let dbName = null;
  if (process.env.TEST_DATABASE_URL) {
    dbName = `e2e_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${dbName}${from ? ` TEMPLATE ${from.dbName}` : ''}`);
  }
  return {
    dataDir,
    dbName,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

async function startServer(store) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: store.dataDir,
    ...seedEnv,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    EMAIL_RATE_LIMIT: '1000',
    RATE_LIMIT_PREFIX: `rl-e2e-${randomBytes(4).toString('hex')}-`,
    // The copies share user ids: their realtime channels and presence in a shared Redis must not meet.
    REDIS_PREFIX: `e2e-${randomBytes(4).toString('hex')}`,
    // The browser connects from the loopback; trusting it as the proxy lets a journey say, through
    // X-Forwarded-For, which country it comes from (geo.spec.ts). Requests without it stay local.
    TRUST_PROXY: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  if (store.dbName) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${store.dbName}`;
    env.DATABASE_URL = u.toString();
  }
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const server = { url: `http://127.0.0.1:${port}`, log: '', failed: false };
  child.stdout.on('data', (d) => (server.log += d));
  child.stderr.on('data', (d) => (server.log += d));
  /** A clean stop (the database closed, so its folder can be copied); killed after 10 s. */
  server.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  // Generous: the first start seeds the demo, slow on a busy two-core machine.
  // E2E_READY_SECONDS stretches it on a crowded machine (a seed there once took 220 s).
  const deadline = Date.now() + Number(process.env.E2E_READY_SECONDS ?? 240) * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${server.url}/api/ready`)).ok) return server;
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  server.failed = true;
  return server;
}

// On the embedded database the seeded demo is kept for the next run within the hour
// (scripts/seed-cache.mjs): CI's browser suite seeds it, and the two live media passes and the web
// budgets after it start on copies instead of seeding again.
const kept = freshSeed(root);
const cachedSeed = kept ? { dataDir: kept } : null;
const keepsSeed = seedCachePath(root) !== null;

const starting = Date.now();
const stores = [];
let servers;
if (cachedSeed) {
  for (let i = 0; i < workers; i++) stores.push(await makeStore(cachedSeed));
  servers = await Promise.all(stores.map((store) => startServer(store)));
} else {
  stores.push(await makeStore());
  servers = [await startServer(stores[0])];
  if ((workers > 1 || keepsSeed) && !servers[0].failed) {
    await servers[0].stop();
    keepSeed(root, stores[0].dataDir);
    for (let i = 1; i < workers; i++) stores.push(await makeStore(stores[0]));
    servers = await Promise.all(stores.map((store) => startServer(store)));
  }
}
console.log(
  `${servers.length} server(s) ${cachedSeed ? 'on a copy of the demo seeded earlier' : 'seeded'} and ready in ${Math.round((Date.now() - starting) / 1000)} s`,
);
const cleanup = async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(stores.map((s) => s.drop()));
};
if (servers.some((s) => s.failed)) {
  for (const s of servers.filter((s) => s.failed)) console.error(s.log);
  console.log(`\n${process.env.SUITE_NAME ?? 'browser'}: 0 passed, 1 failed (the server did not start)`);
  await cleanup();
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    // E2E_CONFIG picks another suite (e.g. e2e/live-media/playwright.config.ts, run by the live-media runner).
    process.env.E2E_CONFIG ? resolve(root, process.env.E2E_CONFIG) : join(here, 'playwright.config.ts'),
    `--workers=${workers}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: here,
    stdio: 'inherit',
    // Worker N talks to server N (playwright.config.ts picks it by TEST_PARALLEL_INDEX).
    env: { ...process.env, BASE_URL: servers[0].url, BASE_URLS: servers.map((s) => s.url).join(',') },
  },
);
if (result.status !== 0 && process.env.E2E_SERVER_LOG) for (const s of servers) console.error(s.log);
await cleanup();
process.exit(result.status ?? 1);
