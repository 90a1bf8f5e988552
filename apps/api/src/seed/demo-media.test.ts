import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { runTool } from '../modules/media/media.ffmpeg';
import { videoSources } from './demo-media';

const packaged = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
// CI installs Debian's ffmpeg; a fresh laptop has only the npm copy, and the demo must work with both.
const builds = [
  ['npm 2018 build', packaged],
  ...(existsSync('/usr/bin/ffmpeg') ? [['system', '/usr/bin/ffmpeg']] : []),
];

describe('demo clip generators', () => {
  it.each(builds)('each renders a frame with the %s of ffmpeg', async (_name, ffmpeg) => {
    for (const source of videoSources) {
      const { stdout } = await runTool(ffmpeg!, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source],
        ...['-frames:v', '1', '-vf', 'format=yuv420p', '-f', 'rawvideo', '-'],
      ]);
      // 640x360 in yuv420p is 345600 bytes a frame (read as text, so compare loosely).
      expect(stdout.length, source).toBeGreaterThan(100_000);
    }
  });
});
