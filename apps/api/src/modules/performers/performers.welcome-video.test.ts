import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, files } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { resolveMediaTools, runTool } from '../media/media.ffmpeg';

let t: TestApp;
let workDir: string;
let clip: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POLL_SECONDS: '0.5' } });
  workDir = await mkdtemp(join(tmpdir(), 'fanstage-welcome-'));
  const path = join(workDir, 'hello.mp4');
  await runTool(resolveMediaTools({}).ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=25'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path],
  ]);
  clip = await readFile(path);
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

const url = '/api/performers/welcome-video/upload';
const form = (bytes: Buffer, name = 'hello.mp4') => {
  const fd = new FormData();
  fd.append('file', new Blob([bytes]), name);
  return fd;
};
const upload = (token: string | undefined, bytes: Buffer, name?: string) =>
  t.request({ method: 'POST', url, token, payload: form(bytes, name) });

async function waitUntilDone(fileId: string, token: string) {
  for (let i = 0; i < 120; i++) {
    const status = (await t.request({ url: `/api/files/${fileId}/status`, token })).json().data.status;
    if (status === 'ready' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('welcome video still processing');
}

const fileExists = async (id: string) =>
  (await t.ctx.db.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length > 0;

describe('POST /api/performers/welcome-video/upload', () => {
  it('uploads, transcodes and shows the welcome video on the public profile and to the creator', async () => {
    const creator = await t.creator();
    const res = await upload(creator.token, clip);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ kind: 'welcome-video', status: 'uploaded' });

    const before = await t.request({ url: `/api/performers/${creator.user.username}` });
    expect(before.json().data.welcomeVideo).toMatchObject({ _id: file._id });
    expect(before.json().data.welcomeVideo.urls).toBeUndefined();

    expect(await waitUntilDone(file._id, creator.token)).toBe('ready');
    const visitor = (await t.request({ url: `/api/performers/${creator.user.username}` })).json().data;
    expect(visitor.welcomeVideo).toMatchObject({ _id: file._id, status: 'ready' });
    expect(visitor.welcomeVideo.urls.video).toMatch(/^\/api\/files\/private\/.+\?exp=\d+&sig=/);
    const play = await t.request({ url: visitor.welcomeVideo.urls.video });
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('video/mp4');

    const me = (await t.request({ url: '/api/performers/me', token: creator.token })).json().data;
    expect(me.welcomeVideo).toMatchObject({ _id: file._id, status: 'ready' });
    // Lists stay light: no welcome video there.
    const list = await t.request({ url: '/api/performers/user/search', token: creator.token });
    expect(list.statusCode).toBe(200);
  });

  it('replacing the video removes the old file; DELETE takes it off the profile', async () => {
    const creator = await t.creator();
    const first = (await upload(creator.token, clip)).json().data;
    const second = (await upload(creator.token, clip)).json().data;
    expect(await fileExists(first._id)).toBe(false);
    expect(await fileExists(second._id)).toBe(true);
    const del = await t.request({
      method: 'DELETE',
      url: '/api/performers/welcome-video',
      token: creator.token,
    });
    expect(del.statusCode).toBe(200);
    expect(await fileExists(second._id)).toBe(false);
    const me = (await t.request({ url: '/api/performers/me', token: creator.token })).json().data;
    expect(me.welcomeVideo).toBeNull();
    // Twice is fine.
    const again = await t.request({
      method: 'DELETE',
      url: '/api/performers/welcome-video',
      token: creator.token,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an HTML page named .mp4, random bytes and an image with a readable message, keeping nothing', async () => {
    const creator = await t.creator();
    const before = await t.ctx.db.db.select({ id: files.id }).from(files);
    for (const [bytes, name] of [
      [Buffer.from('<!doctype html><html><body>hi</body></html>'), 'hello.mp4'],
      [Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'noise.mp4'],
    ] as const) {
      const res = await upload(creator.token, bytes, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toMatch(/video/i);
    }
    const after = await t.ctx.db.db.select({ id: files.id }).from(files);
    expect(after.length).toBe(before.length);
    const me = (await t.request({ url: '/api/performers/me', token: creator.token })).json().data;
    expect(me.welcomeVideo).toBeNull();
  });

  it('is for creators only: 401 without a login, 403 for a fan; an upload without a file is 400', async () => {
    const fan = await t.fan();
    expect((await upload(undefined, clip)).statusCode).toBe(401);
    expect((await upload(fan.token, clip)).statusCode).toBe(403);
    const creator = await t.creator();
    const empty = await t.request({ method: 'POST', url, token: creator.token, payload: new FormData() });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });
});
