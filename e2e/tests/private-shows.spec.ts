import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser, registerCreatorByApi, registerFanByApi } from './support';

// The e2e servers run with LIVE_MEDIA=off: a live show's join answers 422 and the screen says so,
// while the timer and the per-minute billing go on.
const noMedia = 'Live video is not available on this server right now.';

async function credit(request: APIRequestContext, username: string, password: string, amount: number) {
  const token = await apiLogin(request, username, password);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const userId = (await me.json()).data._id as string;
  const res = await request.post('/api/admin/wallet/credit', {
    data: { userId, amount, reason: 'e2e private show' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Tomorrow at 20:00 in the browser's local time, as a datetime-local input wants it. */
function tomorrowEvening() {
  const d = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T20:00`;
}

async function requestShow(page: Page, creatorUsername: string, creatorName: string, note: string) {
  await page.goto(`/${creatorUsername}`);
  await page.getByRole('button', { name: 'Request a private show' }).click();
  const dialog = page.getByRole('dialog', { name: `Private show with ${creatorName}` });
  await dialog.getByLabel('Date and time').fill(tomorrowEvening());
  await dialog.getByLabel('Time zone').fill('Europe/Berlin');
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request was sent')).toBeVisible();
  return dialog;
}

const card = (page: Page, text: string) => page.getByTestId('private-show').filter({ hasText: text });

test('a private show from request to end: each step shows live on the other side; a stranger gets a 404; a fan deletes a pending request', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const maker = await registerCreatorByApi(request);
  const fan = await registerFanByApi(request);
  const stranger = await registerFanByApi(request, 'other');
  await credit(request, fan.username, fan.password, 30);

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  try {
    // The creator watches their list; the request appears there without a reload.
    await loginInBrowser(page, maker.username, maker.password);
    await page.goto('/creator/private-shows');
    await expect(page.getByText('No private show requests yet.')).toBeVisible();

    await loginInBrowser(fanPage, fan.username, fan.password);
    const note = `Birthday song ${Date.now().toString(36)}`;
    const dialog = await requestShow(fanPage, maker.username, maker.name, note);
    await dialog.getByRole('link', { name: 'your private shows' }).click();
    await fanPage.waitForURL(/\/user\/private-shows$/);
    const fanCard = card(fanPage, note);
    await expect(fanCard.getByText('Waiting for an answer')).toBeVisible();
    await expect(fanCard.getByText('(Europe/Berlin)', { exact: false })).toBeVisible();

    const creatorCard = card(page, note);
    await expect(creatorCard.getByText('Waiting for an answer')).toBeVisible();
    await expect(creatorCard.getByText(fan.name)).toBeVisible();
    await creatorCard.getByRole('button', { name: 'Approve' }).click();
    await expect(creatorCard.getByText('Approved')).toBeVisible();
    await expect(fanCard.getByText('Approved')).toBeVisible();
    await expect(fanCard.getByRole('button', { name: 'Delete request' })).toHaveCount(0);

    // Started at 2.50 a minute: the first minute is charged at once.
    await creatorCard.getByLabel('Price per minute').fill('2.5');
    await creatorCard.getByRole('button', { name: 'Start' }).click();
    await expect(creatorCard.getByText('Live now')).toBeVisible();
    await expect(fanCard.getByText('Live now')).toBeVisible();
    await page.screenshot({ path: '../.tmp/screens/private-shows-creator-1280.png' });

    await fanCard.getByRole('link', { name: 'Join the show' }).click();
    await fanPage.waitForURL(/\/private-shows\/[^/]+$/);
    const showUrl = fanPage.url();
    await expect(fanPage.getByRole('heading', { name: `Private show with ${maker.name}` })).toBeVisible();
    await expect(fanPage.getByText(noMedia)).toBeVisible();
    await expect(fanPage.getByTestId('call-cost')).toHaveText('$2.50');
    const timer = fanPage.getByTestId('call-timer');
    await expect(timer).toHaveText(/^0:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');
    await fanPage.setViewportSize({ width: 390, height: 844 });
    await fanPage.screenshot({ path: '../.tmp/screens/private-show-call-390.png' });

    await creatorCard.getByRole('link', { name: 'Open the show' }).click();
    await page.waitForURL(/\/private-shows\/[^/]+$/);
    await expect(page.getByRole('heading', { name: `Private show with ${fan.name}` })).toBeVisible();
    await expect(page.getByText(noMedia)).toBeVisible();
    await expect(page.getByTestId('call-cost')).toHaveText('$2.50');

    // Nobody else sees it, not even that it exists.
    const strangerContext = await browser.newContext();
    try {
      const strangerPage = await strangerContext.newPage();
      await loginInBrowser(strangerPage, stranger.username, stranger.password);
      await strangerPage.goto(showUrl);
      await expect(strangerPage.getByText('That private show request was not found.')).toBeVisible();
      await expect(strangerPage.getByTestId('call-timer')).toHaveCount(0);
    } finally {
      await strangerContext.close();
    }

    // The fan hangs up; both screens show the end and why, live.
    await fanPage.getByRole('button', { name: 'Hang up' }).click();
    await expect(fanPage.getByText('You ended the call.')).toBeVisible();
    await expect(page.getByText('The fan ended the call.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hang up' })).toHaveCount(0);
    await expect(fanPage.getByRole('button', { name: 'Hang up' })).toHaveCount(0);
    await expect(fanPage.getByTestId('call-cost')).toHaveText('$2.50');
    await page.goto('/creator/private-shows');
    await expect(card(page, note).getByText('Finished')).toBeVisible();

    // A second request, deleted by the fan while pending: the creator's list follows.
    const second = `Second wish ${Date.now().toString(36)}`;
    await requestShow(fanPage, maker.username, maker.name, second);
    await expect(card(page, second).getByText('Waiting for an answer')).toBeVisible();
    await fanPage.goto('/user/private-shows');
    await card(fanPage, second).getByRole('button', { name: 'Delete request' }).click();
    await expect(card(fanPage, second).getByText('Deleted')).toBeVisible();
    await expect(card(page, second).getByText('Deleted')).toBeVisible();
    await expect(card(page, second).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  } finally {
    await fanContext.close();
  }
});
