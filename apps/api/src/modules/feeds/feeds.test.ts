import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, follows, performerProfiles, sql } from '@fanstage/db';
import { buildFeed, buildPurchase, buildSubscription } from '@fanstage/db/factories';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';
import { resolveMediaTools, runTool } from '../media/media.ffmpeg';
import { insertFile } from '../media/media.repo';
import { defaultLeafUrl, pickFeedThumbnail } from './feeds.presenter';
import { timelinePageQuery, timelineWindow } from './feeds.repo';

const clock = new TestClock();
const day = 24 * 60 * 60 * 1000;
let t: TestApp;
let workDir: string;
let videoPath: string;

type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { QUEUE_POLL_SECONDS: '0.5' } });
  workDir = await mkdtemp(join(tmpdir(), 'fanstage-feeds-'));
  videoPath = join(workDir, 'clip.mp4');
  const tools = resolveMediaTools({});
  await runTool(tools.ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=160x120:rate=15',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    videoPath,
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

const png = (color = '#3f51b5') =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(kind: string, token: string, bytes: Buffer, filename: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await t.request({
    method: 'POST',
    url: `/api/performer/feeds/${kind}/upload`,
    token,
    payload: fd,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id;
}
const uploadPhoto = async (token: string) => upload('photo', token, await png(), 'p.png');

const createPost = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/performer/feeds', token, payload });

async function photoPost(creator: Account, extra: Record<string, unknown> = {}) {
  const res = await createPost(creator.token, {
    type: 'photo',
    text: 'Sunset',
    fileIds: [await uploadPhoto(creator.token)],
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const subscribe = (fan: Account, creator: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * day),
  });

const view = (id: string, token?: string) => t.request({ url: `/api/user/feeds/${id}`, token });

const counters = async (performerId: string) => {
  const [row] = await t.ctx.db.db
    .select({
      posts: performerProfiles.postsCount,
      photos: performerProfiles.photosCount,
      videos: performerProfiles.videosCount,
    })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return row;
};

async function waitUntilReady(fileId: string, token: string) {
  for (let i = 0; i < 360; i++) {
    const res = await t.request({ url: `/api/files/${fileId}/status`, token });
    const status = res.json().data.status;
    if (status === 'ready' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('video not processed in time');
}

describe('creating posts', () => {
  it('creates a text post with its HTML stripped and text trimmed', async () => {
    const creator = await t.creator();
    const res = await createPost(creator.token, {
      type: 'text',
      text: '  <b>Hello</b> <script>x()</script>fans <3  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'text',
      text: 'Hello x()fans <3',
      status: 'published',
      canView: true,
      reason: 'owner',
      thumbnail: { url: defaultLeafUrl, source: 'default' },
      poll: null,
    });
  });

  it('creates a photo post with photos in order, a price and a thumbnail, and the owner sees signed URLs', async () => {
    const creator = await t.creator();
    const photos = [await uploadPhoto(creator.token), await uploadPhoto(creator.token)];
    const thumb = await upload('thumbnail', creator.token, await png('#ff0000'), 't.png');
    const res = await createPost(creator.token, {
      type: 'photo',
      text: 'Two',
      fileIds: [photos[1], photos[0]],
      thumbnailId: thumb,
      isSale: true,
      price: 12.5,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.files.map((f: { _id: string }) => f._id)).toEqual([photos[1], photos[0]]);
    expect(data).toMatchObject({ isSale: true, price: 12.5, thumbnail: { source: 'feed-thumbnail' } });
    expect(data.thumbnail.url).toMatch(/^\/api\/files\/private\/media\/.+thumbnail\.webp\?exp=/);
    expect(data.files[0].urls.feed).toMatch(/^\/api\/files\/private\//);
  });

  it('creates an audio post from one feed audio upload', async () => {
    const creator = await t.creator();
    const wav = join(workDir, 'tone.wav');
    await runTool(resolveMediaTools({}).ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=1',
      wav,
    ]);
    const audio = await upload('audio', creator.token, await readFile(wav), 'tone.wav');
    const res = await createPost(creator.token, { type: 'audio', text: 'Listen', fileIds: [audio] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.files[0]).toMatchObject({ _id: audio, kind: 'feed-audio' });
  });

  it('creates a video post from a real video, and uses the video poster once it is processed', async () => {
    const creator = await t.creator();
    const video = await upload('video', creator.token, await readFile(videoPath), 'clip.mp4');
    const res = await createPost(creator.token, { type: 'video', text: 'Watch', fileIds: [video] });
    expect(res.statusCode).toBe(200);
    expect(await waitUntilReady(video, creator.token)).toBe('ready');
    const fan = await t.fan();
    const status = await t.request({
      url: `/api/user/feeds/${res.json().data._id}/file/${video}/status`,
      token: fan.token,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data.status).toBe('ready');
    const owner = await t.request({
      url: `/api/performer/feeds/${res.json().data._id}`,
      token: creator.token,
    });
    expect(owner.json().data.thumbnail.source).toBe('video');
    expect(owner.json().data.files[0].urls.video).toMatch(/video\.mp4/);
  }, 120_000); // transcoding runs in the queue's worker: slow on a busy machine

  it('creates a poll post through /performer/feeds/polls', async () => {
    const creator = await t.creator();
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds/polls',
      token: creator.token,
      payload: { text: 'Which?', options: ['Red', 'Blue'], expiredAt: new Date(clock.now().getTime() + day) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.poll).toMatchObject({
      totalVotes: 0,
      hasVoted: false,
      isExpired: false,
      options: [
        { text: 'Red', votes: 0 },
        { text: 'Blue', votes: 0 },
      ],
    });
  });
});

describe('refused input', () => {
  it.each([
    ['a price above 10000', { type: 'text', text: 'x', isSale: true, price: 10000.01 }],
    ['a negative price', { type: 'text', text: 'x', isSale: true, price: -1 }],
    ['an unknown type', { type: 'story', text: 'x' }],
    ['a malformed file id', { type: 'photo', fileIds: ['nope'] }],
  ])('answers %s with 400 and a message', async (_label, payload) => {
    const creator = await t.creator();
    const res = await createPost(creator.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses another creator’s files with 422', async () => {
    const [me, other] = [await t.creator(), await t.creator()];
    const res = await createPost(me.token, { type: 'photo', fileIds: [await uploadPhoto(other.token)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/not found among your uploads/);
  });

  it('refuses files of the wrong kind for the post type with 422', async () => {
    const creator = await t.creator();
    const photo = await uploadPhoto(creator.token);
    const asVideo = await createPost(creator.token, { type: 'video', fileIds: [photo] });
    expect(asVideo.statusCode).toBe(422);
    expect(asVideo.json().message).toMatch(/exactly one video/);
    const thumbAsPhoto = await createPost(creator.token, {
      type: 'photo',
      fileIds: [await upload('thumbnail', creator.token, await png(), 't.png')],
    });
    expect(thumbAsPhoto.statusCode).toBe(422);
    const photoAsThumb = await createPost(creator.token, {
      type: 'photo',
      fileIds: [await uploadPhoto(creator.token)],
      thumbnailId: photo,
    });
    expect(photoAsThumb.statusCode).toBe(422);
    expect(photoAsThumb.json().message).toMatch(/thumbnail/);
  });

  it('refuses a file already used by another post with 422', async () => {
    const creator = await t.creator();
    const post = await photoPost(creator);
    const res = await createPost(creator.token, { type: 'photo', fileIds: [post.files[0]._id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/already used/);
  });

  it('refuses a scheduled time in the past with 422', async () => {
    const creator = await t.creator();
    const res = await createPost(creator.token, {
      type: 'text',
      text: 'Later',
      scheduledAt: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/must be in the future/);
  });

  it('refuses a poll with fewer than two options with 422', async () => {
    const creator = await t.creator();
    const res = await createPost(creator.token, { type: 'poll', text: 'Q', pollOptions: ['Only'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/at least two options/);
  });

  it('refuses text longer than 5000 characters after stripping with 422', async () => {
    const creator = await t.creator();
    const res = await createPost(creator.token, { type: 'text', text: 'a'.repeat(5001) });
    expect(res.statusCode).toBe(422);
  });
});

describe('creator routes', () => {
  it('are for creators only: a fan gets 403, a visitor 401', async () => {
    const fan = await t.fan();
    expect((await createPost(fan.token, { type: 'text', text: 'x' })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/performer/feeds', token: fan.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/performer/feeds' })).statusCode).toBe(401);
  });

  it('answers 404 for another creator’s post on GET, PUT and DELETE, and changes nothing', async () => {
    const [owner, other] = [await t.creator(), await t.creator()];
    const post = await photoPost(owner);
    const url = `/api/performer/feeds/${post._id}`;
    expect((await t.request({ url, token: other.token })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url, token: other.token, payload: { text: 'hacked' } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token: other.token })).statusCode).toBe(404);
    const mine = await t.request({ url, token: owner.token });
    expect(mine.json().data.text).toBe('Sunset');
  });

  it('lists own posts, scheduled ones included, filtered by type', async () => {
    const creator = await t.creator();
    await photoPost(creator);
    await createPost(creator.token, {
      type: 'text',
      text: 'Soon',
      scheduledAt: new Date(clock.now().getTime() + day).toISOString(),
    });
    const all = await t.request({ url: '/api/performer/feeds', token: creator.token });
    expect(all.json().total).toBe(2);
    expect(
      all
        .json()
        .data.map((p: { status: string }) => p.status)
        .sort(),
    ).toEqual(['published', 'scheduled']);
    const photos = await t.request({ url: '/api/performer/feeds?type=photo', token: creator.token });
    expect(photos.json().data.map((p: { type: string }) => p.type)).toEqual(['photo']);
  });

  it('edits text, price and pin, and pinned posts come first on the profile', async () => {
    const creator = await t.creator();
    const older = await photoPost(creator);
    clock.advance(1000);
    await photoPost(creator);
    const res = await t.request({
      method: 'PUT',
      url: `/api/performer/feeds/${older._id}`,
      token: creator.token,
      payload: { text: '<i>New</i> caption', isPinned: true, isSale: true, price: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ text: 'New caption', isPinned: true, isSale: true, price: 3 });
    const profile = await t.request({ url: `/api/user/feeds/search/${creator.user.username}` });
    expect(profile.json().data[0]._id).toBe(older._id);
  });

  it('keeps posts_count, photos_count and videos_count exact through create, edit and delete', async () => {
    const creator = await t.creator();
    const photos = [await uploadPhoto(creator.token), await uploadPhoto(creator.token)];
    const post = (await createPost(creator.token, { type: 'photo', fileIds: photos })).json().data;
    await createPost(creator.token, { type: 'text', text: 'hi' });
    const video = await insertFile(t.ctx.db.db, {
      ownerId: creator.user.id,
      kind: 'feed-video',
      visibility: 'private',
      storageKey: 'private/originals/x.mp4',
      mimeType: 'video/mp4',
      size: 10,
      status: 'uploaded',
    });
    const videoPost = (await createPost(creator.token, { type: 'video', fileIds: [video.id] })).json().data;
    expect(await counters(creator.user.id)).toEqual({ posts: 3, photos: 2, videos: 1 });
    await t.request({
      method: 'PUT',
      url: `/api/performer/feeds/${post._id}`,
      token: creator.token,
      payload: { fileIds: [photos[0]] },
    });
    expect(await counters(creator.user.id)).toEqual({ posts: 3, photos: 1, videos: 1 });
    await t.request({ method: 'DELETE', url: `/api/performer/feeds/${videoPost._id}`, token: creator.token });
    await t.request({ method: 'DELETE', url: `/api/performer/feeds/${post._id}`, token: creator.token });
    expect(await counters(creator.user.id)).toEqual({ posts: 1, photos: 0, videos: 0 });
    expect(
      (await t.request({ url: `/api/performer/feeds/${post._id}`, token: creator.token })).statusCode,
    ).toBe(404);
  });

  it("deletes a post when its creator's cached counters already read 0 (data written past the API), and they stay at 0", async () => {
    const creator = await t.creator();
    const post = (
      await createPost(creator.token, { type: 'photo', fileIds: [await uploadPhoto(creator.token)] })
    ).json().data;
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ postsCount: 0, photosCount: 0, videosCount: 0 })
      .where(eq(performerProfiles.userId, creator.user.id));
    const res = await t.request({
      method: 'DELETE',
      url: `/api/performer/feeds/${post._id}`,
      token: creator.token,
    });
    expect(res.statusCode).toBe(200);
    expect(await counters(creator.user.id)).toEqual({ posts: 0, photos: 0, videos: 0 });
    expect(
      (await t.request({ url: `/api/performer/feeds/${post._id}`, token: creator.token })).statusCode,
    ).toBe(404);
  });
});

describe('who sees what', () => {
  let creator: Account;
  let subscriberPost: { _id: string };
  let ppvPost: { _id: string };
  let freePost: { _id: string };

  beforeAll(async () => {
    creator = await t.creator();
    subscriberPost = await photoPost(creator, {
      thumbnailId: await upload('thumbnail', creator.token, await png(), 't.png'),
    });
    ppvPost = await photoPost(creator, { isSale: true, price: 5 });
    freePost = await photoPost(creator, { isSale: true, price: 0 });
  });

  const expectLocked = (body: string, data: Record<string, unknown>, reason: string) => {
    expect(data).toMatchObject({ canView: false, isLocked: true, reason });
    expect(body).not.toContain('/api/files/private/');
    const files = data.files as { preview?: string; urls?: unknown }[];
    expect(files[0]!.preview).toMatch(/^data:image\/webp;base64,/);
    expect(files[0]!.urls).toBeUndefined();
  };

  it('shows an unsubscribed fan subscriber and pay-per-view posts locked, with previews and no media URL', async () => {
    const fan = await t.fan();
    const sub = await view(subscriberPost._id, fan.token);
    expect(sub.statusCode).toBe(200);
    expectLocked(sub.body, sub.json().data, 'needs-subscription');
    expect(sub.json().data.thumbnail.url).toMatch(/^data:image\/webp/);
    const ppv = await view(ppvPost._id, fan.token);
    expectLocked(ppv.body, ppv.json().data, 'needs-purchase');
    const free = await view(freePost._id, fan.token);
    expect(free.json().data).toMatchObject({ canView: true, reason: 'free-for-fans' });
    const list = await t.request({
      url: `/api/user/feeds/search/${creator.user.username}`,
      token: fan.token,
    });
    const locked = list.json().data.filter((p: { _id: string }) => p._id !== freePost._id);
    expect(locked).toHaveLength(2);
    expect(JSON.stringify(locked)).not.toContain('/api/files/private/');
  });

  it('shows a visitor every post locked, free ones too', async () => {
    const list = await t.request({ url: `/api/user/feeds/search/${creator.user.username}` });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('/api/files/private/');
    expect(list.json().data.every((p: { reason: string }) => p.reason === 'needs-login')).toBe(true);
  });

  it('shows a subscriber the subscriber posts, but the pay-per-view post stays locked', async () => {
    const fan = await t.fan();
    await subscribe(fan, creator);
    const sub = await view(subscriberPost._id, fan.token);
    expect(sub.json().data).toMatchObject({ canView: true, reason: 'subscriber' });
    expect(sub.json().data.files[0].urls.full).toMatch(/^\/api\/files\/private\//);
    const ppv = await view(ppvPost._id, fan.token);
    expectLocked(ppv.body, ppv.json().data, 'needs-purchase');
  });

  it('unlocks a pay-per-view post for its buyer only', async () => {
    const [buyer, other] = [await t.fan(), await t.fan()];
    await buildPurchase(t.ctx.db.db, {
      fanId: buyer.user.id,
      performerId: creator.user.id,
      targetType: 'feed',
      targetId: ppvPost._id,
    });
    expect((await view(ppvPost._id, buyer.token)).json().data).toMatchObject({
      canView: true,
      reason: 'purchased',
    });
    expect((await view(ppvPost._id, other.token)).json().data.canView).toBe(false);
  });

  it('shows the owner and an admin everything', async () => {
    const admin = await t.admin();
    for (const post of [subscriberPost, ppvPost, freePost]) {
      expect((await view(post._id, creator.token)).json().data.reason).toBe('owner');
      expect((await view(post._id, admin.token)).json().data.reason).toBe('admin');
    }
  });

  it('answers 404 for an unknown post', async () => {
    expect((await view('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('hides the posts of an unlisted creator', async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const post = await buildFeed(t.ctx.db.db, { performerId: hidden.user.id, publishedAt: clock.now() });
    expect((await view(post.id, (await t.fan()).token)).statusCode).toBe(404);
  });
});

describe('scheduled posts', () => {
  it('stay invisible to fans until their time, then appear', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const res = await createPost(creator.token, {
      type: 'text',
      text: 'Tomorrow',
      scheduledAt: new Date(clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString(),
    });
    const id = res.json().data._id;
    expect(res.json().data.status).toBe('scheduled');
    expect((await view(id, fan.token)).statusCode).toBe(404);
    const profile = () =>
      t.request({ url: `/api/user/feeds/search/${creator.user.username}`, token: fan.token });
    expect((await profile()).json().total).toBe(0);
    expect((await t.request({ url: '/api/user/feeds', token: fan.token })).json().total).toBe(0);
    clock.advance(2 * 60 * 60 * 1000 + 1000);
    const seen = await view(id, fan.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.status).toBe('published');
    expect((await profile()).json().total).toBe(1);
    // The fan-out job wrote the entry (it runs in the queue's worker); it shows from its time on.
    await vi.waitFor(
      async () =>
        expect((await t.request({ url: '/api/user/feeds', token: fan.token })).json().total).toBe(1),
      { timeout: 30_000, interval: 200 },
    );
  });
});

describe('a post whose video failed', () => {
  it('is never shown to fans; its owner sees it with the reason', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const video = await insertFile(t.ctx.db.db, {
      ownerId: creator.user.id,
      kind: 'feed-video',
      visibility: 'private',
      storageKey: 'private/originals/y.mp4',
      mimeType: 'video/mp4',
      size: 10,
      status: 'failed',
      failureReason: 'This video ends early; the upload may be incomplete or damaged.',
    });
    const id = (await createPost(creator.token, { type: 'video', fileIds: [video.id] })).json().data._id;
    expect((await view(id, fan.token)).statusCode).toBe(404);
    expect(
      (await t.request({ url: `/api/user/feeds/search/${creator.user.username}`, token: fan.token })).json()
        .total,
    ).toBe(0);
    expect((await t.request({ url: '/api/user/feeds', token: fan.token })).json().total).toBe(0);
    const own = await t.request({ url: `/api/performer/feeds/${id}`, token: creator.token });
    expect(own.json().data).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/ends early/),
    });
  });
});

describe('polls', () => {
  async function pollPost(creator: Account, extra: Record<string, unknown> = {}) {
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds/polls',
      token: creator.token,
      payload: { text: 'Pick', options: ['A', 'B', 'C'], ...extra },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { _id: string; poll: { options: { _id: string }[] } };
  }
  const vote = (id: string, optionId: string, token: string) =>
    t.request({ method: 'POST', url: `/api/user/feeds/vote/${id}`, token, payload: { optionId } });

  it('counts one vote per fan; a second vote is refused with 422', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const post = await pollPost(creator);
    const first = await vote(post._id, post.poll.options[1]!._id, fan.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.poll).toMatchObject({
      totalVotes: 1,
      hasVoted: true,
      votedOptionId: post.poll.options[1]!._id,
    });
    const second = await vote(post._id, post.poll.options[0]!._id, fan.token);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toMatch(/already voted/);
    const seen = await view(post._id, fan.token);
    expect(seen.json().data.poll.options.map((o: { votes: number }) => o.votes)).toEqual([0, 1, 0]);
  });

  it('refuses an option of another poll with 422', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const [a, b] = [await pollPost(creator), await pollPost(creator)];
    expect((await vote(a._id, b.poll.options[0]!._id, fan.token)).statusCode).toBe(422);
  });

  it('refuses a vote after the poll ended with 403', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await subscribe(fan, creator);
    const post = await pollPost(creator, {
      expiredAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    clock.advance(61_000);
    const res = await vote(post._id, post.poll.options[0]!._id, fan.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/ended/);
    expect((await view(post._id, fan.token)).json().data.poll.isExpired).toBe(true);
  });

  it('refuses a vote from a fan who cannot view the post with 403', async () => {
    const creator = await t.creator();
    const post = await pollPost(creator);
    const res = await vote(post._id, post.poll.options[0]!._id, (await t.fan()).token);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/user/feeds (home timeline)', () => {
  it('holds the posts of followed and subscribed creators only, newest first, and pages with before', async () => {
    const fan = await t.fan();
    const [followed, subscribed, stranger] = [await t.creator(), await t.creator(), await t.creator()];
    await t.ctx.db.db.insert(follows).values({ followerId: fan.user.id, performerId: followed.user.id });
    await subscribe(fan, subscribed);
    const at = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);
    const a = await buildFeed(t.ctx.db.db, { performerId: followed.user.id, publishedAt: at(30) });
    const b = await buildFeed(t.ctx.db.db, { performerId: subscribed.user.id, publishedAt: at(20) });
    const c = await buildFeed(t.ctx.db.db, { performerId: followed.user.id, publishedAt: at(10) });
    await buildFeed(t.ctx.db.db, { performerId: stranger.user.id, publishedAt: at(5) });
    await syncTimelines(t);
    const res = await t.request({ url: '/api/user/feeds', token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual([c.id, b.id, a.id]);
    expect(res.json().total).toBe(3);
    const next = await t.request({
      url: `/api/user/feeds?limit=2&before=${encodeURIComponent(b.publishedAt.toISOString())}`,
      token: fan.token,
    });
    expect(next.json().data.map((p: { _id: string }) => p._id)).toEqual([a.id]);
  });

  it('needs a login', async () => {
    expect((await t.request({ url: '/api/user/feeds' })).statusCode).toBe(401);
  });

  it("runs as one page query: a backward range scan of the fan's timeline entries, no sort", async () => {
    const fan = await t.fan();
    const plan = await t.ctx.db.db.transaction(async (tx) => {
      // A test table is tiny, so the planner would rather scan it; forbid that to see the index is usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      // Nor a bitmap scan and a sort: on a real timeline the ordered scan that stops at the page wins.
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const query = timelinePageQuery(tx, {
        fanId: fan.user.id,
        now: clock.now(),
        offset: 0,
        rows: 21,
        // With a country, so the geo-block condition is in the plan too (an anti-join, no sub-plan).
        geo: {
          actor: { id: fan.user.id, role: 'user' },
          country: 'DE',
        },
        window: timelineWindow({ offset: 0, limit: 20 }),
      }).getSQL();
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // Card columns are sub-plans on the page's rows only; the page itself reads the fan's entries in
    // order and stops at the page's end.
    expect(plan).toMatch(/Scan Backward using timeline_entries_fan_published_idx/);
    expect(plan).not.toMatch(/Sort Key: timeline_entries/);
  });
});

describe('the prepared timeline page', () => {
  it('keeps that plan when PostgreSQL plans it once for any values, as its plan cache does after five runs', async () => {
    const fan = await t.fan();
    const fanId = sql.placeholder('fanId');
    const prepared = timelinePageQuery(t.ctx.db.db, {
      fanId,
      now: sql.placeholder('now'),
      offset: sql.placeholder('offset'),
      rows: sql.placeholder('rows'),
      geo: { actor: { id: fanId, role: 'user' }, country: sql.placeholder('country') },
      window: sql.placeholder('window'),
    }).toSQL();
    const values: Record<string, unknown> = {
      fanId: fan.user.id,
      now: clock.now().toISOString(),
      offset: 0,
      rows: 21,
      country: 'DE',
      window: timelineWindow({ offset: 0, limit: 20 }),
    };
    const literal = (v: unknown) =>
      typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
    const args = prepared.params.map((p) =>
      literal(p && typeof p === 'object' && 'name' in p ? values[(p as { name: string }).name] : p),
    );
    const plan = await t.ctx.db.db.transaction(async (tx) => {
      // Only the seq scan is ruled out (the table is tiny): without the window's LIMIT the one plan
      // would read all the fan's entries by bitmap and sort them.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare generic_timeline_page as ${prepared.sql}`));
      const result = (await tx.execute(
        sql.raw(`explain execute generic_timeline_page(${args.join(', ')})`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      await tx.execute(sql.raw('deallocate generic_timeline_page'));
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // One plan for any fan still reads the fan's entries newest first and stops after the window.
    expect(plan).toMatch(/Scan Backward using timeline_entries_fan_published_idx/);
    expect(plan).toMatch(/\$\d+/);
    expect(plan).not.toMatch(/Sort Key: timeline_entries/);
  });
});

describe('thumbnail preference (spec section 3)', () => {
  type Candidate = Parameters<typeof pickFeedThumbnail>[0]['thumbnail'] & {};
  const file = (kind: string, key: string): Candidate => ({
    kind,
    status: 'ready',
    preview: null,
    variants: { thumbnail: { key } },
  });
  const video = (key: string): Candidate => ({
    kind: 'feed-video',
    status: 'ready',
    preview: null,
    variants: {
      posters: [
        { key: `${key}-1`, atSeconds: 1 },
        { key, atSeconds: 2 },
        { key: `${key}-3`, atSeconds: 3 },
      ],
    },
  });

  it('takes the post thumbnail first', () => {
    const thumb = file('feed-thumbnail', 'private/t');
    const r = pickFeedThumbnail({
      thumbnail: thumb,
      files: [file('feed-photo', 'private/p')],
      teaser: video('private/v'),
    });
    expect(r).toEqual({ source: 'feed-thumbnail', file: thumb });
  });

  it('then the first photo', () => {
    const first = file('feed-photo', 'private/p1');
    const r = pickFeedThumbnail({
      thumbnail: null,
      files: [first, file('feed-photo', 'private/p2')],
      teaser: video('private/t'),
    });
    expect(r).toEqual({ source: 'photo', file: first });
  });

  it('then the teaser, before the video', () => {
    const teaser = video('private/t');
    const r = pickFeedThumbnail({ thumbnail: null, files: [video('private/v')], teaser });
    expect(r).toEqual({ source: 'teaser', file: teaser });
  });

  it('then the first video, by its middle poster', () => {
    const v = video('private/v');
    expect(pickFeedThumbnail({ thumbnail: null, files: [v], teaser: null })).toEqual({
      source: 'video',
      file: v,
    });
  });

  it('skips files not ready, and ends with the default leaf', () => {
    const processing: Candidate = { ...video('private/v'), status: 'processing' };
    expect(pickFeedThumbnail({ thumbnail: null, files: [processing], teaser: null })).toEqual({
      source: 'default',
      file: null,
    });
  });

  it('serves the default leaf image', async () => {
    const res = await t.request({ url: defaultLeafUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});
