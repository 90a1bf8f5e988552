import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The live media journeys: real WebRTC through our own Janus, Chromium's fake camera and microphone.
 * Only live-netns.mjs runs them, inside a private network namespace (the ordinary browser run's
 * testDir is ./tests, so it never tries media outside one).
 */
export default defineConfig({
  ...base,
  testDir: './live-media',
  timeout: 45_000,
  outputDir: '../.tmp/e2e-live-results',
  use: {
    ...base.use,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
