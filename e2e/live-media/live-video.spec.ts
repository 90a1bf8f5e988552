import { expect, type Page, test } from '../tests/fixtures';
import { apiLogin, loginInBrowser } from '../tests/support';

// Real media: live-netns.mjs runs this inside a private network namespace with our own Janus
// (LIVE_MEDIA=janus) and Chromium's fake camera and microphone. Demo seed: Ava subscribes to Luna,
// Zoe does not.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };
const subscriber = { username: 'ava.thompson', password: 'fanpass123' };
const stranger = { username: 'zoe.martins', password: 'fanpass123' };

/** The page's video, as the browser plays it. */
const videoState = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector('video');
    return v ? { width: v.videoWidth, time: v.currentTime } : null;
  });

test('a creator goes live with the camera; a subscriber sees the video within 5 seconds; a fan who is not subscribed gets no media', async ({
  page,
  browser,
  request,
}) => {
  // Generous for logins on a busy machine; the media has its own 5 s budget below.
  test.setTimeout(180_000);
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const auth = { authorization: `Bearer ${creatorToken}` };
  const lunaId = (await (await request.get('/api/users/me', { headers: auth })).json()).data._id as string;
  const endLunasShow = async () => {
    const live = await (await request.get(`/api/streaming/user/search?performerId=${lunaId}`)).json();
    for (const show of live.data as { _id: string }[])
      await request.post(`/api/streaming/live/${show._id}/end`, { headers: auth, data: {} });
  };
  await endLunasShow();

  const fanContext = await browser.newContext();
  const strangerContext = await browser.newContext();
  try {
    // Everyone logs in first, so the timings below measure the media, not a busy machine's logins.
    const fanPage = await fanContext.newPage();
    const strangerPage = await strangerContext.newPage();
    await loginInBrowser(page, creator.username, creator.password);
    await loginInBrowser(fanPage, subscriber.username, subscriber.password);
    await loginInBrowser(strangerPage, stranger.username, stranger.password);

    // The creator goes live, free for subscribers; the studio says when the camera is on air.
    await page.goto('/creator/live');
    await page.getByLabel('Title').fill(`Real media ${Date.now().toString(36)}`);
    const wentLive = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/streaming/live',
    );
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Go live' }).click();
    const show = (await (await wentLive).json()).data as { _id: string };
    await expect(page.getByText('Your camera is on air.')).toBeVisible({ timeout: 15_000 });
    console.log(`live: creator on air ${Date.now() - clicked} ms after Go live`);

    // A subscriber opens the show: a live remote video within 5 seconds of opening the page.
    const opened = Date.now();
    await fanPage.goto(`/live/${show._id}`, { waitUntil: 'commit' });
    await fanPage
      .waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, null, {
        polling: 50,
        // Waits longer than the 5 s asserted below, so a slow run says how slow it was.
        timeout: 20_000,
      })
      .catch(async (error: unknown) => {
        // Say what the viewer saw instead of a bare timeout.
        const shown = await fanPage.locator('main').innerText();
        await fanPage.screenshot({ path: '../.tmp/screens/live-media-viewer-failed.png' });
        throw new Error(`no video frame 20 s after opening the page; the page showed:\n${shown}\n${error}`);
      });
    const firstFrameMs = Date.now() - opened;
    // Where the time went, in the viewer page's own clock (0 = navigation start).
    const marks = await fanPage.evaluate((id) => {
      const at = (pattern: string) => {
        const found = performance.getEntriesByType('resource').find((e) => e.name.includes(pattern));
        return (found as PerformanceResourceTiming | undefined)?.responseEnd.toFixed(0);
      };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        html: nav?.responseEnd.toFixed(0),
        loaded: nav?.loadEventEnd.toFixed(0),
        session: at(`/api/streaming/${id}`),
        grant: at('/api/streaming/join/'),
        frame: performance.now().toFixed(0),
      };
    }, show._id);
    const first = await videoState(fanPage);
    expect(first?.width).toBeGreaterThan(0);
    // currentTime advances: frames keep coming, not one still picture.
    await expect
      .poll(async () => ((await videoState(fanPage))?.time ?? 0) - (first?.time ?? 0), { timeout: 3000 })
      .toBeGreaterThan(0.3);
    console.log(
      `live: time to first frame ${firstFrameMs} ms after opening the viewer page (viewer page's clock: html ${marks.html} ms, loaded ${marks.loaded} ms, show ${marks.session} ms, grant ${marks.grant} ms, frame seen by ${marks.frame} ms)`,
    );
    // Soft: a slow run still checks the rest of the journey, then fails.
    expect.soft(firstFrameMs, 'time to first frame (ms)').toBeLessThan(5000);
    await fanPage.screenshot({ path: '../.tmp/screens/live-media-viewer-1280.png' });

    // A fan who is not subscribed: no grant from the API, no video element, nothing played.
    const strangerToken = await apiLogin(request, stranger.username, stranger.password);
    const refused = await request.get(`/api/streaming/join/${show._id}`, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(refused.status()).toBe(403);
    const refusal = await refused.json();
    expect(refusal.data?.token).toBeUndefined();
    expect(refusal.message).toBe('Subscribe to Luna Rivers to join their live shows.');

    const grants: number[] = [];
    strangerPage.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/streaming/join/')) grants.push(r.status());
    });
    await strangerPage.goto(`/live/${show._id}`);
    await expect(strangerPage.getByRole('link', { name: 'Subscribe to Luna' })).toBeVisible();
    await expect(strangerPage.locator('video')).toHaveCount(0);
    expect(grants.filter((status) => status === 200)).toEqual([]);

    // The subscriber's video is still playing after all that.
    const later = await videoState(fanPage);
    expect((later?.time ?? 0) - (first?.time ?? 0)).toBeGreaterThan(0.5);
  } finally {
    await endLunasShow();
    await strangerContext.close();
    await fanContext.close();
  }
});
