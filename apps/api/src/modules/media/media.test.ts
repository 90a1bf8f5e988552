import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { files, newId } from '@fanstage/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelFloodPng } from '../../../test/fixtures';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { signMediaUrl } from '../files/signed-urls';
import { probeMedia, resolveMediaTools, runTool } from './media.ffmpeg';
import { presentMedia } from './media.presenter';
import { findFileById } from './media.repo';
import { processMediaFile, transcodeJobName } from './media.service';

const clock = new TestClock();
const tools = resolveMediaTools({});
let t: TestApp;
let workDir: string;
let creator: Awaited<ReturnType<TestApp['creator']>>;

/** Small real media made with ffmpeg's test sources. */
const media = { video: '', fastStartVideo: '', audio: '' };

beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_MAX_MB: '1', QUEUE_POLL_SECONDS: '0.5' } });
  creator = await t.creator();
  workDir = await mkdtemp(join(tmpdir(), 'fanstage-media-'));
  media.video = join(workDir, 'clip.mp4');
  media.fastStartVideo = join(workDir, 'clip-faststart.mp4');
  media.audio = join(workDir, 'tone.wav');
  const lavfi = ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi'];
  await runTool(tools.ffmpeg, [
    ...lavfi,
    '-i',
    'testsrc=duration=3:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    media.video,
  ]);
  await runTool(tools.ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    media.video,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    media.fastStartVideo,
  ]);
  await runTool(tools.ffmpeg, [...lavfi, '-i', 'sine=frequency=330:duration=2', media.audio]);
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

const form = (bytes: Buffer | string, filename: string, type = 'application/octet-stream') => {
  const fd = new FormData();
  fd.append('file', new Blob([bytes], { type }), filename);
  return fd;
};

const upload = (kind: string, bytes: Buffer | string, filename: string, token = creator.token) =>
  t.request({
    method: 'POST',
    url: `/api/performer/feeds/${kind}/upload`,
    token,
    payload: form(bytes, filename),
  });

/** Every file under the data folder (storage and temp files), to prove nothing was left behind. */
const storedFiles = async (): Promise<string[]> => {
  const entries = await readdir(t.ctx.config.DATA_DIR, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
};
const fileCount = async () => (await t.ctx.db.db.select({ id: files.id }).from(files)).length;

const photoPng = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();

/** Polls the status route until the file leaves `uploaded`/`processing` (at most ~30 s). */
async function waitUntilDone(id: string, token = creator.token) {
  const seen: string[] = [];
  for (let i = 0; i < 120; i++) {
    const res = await t.request({ url: `/api/files/${id}/status`, token });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === 'ready' || body.status === 'failed') return { body, seen };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`file ${id} still not processed; saw ${seen.join(' → ')}`);
}

/** Asserts an upload was refused and left nothing in storage, in temp files or in the database. */
async function expectRefusedWithoutTrace(
  send: () => Promise<{ statusCode: number; json(): { message: string } }>,
  status: number,
  message: RegExp,
) {
  const filesBefore = await storedFiles();
  const rowsBefore = await fileCount();
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await fileCount()).toBe(rowsBefore);
}

