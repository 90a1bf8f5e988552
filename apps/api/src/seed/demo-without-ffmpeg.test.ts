import { files, inArray, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
let warnings: string[] = [];
beforeAll(async () => {
  // A machine where ffmpeg cannot run at all: every clip fails, the rest of the demo must not.
  t = await createTestApp({
    env: { SEED_DEMO: 'true', FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' },
  });
  const warn = vi.spyOn(t.ctx.log, 'warn').mockImplementation(((_obj: unknown, msg?: string) => {
    warnings.push(String(msg));
  }) as never);
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await seedDemoIfEmpty(t.ctx);
  warn.mockRestore();
  log.mockRestore();
}, 180_000);
afterAll(() => t.close());

describe('demo seed on a machine whose ffmpeg fails', () => {
  it('seeds every account and the picture content, leaving out only the clips, each with a warning', async () => {
    expect(await t.ctx.db.db.$count(users)).toBe(17);
    const feed = (await t.request({ url: '/api/user/feeds/search/luna.rivers?limit=50' })).json().data as {
      type: string;
    }[];
    expect(feed.length).toBeGreaterThan(3);
    expect(feed.some((p) => p.type === 'video' || p.type === 'audio')).toBe(false);
    expect(
      await t.ctx.db.db.$count(files, inArray(files.kind, ['feed-video', 'feed-audio', 'asset-video'])),
    ).toBe(0);
    expect(
      warnings.filter((w) => w.includes('ffmpeg could not make or read its clip')).length,
    ).toBeGreaterThan(2);
    warnings = [];
  });
});
