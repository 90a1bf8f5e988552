import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/*
 * Live-media journeys: real WebRTC between two Chromium contexts with the fake camera and
 * microphone. The ordinary browser run (../playwright.config.ts, testDir ./tests) never picks these
 * up; a runner that made a private network namespace runs them against a server started like
 * run.mjs does, e.g. `LIVE_MEDIA=p2p E2E_CONFIG=e2e/live-media/playwright.config.ts node e2e/run.mjs`.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../.tmp/e2e-live-media-results',
  reporter: [['list'], ['../count-reporter.ts']],
  use: {
    ...base.use,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        // Inside the namespace only loopback exists: let WebRTC gather it, with plain addresses.
        '--allow-loopback-in-peer-connection',
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    },
  },
});
