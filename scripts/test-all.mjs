#!/usr/bin/env node
// `npm test`: type-check, lint, API tests, web unit tests and browser tests, one after another.
// Each suite prints its own closing line `<suite>: N passed, N failed`; this exits non-zero if any step failed.
// With TEST_DATABASE_URL / TEST_REDIS_URL set, the API and browser suites run against PostgreSQL and Redis.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';
const only = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint', '--silent'] },
  // The deploy recipes (deploy/): syntax, the files they name, the variables they give the API.
  { name: 'deploy recipes', suite: 'deploy', cmd: 'node', args: ['scripts/check-deploy.mjs'] },
  // The API suite reads the server-rendered pages too (mail links that open, geo-blocked pages): build the
  // web app from the current sources first; the browser and live steps reuse this build.
  {
    name: 'web build',
    cmd: 'node',
    args: ['scripts/build-web.mjs'],
    before: ['api', 'browser', 'live'],
  },
  {
    name: `api (${engine})`,
    suite: `api-${engine}`,
    cmd: 'npm',
    args: ['test', '--silent', '-w', 'apps/api'],
  },
  // The media, file, zip and paid-content tests again with uploads in a local S3-compatible server (s3rver).
  {
    name: `api on S3 (${engine})`,
    suite: `api-s3-${engine}`,
    cmd: 'npm',
    args: ['run', 'test:s3', '--silent', '-w', 'apps/api'],
  },
  // Two API processes on one PostgreSQL, Redis and S3 store, one of them killed under load
  // (apps/api/cluster/two-nodes.test.ts). Only with TEST_DATABASE_URL and TEST_REDIS_URL: CI's PostgreSQL pass.
  {
    name: 'cluster: two nodes',
    suite: 'cluster',
    cmd: 'npm',
    args: ['run', 'test:cluster', '--silent', '-w', 'apps/api'],
    needs: ['TEST_DATABASE_URL', 'TEST_REDIS_URL'],
  },
  { name: 'web unit', suite: 'web', cmd: 'npm', args: ['test', '--silent', '-w', 'apps/web'] },
  {
    name: `browser (${engine})`,
    suite: `browser-${engine}`,
    cmd: 'npm',
    args: ['test', '--silent', '-w', 'e2e'],
    browser: true,
  },
  // Real WebRTC through our own Janus and peer to peer, inside a network namespace e2e/live-netns.mjs
  // makes (root). It skips with a notice outside CI without root or janus; in CI it fails instead.
  // The media path is the same on either database, so CI's PostgreSQL pass (`npm test -- api browser`)
  // leaves it to the embedded pass (`npm test -- live` runs it alone, on PostgreSQL too with TEST_DATABASE_URL).
  {
    name: `live media (${engine})`,
    suite: `live-${engine}`,
    cmd: 'npm',
    args: ['run', 'test:live', '--silent', '-w', 'e2e'],
    browser: true,
    live: true,
  },
];

// Each suite's reporter appends a line per failed (or flaky) test here; the summary below repeats them, so the
// end of CI's log says which tests failed, not only which suites.
const failuresDir = mkdtempSync(join(tmpdir(), 'fanstage-failures-'));
const failuresFile = join(failuresDir, 'failed.txt');

const results = [];
for (const step of steps) {
  const wanted = (name) => only.length === 0 || only.some((o) => name.startsWith(o));
  if (step.before ? !step.before.some(wanted) : !wanted(step.name)) continue;
  // E2E_SKIP_BUILD=1 (CI's second pass) reuses the web build already there.
  if (step.before && process.env.E2E_SKIP_BUILD === '1' && existsSync('apps/web/build/server/index.js')) {
    results.push({ name: step.name, ok: true, seconds: 0 });
    continue;
  }
  const missing = (step.needs ?? []).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.log(
      `\n== ${step.name}: not run here, it needs ${missing.join(' and ')} (CI's PostgreSQL pass runs it)`,
    );
    continue;
  }
  if (step.browser && !existsSync(chromium)) {
    if (process.env.CI) {
      console.error(
        `\n${step.suite}: 0 passed, 1 failed (no Chromium at ${chromium}; CI must run the browser tests)`,
      );
      results.push({ name: step.name, ok: false });
      continue;
    }
    console.log(`\n== ${step.name}: skipped, no Chromium at ${chromium} (apt-get install chromium)`);
    continue;
  }
  console.log(`\n== ${step.name}`);
  const started = Date.now();
  const env = { ...process.env, SUITE_NAME: step.suite ?? step.name, CI_FAILURES_FILE: failuresFile };
  // The web build step just built the app from these sources: the browser and live steps reuse it.
  if (step.browser && results.some((r) => r.name === 'web build' && r.ok)) env.E2E_SKIP_BUILD = '1';
  const r = spawnSync(step.cmd, step.args, { stdio: 'inherit', env });
  const ok = r.status === 0;
  results.push({ name: step.name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!step.suite) console.log(`${step.name}: ${ok ? 'ok' : 'FAILED'}`);
}

console.log('\n== summary');
for (const r of results)
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name}${r.seconds !== undefined ? ` (${r.seconds}s)` : ''}`);
if (existsSync(failuresFile))
  process.stdout.write(`\nfailed and flaky tests:\n${readFileSync(failuresFile, 'utf8')}`);
rmSync(failuresDir, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
