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

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's journeys run in order in one worker; files spread over the workers (run.mjs, E2E_WORKERS).
  fullyParallel: false,
  workers: Math.max(1, baseURLs.length),
  retries: 0,
  // Screens swept at several widths and themes (@layout) look the same on either database: CI's
  // PostgreSQL pass leaves them to the embedded one, to keep CI within its time.
  grepInvert: process.env.TEST_DATABASE_URL ? /@layout/ : undefined,
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
