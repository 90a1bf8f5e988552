import { describe, expect, it } from 'vitest';
import { resolveMediaTools, runTool, untrustedMediaRefusal } from './media.ffmpeg';
import { fitVideoSize } from './media.transcode';

describe('resolveMediaTools', () => {
  it('prefers the paths from the environment', () => {
    expect(resolveMediaTools({ FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      isPackaged: false,
    });
  });

  it('falls back to the binaries shipped in npm packages when the system has none, and they run', async () => {
    const tools = resolveMediaTools({}, { systemDir: '/nonexistent' });
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer/);
    expect((await runTool(tools.ffmpeg, ['-version'])).stdout).toMatch(/^ffmpeg version/);
    expect((await runTool(tools.ffprobe, ['-version'])).stdout).toMatch(/^ffprobe version/);
    expect(tools.isPackaged).toBe(true);
  });
});

describe('untrustedMediaRefusal', () => {
  const fallback = { systemDir: '/nonexistent' };
  it('refuses uploads in production when only the 2018 npm build is there, and says what to install', () => {
    expect(untrustedMediaRefusal({ NODE_ENV: 'production' }, fallback)).toMatch(
      /system ffmpeg.*apt-get install ffmpeg/,
    );
  });

  it('takes uploads with the npm build outside production, and with a system or configured ffmpeg anywhere', () => {
    expect(untrustedMediaRefusal({ NODE_ENV: 'development' }, fallback)).toBeNull();
    expect(
      untrustedMediaRefusal(
        { NODE_ENV: 'production', FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' },
        fallback,
      ),
    ).toBeNull();
  });
});

describe('fitVideoSize', () => {
  it.each([
    [
      [3840, 2160],
      [1920, 1080],
    ],
    [
      [2160, 3840],
      [1080, 1920],
    ],
    [
      [2560, 1920],
      [1440, 1080],
    ],
    [
      [1280, 720],
      [1280, 720],
    ],
    [
      [321, 241],
      [322, 242],
    ],
  ])('fits %j inside 1080p, even-sized and never enlarged, as %j', ([w, h], [ew, eh]) => {
    expect(fitVideoSize(w!, h!)).toEqual({ width: ew, height: eh });
  });
});
