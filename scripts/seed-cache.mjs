// The seeded embedded demo (a server's data folder: database and uploads) kept in .tmp/e2e-seed for an
// hour, so that a later run starts on a copy instead of seeding again (a minute on two cores). The
// browser runner (e2e/run.mjs) writes it; the browser runner and the web budgets (scripts/web-budgets.mjs)
// start on copies of it.
//
// The key is the compiled server (apps/api/dist/server.js), which holds the seed; what the seed reads
// from the environment is `seedEnv` below, the same on every run. The hour keeps a copy from lasting
// past what the demo dates relative to its seeding. E2E_SEED_CACHE=0 seeds every time; on PostgreSQL
// (TEST_DATABASE_URL: a database per run) and with S3 uploads (S3_BUCKET) nothing is kept or read.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The environment the seeded demo depends on: servers that share a copy start with it. */
export const seedEnv = {
  SEED_DEMO: 'true',
  // The demo's generated videos (seconds of ffmpeg at start, transcodes after) are no journey's subject;
  // the API's seed test and the demo-start check cover them.
  SEED_DEMO_VIDEOS: 'false',
  ADMIN_EMAIL: 'e2e-admin@example.test',
  ADMIN_PASSWORD: 'e2e-admin-pass',
};

const maxAgeMs = 60 * 60 * 1000;

/** Where the seed of the current compiled server is kept, or null when keeping is off. */
export function seedCachePath(root) {
  if (process.env.TEST_DATABASE_URL || process.env.S3_BUCKET || process.env.E2E_SEED_CACHE === '0') {
    return null;
  }
  const server = join(root, 'apps/api/dist/server.js');
  if (!existsSync(server)) return null;
  const key = createHash('sha1').update(readFileSync(server)).digest('hex').slice(0, 16);
  return join(root, '.tmp/e2e-seed', key);
}

/** The kept seed when there is one younger than an hour, else null. */
export function freshSeed(root) {
  const path = seedCachePath(root);
  return path && existsSync(path) && Date.now() - statSync(path).mtimeMs < maxAgeMs ? path : null;
}

/** Keeps a stopped server's seeded data folder (copied aside, then renamed into place). */
export function keepSeed(root, dataDir) {
  const path = seedCachePath(root);
  if (!path) return;
  const parent = dirname(path);
  rmSync(parent, { recursive: true, force: true });
  mkdirSync(parent, { recursive: true });
  const partial = `${path}.partial`;
  cpSync(dataDir, partial, { recursive: true });
  renameSync(partial, path);
}
