import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's chromium-headless-shell (Chromium's lighter headless build) when it is installed: it
// starts in a third of the time and renders with half the CPU of the full browser, which the
// browser suite, run twice in CI on two cores, feels. These journeys use no camera; the live media
// suite (live-media/playwright.config.ts) keeps the full browser. CHROMIUM_PATH overrides both.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const browserPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

// run.mjs starts one server per worker (BASE_URLS); each worker process reads this file with its own
// TEST_PARALLEL_INDEX, so worker N only ever talks to server N.
const baseURLs = (process.env.BASE_URLS ?? '').split(',').filter(Boolean);
const baseURL =
  baseURLs[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080';

/*
 * The journeys CI runs again on PostgreSQL and Redis: money under a real connection pool (wallet,
 * subscriptions, the shop and payouts, refunds), a session held across a second factor, and everything
 * delivered over the realtime hub, whose Redis adapter and presence exist only there (messages,
 * notifications, live shows and their chat, private shows, a server restart, blocks that end calls).
 * The rest (sign-up and sign-in forms, admin screens, layout sweeps, content pages, studio, moderation,
 * geo-blocking) reads and writes through the same SQL the API suite already runs on PostgreSQL in full.
 */
const engineJourneys = [
  'two-factor',
  'wallet',
  'subscriptions',
  'shop-payouts',
  'admin-refunds',
  'messages',
  'creator-messages',
  'notifications',
  'realtime',
  'live',
  'private-shows',
  'blocks',
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's journeys run in order in one worker; files spread over the workers (run.mjs, E2E_WORKERS).
  fullyParallel: false,
  workers: Math.max(1, baseURLs.length),
  // In CI one retry: the journeys share two cores with their servers and a browser each, and one
  // that needed its retry is named in the run's summary (count-reporter.ts) to be fixed.
  retries: process.env.CI ? 1 : 0,
  // CI's PostgreSQL pass (E2E_SCOPE=engine, set by .ci/run) runs the journeys whose behaviour rests on
  // the database and Redis engine; the embedded pass runs them all (see engineJourneys above).
  ...(process.env.E2E_SCOPE === 'engine' ? { testMatch: engineJourneys, grepInvert: /@layout/ } : {}),
  outputDir: '../.tmp/e2e-results',
  reporter: [['list'], ['./count-reporter.ts']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
