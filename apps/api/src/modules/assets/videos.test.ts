import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, performerProfiles } from '@fanstage/db';
import { buildPurchase, buildSubscription, buildVideo } from '@fanstage/db/factories';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { resolveMediaTools, runTool } from '../media/media.ffmpeg';

let t: TestApp;
let workDir: string;
let clip: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POLL_SECONDS: '0.5' } });
  workDir = await mkdtemp(join(tmpdir(), 'fanstage-videos-'));
  const path = join(workDir, 'clip.mp4');
  await runTool(resolveMediaTools({}).ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=25'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path],
  ]);
  clip = await readFile(path);
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#009688' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

const mine = '/api/performer/performer-assets/videos';

const videosCount = async (performerId: string) =>
  (
    await t.ctx.db.db
      .select({ n: performerProfiles.videosCount })
      .from(performerProfiles)
      .where(eq(performerProfiles.userId, performerId))
  )[0]!.n;

const videoForm = (
  fields: Record<string, string>,
  files: { file?: Buffer; thumbnail?: Buffer } = { file: clip },
) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (files.file) fd.append('file', new Blob([files.file]), 'clip.mp4');
  if (files.thumbnail) fd.append('thumbnail', new Blob([files.thumbnail]), 'thumb.png');
  return fd;
};

