import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The live media journeys: real WebRTC through our own Janus or peer to peer, Chromium's fake camera
 * and microphone.
 * Only live-netns.mjs runs them, inside a private network namespace (the ordinary browser run's
 * testDir is ./tests, so it never tries media outside one).
 */
export default defineConfig({
  ...base,
  testDir: './live-media',
  // Each pass of live-netns.mjs runs the show journey of the media its server has (LIVE_MEDIA), and
  // the call journey, which takes either.
  testMatch: [process.env.LIVE_MEDIA === 'p2p' ? 'p2p.spec.ts' : 'live-video.spec.ts', 'call-video.spec.ts'],
  timeout: 45_000,
  outputDir: '../.tmp/e2e-live-results',
  use: {
    ...base.use,
    launchOptions: {
      ...base.use?.launchOptions,
      // The full browser: its fake camera is what these journeys watch.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        // Peer to peer inside the namespace: let WebRTC gather loopback, with plain addresses.
        ...(process.env.LIVE_MEDIA === 'p2p'
          ? ['--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns']
          : []),
      ],
    },
  },
});