describe('photo upload', () => {
  it('re-encodes a photo into three WebP sizes and a blurred preview, ready at once', async () => {
    const res = await upload('photo', await photoPng(), 'beach.png');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ kind: 'feed-photo', status: 'ready', mimeType: 'image/webp', width: 2048 });
    expect(data.preview).toMatch(/^data:image\/webp;base64,/);
    expect(Buffer.from(data.preview.split(',')[1], 'base64').length).toBeLessThan(1024);
    const row = await findFileById(t.ctx.db.db, data._id);
    expect(row).toMatchObject({ ownerId: creator.user.id, visibility: 'private', status: 'ready' });
    const widths = ['thumbnail', 'feed', 'full'].map(
      (name) => row!.variants![name as 'thumbnail' | 'feed' | 'full']!.width,
    );
    expect(widths).toEqual([320, 1080, 2048]);
    for (const variant of [row!.variants!.thumbnail!, row!.variants!.feed!, row!.variants!.full!]) {
      expect(variant.key).toMatch(/^private\/media\//);
    }
  });

  it('serves the variants only with a valid signature, and the link stops working at the end of its window', async () => {
    const res = await upload('photo', await photoPng(), 'p.png');
    const row = await findFileById(t.ctx.db.db, res.json().data._id);
    const url = signMediaUrl(t.ctx, row!.variants!.feed!.key);
    expect(url).toMatch(/^\/api\/files\/private\/media\/[\w-]+\/feed\.webp\?exp=\d+&sig=[\w-]+$/);
    // Signed for the window after the current five-minute one: 5 to 10 minutes left.
    const leftMs = Number(url.match(/exp=(\d+)/)![1]) * 1000 - clock.now().getTime();
    expect(leftMs).toBeGreaterThan(300_000);
    expect(leftMs).toBeLessThanOrEqual(600_000);

    const ok = await t.request({ url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toBe(`private, max-age=${Math.floor(leftMs / 1000)}, immutable`);
    expect(ok.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect((await sharp(ok.rawPayload).metadata()).width).toBe(1080);
    const cached = await t.request({ url, headers: { 'if-none-match': String(ok.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const unsigned = await t.request({ url: url.split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);

    clock.advance(leftMs - 1000);
    expect((await t.request({ url })).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await t.request({ url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('refuses a URL whose signature or key was altered with 403', async () => {
    const res = await upload('photo', await photoPng(), 'p.png');
    const row = await findFileById(t.ctx.db.db, res.json().data._id);
    const url = signMediaUrl(t.ctx, row!.variants!.thumbnail!.key);
    const sig = url.split('sig=')[1]!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const altered = await t.request({ url: url.replace(sig, flipped) });
    expect(altered.statusCode).toBe(403);
    expect(altered.json().message).toMatch(/not valid/);
    const otherKey = await t.request({ url: url.replace('thumbnail.webp', 'full.webp') });
    expect(otherKey.statusCode).toBe(403);
  });

  it('answers 404 for a correctly signed key that does not exist, and never leaves the private folder', async () => {
    expect(
      (await t.request({ url: signMediaUrl(t.ctx, `private/media/${newId()}/feed.webp`) })).statusCode,
    ).toBe(404);
    for (const url of ['/api/files/private/../db/x?exp=9999999999&sig=x', '/api/files/private/%2e%2e/x']) {
      expect((await t.request({ url })).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(() => signMediaUrl(t.ctx, 'avatars/a.webp')).toThrow();
  });

  it('refuses HTML named .jpg with 415 and keeps nothing', async () => {
    await expectRefusedWithoutTrace(
      () => upload('photo', '<html><script>alert(1)</script></html>', 'cat.jpg'),
      415,
      /upload an image/,
    );
  });

  it('refuses a 30000 x 30000 PNG with 415 before decoding it, and keeps nothing', async () => {
    await expectRefusedWithoutTrace(
      () => upload('photo', pixelFloodPng(), 'flood.png'),
      415,
      /too large in pixels/,
    );
  });

  it('refuses a file over the size limit with 413 and keeps nothing', async () => {
    const big = Buffer.concat([await photoPng(), randomBytes(1024 * 1024)]);
    await expectRefusedWithoutTrace(
      () => upload('photo', big, 'big.png'),
      413,
      /too large; the limit is 1 MB/,
    );
  });

  it('lets only creators upload', async () => {
    const fan = await t.fan();
    const res = await upload('photo', await photoPng(), 'p.png', fan.token);
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/performer/feeds/photo/upload' })).statusCode).toBe(
      401,
    );
  });

  it('refuses an unknown upload kind and a form without the file field', async () => {
    expect((await upload('document', await photoPng(), 'p.png')).statusCode).toBe(400);
    const fd = new FormData();
    fd.append('other', new Blob([await photoPng()]), 'p.png');
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds/photo/upload',
      token: creator.token,
      payload: fd,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('video upload', () => {
  it('refuses random bytes named .mp4 with 415 and keeps nothing', async () => {
    // A fixed sequence, not randomBytes: about 1 in 1000 random buffers begins like an MP3 or AAC
    // frame, is sniffed as audio and refused as "Please upload a video" (flaky in CI once).
    const noise = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919 + 13) % 251));
    await expectRefusedWithoutTrace(
      () => upload('video', noise, 'holiday.mp4'),
      415,
      /^This video could not be read; it may be damaged\.$/,
    );
  });

  it('refuses a truncated MP4 with 415 and keeps nothing, whether its index is at the end or the front', async () => {
    for (const path of [media.video, media.fastStartVideo]) {
      const bytes = await readFile(path);
      await expectRefusedWithoutTrace(
        () => upload('video', bytes.subarray(0, Math.floor(bytes.length / 2)), 'cut.mp4'),
        415,
        /could not be read; it may be damaged/,
      );
    }
  });

  it('refuses an image sent as a video with 415', async () => {
    await expectRefusedWithoutTrace(
      () => upload('video', pixelFloodPng(10, 10), 'x.mp4'),
      415,
      /upload a video/,
    );
  });

  it('goes uploaded → processing → ready with an H.264/AAC MP4, posters, a teaser and the duration', async () => {
    const res = await upload('video', await readFile(media.video), 'clip.mp4');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ kind: 'feed-video', status: 'uploaded', width: 320, height: 240 });
    expect(data.duration).toBeCloseTo(3, 0);

    const { body, seen } = await waitUntilDone(data._id);
    expect(body).toMatchObject({ status: 'ready' });
    expect(body.duration).toBeCloseTo(3, 0);
    expect(['uploaded', 'processing', 'ready']).toEqual(expect.arrayContaining(seen));

    const row = await findFileById(t.ctx.db.db, data._id);
    // Posters at about 10, 50 and 90 % of the running time.
    const times = row!.variants!.posters!.map((p) => p.atSeconds);
    expect(times).toHaveLength(3);
    [0.3, 1.5, 2.7].forEach((expected, i) => {
      expect(times[i]).toBeCloseTo(expected, 0);
    });
    expect(row!.variants!.teaser).toMatchObject({ isGenerated: true });
    expect(row!.preview).toMatch(/^data:image\/webp;base64,/);

    const view = presentMedia(row!, { canView: true, sign: (key) => signMediaUrl(t.ctx, key) });
    const mp4 = await t.request({ url: view.urls!.video! });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const saved = join(workDir, 'downloaded.mp4');
    await writeFile(saved, mp4.rawPayload);
    const probe = await probeMedia(tools, saved);
    expect(probe).toMatchObject({
      video: { codec: 'h264', width: 320, height: 240 },
      audio: { codec: 'aac' },
    });
    expect(probe.duration).toBeCloseTo(3, 0);
    // faststart: the index (moov) comes before the media data (mdat).
    expect(mp4.rawPayload.indexOf('moov')).toBeLessThan(mp4.rawPayload.indexOf('mdat'));

    const poster = await t.request({ url: view.urls!.posters![1]! });
    expect(poster.headers['content-type']).toBe('image/webp');
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(320);
  });

  it('answers byte ranges with 206 so players can seek, and 416 past the end', async () => {
    const res = await upload('teaser', await readFile(media.video), 'teaser.mp4');
    const { body } = await waitUntilDone(res.json().data._id);
    expect(body.status).toBe('ready');
    const row = await findFileById(t.ctx.db.db, body._id);
    expect(row!.variants!.teaser).toBeUndefined();
    const url = signMediaUrl(t.ctx, row!.variants!.video!.key);
    const whole = await t.request({ url });
    const size = whole.rawPayload.length;
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await t.request({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));

    const tail = await t.request({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));

    const past = await t.request({ url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('marks a file failed with a reason when its transcode cannot work, and keeps no outputs', async () => {
    const [row] = await t.ctx.db.db
      .insert(files)
      .values({
        ownerId: creator.user.id,
        kind: 'feed-video',
        visibility: 'private',
        storageKey: `private/originals/${newId()}.mp4`,
        mimeType: 'video/mp4',
        size: 1000,
        status: 'uploaded',
      })
      .returning();
    await t.ctx.queue.send(transcodeJobName, { fileId: row!.id });
    const { body } = await waitUntilDone(row!.id);
    expect(body).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/original upload is missing/),
    });
    const after = await findFileById(t.ctx.db.db, row!.id);
    expect(after!.variants).toBeNull();
    const view = presentMedia(after!, { canView: true, sign: (key) => signMediaUrl(t.ctx, key) });
    expect(view.urls).toBeUndefined();
  });

  it('runs a job twice without harm: a finished file is left as it is', async () => {
    const res = await upload('video', await readFile(media.video), 'again.mp4');
    const { body } = await waitUntilDone(res.json().data._id);
    const before = await findFileById(t.ctx.db.db, body._id);
    await processMediaFile(t.ctx, { fileId: body._id, signal: new AbortController().signal });
    const after = await findFileById(t.ctx.db.db, body._id);
    expect(after).toMatchObject({
      status: 'ready',
      variants: before!.variants,
      updatedAt: before!.updatedAt,
    });
  });
});

describe('audio upload', () => {
  it('transcodes audio to AAC in M4A and records its duration', async () => {
    const res = await upload('audio', await readFile(media.audio), 'tone.wav');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'feed-audio', status: 'uploaded' });
    const { body } = await waitUntilDone(res.json().data._id);
    expect(body.status).toBe('ready');
    expect(body.duration).toBeCloseTo(2, 0);
    const row = await findFileById(t.ctx.db.db, body._id);
    const m4a = await t.request({ url: signMediaUrl(t.ctx, row!.variants!.audio!.key) });
    expect(m4a.headers['content-type']).toBe('audio/mp4');
    const saved = join(workDir, 'downloaded.m4a');
    await writeFile(saved, m4a.rawPayload);
    expect(await probeMedia(tools, saved)).toMatchObject({ audio: { codec: 'aac' } });
  });

  it('refuses a photo sent as audio with 415', async () => {
    await expectRefusedWithoutTrace(() => upload('audio', pixelFloodPng(10, 10), 'x.mp3'), 415, /audio file/);
  });
});

describe('GET /api/files/:id/status', () => {
  it("answers 404 for another creator's file, a fan, and a missing id", async () => {
    const res = await upload('photo', await photoPng(), 'p.png');
    const id = res.json().data._id;
    const other = await t.creator();
    const fan = await t.fan();
    expect((await t.request({ url: `/api/files/${id}/status`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/files/${id}/status`, token: fan.token })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/files/${newId()}/status`, token: creator.token })).statusCode).toBe(
      404,
    );
    const own = await t.request({ url: `/api/files/${id}/status`, token: creator.token });
    expect(own.json().data).toEqual({ _id: id, status: 'ready' });
    const admin = await t.admin();
    expect((await t.request({ url: `/api/files/${id}/status`, token: admin.token })).statusCode).toBe(200);
  });
});

describe('teasers of locked video posts', () => {
  const post = async (payload: Record<string, unknown>) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data._id as string;
  };

  it("plays the creator's teaser, or the generated one, to fans without access; never the video", async () => {
    const videoId = (await upload('video', await readFile(media.video), 'clip.mp4')).json().data._id;
    const teaserId = (await upload('teaser', await readFile(media.video), 'teaser.mp4')).json().data._id;
    const plainVideoId = (await upload('video', await readFile(media.video), 'clip2.mp4')).json().data._id;
    for (const id of [videoId, teaserId, plainVideoId]) {
      expect((await waitUntilDone(id)).body.status).toBe('ready');
    }
    const withTeaser = await post({ type: 'video', text: 'With teaser', fileIds: [videoId], teaserId });
    const generated = await post({ type: 'video', text: 'Generated teaser', fileIds: [plainVideoId] });
    const fan = await t.fan();
    const videoKey = (await findFileById(t.ctx.db.db, videoId))!.variants!.video!.key;
    const plainKey = (await findFileById(t.ctx.db.db, plainVideoId))!.variants!.video!.key;

    for (const [feedId, hidden] of [
      [withTeaser, videoKey],
      [generated, plainKey],
    ] as const) {
      const res = await t.request({ url: `/api/user/feeds/${feedId}`, token: fan.token });
      const data = res.json().data;
      expect(data.isLocked).toBe(true);
      expect(data.files[0].urls).toBeUndefined();
      expect(res.body).not.toContain(hidden);
      const teaser = await t.request({ url: data.teaser.urls.video });
      expect(teaser.statusCode).toBe(200);
      expect(teaser.headers['content-type']).toBe('video/mp4');
    }
  });
});