async function waitUntilReady(fileId: string, token: string) {
  for (let i = 0; i < 120; i++) {
    const res = await t.request({ url: `/api/files/${fileId}/status`, token });
    const status = res.json().data.status;
    if (status === 'ready' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('video still processing');
}

describe('creator videos', () => {
  it('uploads a video with a thumbnail, shows it processing, then active to fans; videos_count exact', async () => {
    const me = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: `${mine}/upload`,
      token: me.token,
      payload: videoForm(
        { title: 'Clip', tags: 'fun, summer', isSale: 'true', price: '4.99' },
        { file: clip, thumbnail: png },
      ),
    });
    expect(res.statusCode).toBe(200);
    const video = res.json().data;
    expect(video).toMatchObject({ title: 'Clip', tags: ['fun', 'summer'], isSale: true, price: 4.99 });
    expect(['processing', 'active']).toContain(video.status);
    expect(await videosCount(me.user.id)).toBe(1);

    expect(await waitUntilReady(video.video._id, me.token)).toBe('ready');
    const fan = await t.fan();
    const listed = await t.request({
      url: `/api/performer-assets/videos/search?performerId=${me.user.id}`,
      token: fan.token,
    });
    expect(listed.json().data.map((v: { _id: string }) => v._id)).toEqual([video._id]);
    const locked = listed.json().data[0];
    expect(locked.isLocked).toBe(true);
    expect(locked.video.urls).toBeUndefined();
    expect(locked.thumbnail.urls.full).toContain('/api/files/private/');
    expect(locked.teaser.urls.video).toContain('teaser.mp4');
    expect(listed.body).not.toContain(`/api/files/private/media/${video.video._id}/video.mp4`);

    const status = await t.request({
      url: `/api/performer-assets/videos/${video._id}/file/${video.video._id}/status`,
      token: fan.token,
    });
    expect(status.json().data.status).toBe('ready');

    const removed = await t.request({
      method: 'DELETE',
      url: `${mine}/remove-file/${video._id}?type=thumbnail`,
      token: me.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.thumbnail).toBeNull();
    const again = await t.request({
      method: 'DELETE',
      url: `${mine}/remove-file/${video._id}?type=thumbnail`,
      token: me.token,
    });
    expect(again.statusCode).toBe(404);
    const badType = await t.request({
      method: 'DELETE',
      url: `${mine}/remove-file/${video._id}?type=poster`,
      token: me.token,
    });
    expect(badType.statusCode).toBe(400);

    const del = await t.request({ method: 'DELETE', url: `${mine}/${video._id}`, token: me.token });
    expect(del.statusCode).toBe(200);
    expect(await videosCount(me.user.id)).toBe(0);
    expect((await t.request({ url: `${mine}/${video._id}/view`, token: me.token })).statusCode).toBe(404);
  }, 60_000);

  it('edits a video with JSON and with a form', async () => {
    const me = await t.creator();
    const video = await buildVideo(t.ctx.db.db, { performerId: me.user.id });
    const json = await t.request({
      method: 'PUT',
      url: `${mine}/edit/${video.id}`,
      token: me.token,
      payload: { title: 'Renamed', isSale: true, price: 2.5, status: 'draft' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data).toMatchObject({ title: 'Renamed', price: 2.5, status: 'draft' });
    const form = await t.request({
      method: 'PUT',
      url: `${mine}/edit/${video.id}`,
      token: me.token,
      payload: videoForm({ description: 'New words', status: 'active' }, { thumbnail: png }),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toMatchObject({ description: 'New words', status: 'active' });
    expect(form.json().data.thumbnail).not.toBeNull();
  });

  it('refuses bad input, other creators and non-creators', async () => {
    const me = await t.creator();
    const noFile = await t.request({
      method: 'POST',
      url: `${mine}/upload`,
      token: me.token,
      payload: videoForm({ title: 'x' }, {}),
    });
    expect(noFile.statusCode).toBe(400);
    const badPrice = await t.request({
      method: 'POST',
      url: `${mine}/upload`,
      token: me.token,
      payload: videoForm({ title: 'x', isSale: 'true', price: 'lots' }),
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().message).toMatch(/price/);
    const notVideo = await t.request({
      method: 'POST',
      url: `${mine}/upload`,
      token: me.token,
      payload: videoForm({ title: 'x' }, { file: png }),
    });
    expect(notVideo.statusCode).toBe(415);
    expect(await videosCount(me.user.id)).toBe(0);

    const other = await t.creator();
    const theirs = await buildVideo(t.ctx.db.db, { performerId: other.user.id });
    for (const [method, url] of [
      ['GET', `${mine}/${theirs.id}/view`],
      ['PUT', `${mine}/edit/${theirs.id}`],
      ['DELETE', `${mine}/${theirs.id}`],
      ['DELETE', `${mine}/remove-file/${theirs.id}?type=teaser`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: me.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
    }
    const fan = await t.fan();
    expect((await t.request({ url: `${mine}/search`, token: fan.token })).statusCode).toBe(403);
  });
});

describe('fans and videos', () => {
  it('lists only active, ready videos and unlocks a sale video for its buyer only', async () => {
    const me = await t.creator();
    const sale = await buildVideo(t.ctx.db.db, { performerId: me.user.id, isSale: true, priceCents: 300 });
    const processing = await buildVideo(t.ctx.db.db, { performerId: me.user.id, fileStatus: 'processing' });
    const failed = await buildVideo(t.ctx.db.db, { performerId: me.user.id, fileStatus: 'failed' });
    const draft = await buildVideo(t.ctx.db.db, { performerId: me.user.id, status: 'draft' });
    const buyer = await t.fan();
    const subscriber = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: subscriber.user.id, performerId: me.user.id });
    await buildPurchase(t.ctx.db.db, {
      fanId: buyer.user.id,
      performerId: me.user.id,
      targetType: 'video',
      targetId: sale.id,
    });

    const list = await t.request({
      url: `/api/performer-assets/videos/search?performerId=${me.user.id}`,
      token: subscriber.token,
    });
    expect(list.json().data.map((v: { _id: string }) => v._id)).toEqual([sale.id]);
    expect(list.json().data[0].isLocked).toBe(true);
    expect(list.body).not.toContain('/api/files/private/');
    for (const hidden of [processing, failed, draft]) {
      expect(
        (await t.request({ url: `/api/performer-assets/videos/${hidden.id}`, token: subscriber.token }))
          .statusCode,
      ).toBe(404);
    }
    const bought = await t.request({ url: `/api/performer-assets/videos/${sale.id}`, token: buyer.token });
    expect(bought.json().data.isLocked).toBe(false);
    expect(bought.json().data.video.urls.video).toContain('/api/files/private/');

    const mineList = await t.request({ url: `${mine}/search?status=processing`, token: me.token });
    expect(mineList.json().data.map((v: { _id: string }) => v._id)).toEqual([processing.id]);
  });
});
