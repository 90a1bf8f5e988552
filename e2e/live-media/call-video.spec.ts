import { expect, type Page, test } from '../tests/fixtures';
import {
  adminToken,
  apiLogin,
  loginInBrowser,
  registerCreatorByApi,
  registerFanByApi,
} from '../tests/support';

/*
 * A paid 1-on-1 call with real media, both ways, through the media this pass's server has
 * (LIVE_MEDIA: our Janus's two-party room, or peer to peer): each browser sees the other's fake
 * camera playing, the fan's reload reconnects, and hanging up closes both sides. Run by
 * live-netns.mjs in both of its passes (see ../playwright.live.config.ts).
 */
const media = process.env.LIVE_MEDIA === 'p2p' ? 'p2p' : 'janus';

/** The video's size and play position, read in the page. */
const videoState = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((video: HTMLVideoElement) => ({
      width: video.videoWidth,
      time: video.currentTime,
    }));

test(`a paid call (${media}): each browser sees the other camera, a reload reconnects, hanging up closes both`, async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const maker = await registerCreatorByApi(request);
  const fan = await registerFanByApi(request);
  const bearer = async (username: string, password: string) => ({
    authorization: `Bearer ${await apiLogin(request, username, password)}`,
  });
  const makerAuth = await bearer(maker.username, maker.password);
  const fanAuth = await bearer(fan.username, fan.password);
  const takesCalls = await request.put('/api/performers/me', {
    headers: makerAuth,
    data: { acceptsCalls: true, privateCallPrice: 1 },
  });
  expect(takesCalls.status(), await takesCalls.text()).toBe(200);
  const fanId = (await (await request.get('/api/users/me', { headers: fanAuth })).json()).data._id as string;
  const makerId = (await (await request.get('/api/users/me', { headers: makerAuth })).json()).data
    ._id as string;
  const credited = await request.post('/api/admin/wallet/credit', {
    data: { userId: fanId, amount: 50, reason: `e2e ${media} call` },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credited.status(), await credited.text()).toBe(200);
  const rung = await request.post('/api/streaming/calls', {
    headers: fanAuth,
    data: { performerId: makerId },
  });
  expect(rung.status(), await rung.text()).toBe(200);
  const callId = (await rung.json()).data._id as string;
  const accepted = await request.post(`/api/streaming/calls/${callId}/accept`, {
    headers: makerAuth,
    data: {},
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  try {
    const grant = await request.get(`/api/streaming/calls/${callId}/join`, { headers: fanAuth });
    expect((await grant.json()).data.provider, `start the server with LIVE_MEDIA=${media}`).toBe(media);
    await loginInBrowser(page, maker.username, maker.password);
    await loginInBrowser(fanPage, fan.username, fan.password);
    // The fan's page first: the creator's page offers when it comes, whichever order.
    await fanPage.goto(`/calls/${callId}`);
    await page.goto(`/calls/${callId}`);
    const ofMaker = `video[aria-label="${maker.name}'s video"]`;
    const ofFan = `video[aria-label="${fan.name}'s video"]`;
    const playing = async (p: Page, selector: string) => {
      await expect
        .poll(async () => (await videoState(p, selector)).width, { timeout: 15_000, intervals: [200] })
        .toBeGreaterThan(0);
      const first = await videoState(p, selector);
      await expect
        .poll(async () => (await videoState(p, selector)).time, { timeout: 5_000, intervals: [200] })
        .toBeGreaterThan(first.time);
    };
    await playing(fanPage, ofMaker);
    await playing(page, ofFan);

    // The fan reloads: both videos come back.
    await fanPage.reload();
    await playing(fanPage, ofMaker);
    await playing(page, ofFan);

    await fanPage.getByRole('button', { name: 'Hang up' }).click();
    await expect(fanPage.getByText('You ended the call.')).toBeVisible();
    await expect(page.getByText('The fan ended the call.')).toBeVisible();
    await expect(page.locator(ofFan)).toHaveCount(0);
  } finally {
    await request.post(`/api/streaming/calls/${callId}/end`, { headers: makerAuth, data: {} });
    await fanContext.close();
  }
});
