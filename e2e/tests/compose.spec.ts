import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { apiLogin, loginInBrowser } from './support';

// Demo accounts from the seed: mateo is a creator; ava subscribes to him; zoe holds nothing.
const creator = { username: 'mateo.alves', password: 'creatorpass123' };
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

let workDir: string;
let clip: Buffer;
let teaser: Buffer;
let tune: Buffer;

/** Short real media made by ffmpeg, so the server's probe and transcode job do the real work. */
function makeMedia(name: string, args: string[]): Buffer {
  const out = join(workDir, name);
  const r = spawnSync(ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args, out]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
  return readFileSync(out);
}

test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'fanstage-compose-'));
  const video = (seconds: number, pattern: string) => [
    ...['-f', 'lavfi', '-i', `${pattern}=duration=${seconds}:size=320x240:rate=25`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  ];
  clip = makeMedia('clip.mp4', video(3, 'testsrc'));
  teaser = makeMedia('teaser.mp4', video(1, 'smptebars'));
  tune = makeMedia('tune.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=660:duration=2', '-c:a', 'aac']);
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const unique = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;

async function openComposer(page: Page, text: string) {
  await page.goto('/creator/posts/new');
  await page.getByLabel('Text').fill(text);
}

async function publish(page: Page, button = 'Publish', toast = 'Your post is published') {
  const submit = page.getByRole('button', { name: button });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByText(toast)).toBeVisible();
}

/** A post of the creator by its text, or by its id (a locked post carries no text for a fan). */
async function findPost(request: APIRequestContext, textOrId: string, token?: string) {
  const res = await request.get(`/api/user/feeds/search/${creator.username}?limit=50`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.find(
    (p: { _id: string; text: string }) => p.text === textOrId || p._id === textOrId,
  );
}

test('a creator posts a video with a teaser: the upload shows progress, then processing, then it plays', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const text = unique('video');
  await loginInBrowser(page, creator.username, creator.password);
  await page.waitForURL(new RegExp(`/${creator.username}$`));
  await openComposer(page, text);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip });
  // The row of the file: its upload progress first, then the server's processing status.
  await expect(page.getByText(/Uploading…|Processing video…|Ready ·/).first()).toBeVisible();
  const teaserChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a teaser clip' }).click();
  await (await teaserChooser).setFiles({ name: 'teaser.mp4', mimeType: 'video/mp4', buffer: teaser });
  await expect(page.getByText('Teaser', { exact: true })).toBeVisible();
  await publish(page);

  // The creator's page: "Processing video…" until the job is done, then a player that plays.
  const token = await apiLogin(request, creator.username, creator.password);
  await expect
    .poll(async () => (await findPost(request, text, token))?.files?.[0]?.status, { timeout: 60_000 })
    .toBe('ready');
  await page.goto(`/${creator.username}`);
  const card = page.getByRole('article').filter({ hasText: text });
  const player = card.locator('video');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('src', /\/api\/files\/private\/.+sig=/);
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  // Playing means its clock moves and it has a picture; on a loaded machine that can take a while.
  await expect
    .poll(
      () =>
        player.evaluate((v: HTMLVideoElement) => ({
          moving: v.currentTime > 0,
          picture: v.videoWidth > 0,
          error: v.error?.code ?? null,
        })),
      { timeout: 15_000 },
    )
    .toEqual({ moving: true, picture: true, error: null });

  // A fan without a subscription sees the teaser only, never the video's own URL.
  const fanToken = await apiLogin(request, 'zoe.martins', 'fanpass123');
  const id = (await findPost(request, text, token))._id as string;
  // The teaser is a video of its own, transcoded by the job as well.
  await expect
    .poll(async () => (await findPost(request, id, fanToken))?.teaser?.urls?.video, { timeout: 60_000 })
    .toMatch(/\/api\/files\/private\//);
  const locked = await findPost(request, id, fanToken);
  expect(locked.isLocked).toBe(true);
  expect(locked.text).toBe('');
  expect(locked.files[0].urls).toBeUndefined();
});

test('a creator posts audio, a poll, a free text post and a scheduled post; a fan votes once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loginInBrowser(page, creator.username, creator.password);
  await page.waitForURL(new RegExp(`/${creator.username}$`));

  const audioText = unique('audio');
  await openComposer(page, audioText);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'tune.m4a', mimeType: 'audio/mp4', buffer: tune });
  await publish(page);

  const pollText = unique('poll');
  await openComposer(page, pollText);
  await page.getByRole('switch', { name: 'Add a poll' }).click();
  await page.getByLabel('Poll option 1').fill('Sunrise set');
  await page.getByLabel('Poll option 2').fill('Sunset set');
  await page.getByText('Free', { exact: true }).click();
  await publish(page);

  const freeText = unique('text');
  await openComposer(page, freeText);
  await page.getByText('Free', { exact: true }).click();
  await publish(page);

  const laterText = unique('scheduled');
  await openComposer(page, laterText);
  await page.getByRole('switch', { name: 'Schedule for later' }).click();
  const inTwoHours = new Date(Date.now() + 2 * 3600_000);
  const local = new Date(inTwoHours.getTime() - inTwoHours.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel('Goes live at').fill(local);
  await publish(page, 'Schedule post', 'Your post is scheduled');

  // The creator sees the scheduled post marked as such; fans and visitors do not see it yet.
  const token = await apiLogin(request, creator.username, creator.password);
  const mine = await request.get('/api/performer/feeds?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const scheduled = (await mine.json()).data.find((p: { text: string }) => p.text === laterText);
  expect(scheduled?.status).toBe('scheduled');
  await page.goto('/creator/posts');
  await expect(
    page.getByRole('article').filter({ hasText: laterText }).getByText('Scheduled').first(),
  ).toBeVisible();
  const fanToken = await apiLogin(request, 'zoe.martins', 'fanpass123');
  expect(await findPost(request, scheduled._id, fanToken)).toBeUndefined();
  expect(await findPost(request, scheduled._id)).toBeUndefined();

  // The audio is transcoded and plays for the creator.
  await expect
    .poll(async () => (await findPost(request, audioText, token))?.files?.[0]?.status, { timeout: 60_000 })
    .toBe('ready');
  await page.goto(`/${creator.username}`);
  const audio = page.getByRole('article').filter({ hasText: audioText }).locator('audio');
  await expect(audio).toHaveAttribute('src', /\/api\/files\/private\/.+sig=/);
  const duration = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (a.readyState >= 1) resolve(a.duration);
        a.addEventListener('loadedmetadata', () => resolve(a.duration));
        a.load();
      }),
  );
  expect(duration).toBeGreaterThan(1);

  // A fan votes on the free poll in the browser; a second vote is refused by the API.
  await page.context().clearCookies();
  await loginInBrowser(page, 'zoe.martins', 'fanpass123');
  await page.waitForURL(/\/home$/);
  await page.goto(`/${creator.username}`);
  const pollCard = page.getByRole('article').filter({ hasText: pollText });
  await pollCard.getByRole('button', { name: 'Sunset set' }).click();
  await expect(pollCard.getByLabel('Your vote')).toBeVisible();
  await expect(pollCard.getByText('1 vote')).toBeVisible();
  const post = await findPost(request, pollText, fanToken);
  const again = await request.post(`/api/user/feeds/vote/${post._id}`, {
    headers: { authorization: `Bearer ${fanToken}`, 'x-requested-with': 'fetch' },
    data: { optionId: post.poll.options[0]._id },
  });
  expect(again.status()).toBe(422);
  // The free text post is visible to a visitor.
  expect((await findPost(request, freeText))?.canView).toBe(true);
});
