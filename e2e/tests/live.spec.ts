import { expect, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser } from './support';

// Demo seed: Ava subscribes to Luna, Zoe does not. The e2e servers run no Janus, so joins answer 422.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };
const subscriber = { username: 'ava.thompson', password: 'fanpass123' };
const stranger = { username: 'zoe.martins', password: 'fanpass123' };
const noMedia = 'Live video is not available on this server right now.';

test('a creator goes live with a price; a subscriber pays once and a fan who is not subscribed is asked to subscribe; ending shows it ended', async ({
  page,
  browser,
  request,
}) => {
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const auth = { authorization: `Bearer ${creatorToken}` };
  const lunaId = (await (await request.get('/api/users/me', { headers: auth })).json()).data._id as string;
  const endLunasShow = async () => {
    const live = await (await request.get(`/api/streaming/user/search?performerId=${lunaId}`)).json();
    for (const show of live.data as { _id: string }[])
      await request.post(`/api/streaming/live/${show._id}/end`, { headers: auth, data: {} });
  };
  await endLunasShow();

  // Enough in Ava's wallet for the show, whatever other journeys spent.
  const avaToken = await apiLogin(request, subscriber.username, subscriber.password);
  const avaId = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${avaToken}` } })).json()
  ).data._id as string;
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: avaId, amount: 20, reason: 'e2e live' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  try {
    const title = `Live e2e ${Date.now().toString(36)}`;
    await loginInBrowser(page, creator.username, creator.password);
    await page.goto('/creator/live');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Price per session').fill('4.5');
    await page.getByRole('button', { name: 'Go live' }).click();
    await expect(page.getByText(noMedia)).toBeVisible();
    await expect(page.getByText('Your show stays listed', { exact: false })).toBeVisible();
    await expect(page.getByText('$4.50 per session')).toBeVisible();
    await page.screenshot({ path: '../.tmp/screens/live-studio-1280.png' });

    await loginInBrowser(fanPage, subscriber.username, subscriber.password);
    await fanPage.waitForURL(/\/home$/);
    const strip = fanPage.getByRole('navigation', { name: 'Live now' });
    await expect(strip.getByText(title)).toBeVisible();
    await fanPage.screenshot({ path: '../.tmp/screens/live-home-1280.png' });
    await strip.getByText(title).click();
    await fanPage.waitForURL(/\/live\//);
    await fanPage.getByRole('button', { name: 'Join for $4.50' }).click();
    const dialog = fanPage.getByRole('dialog', { name: 'Join this show' });
    await expect(dialog.getByText('$4.50').first()).toBeVisible();
    await fanPage.setViewportSize({ width: 390, height: 844 });
    await fanPage.screenshot({ path: '../.tmp/screens/live-pay-390.png' });
    const charged = fanPage.waitForResponse((r) => r.url().includes('/api/wallet/charges/stream/'));
    await dialog.getByRole('button', { name: 'Pay $4.50' }).click();
    expect((await charged).status()).toBe(200);
    await expect(fanPage.getByText(noMedia)).toBeVisible();
    await fanPage.reload();
    await expect(fanPage.getByText(noMedia)).toBeVisible();
    await expect(fanPage.getByRole('button', { name: /Join for/ })).toHaveCount(0);
    await fanPage.screenshot({ path: '../.tmp/screens/live-paid-390.png' });
    const showUrl = fanPage.url();

    const strangerContext = await browser.newContext();
    try {
      const strangerPage = await strangerContext.newPage();
      await loginInBrowser(strangerPage, stranger.username, stranger.password);
      await strangerPage.goto(showUrl);
      await expect(strangerPage.getByRole('link', { name: 'Subscribe to Luna' })).toBeVisible();
      await expect(strangerPage.getByRole('button', { name: /Join for/ })).toHaveCount(0);
    } finally {
      await strangerContext.close();
    }

    await page.getByRole('button', { name: 'End show' }).click();
    await page
      .getByRole('dialog', { name: 'End this show?' })
      .getByRole('button', { name: 'End show' })
      .click();
    await expect(page.getByRole('button', { name: 'Go live' })).toBeVisible();
    await fanPage.reload();
    await expect(fanPage.getByText('This show has ended')).toBeVisible();
  } finally {
    await endLunasShow();
    await fanContext.close();
  }
});

test('a creator and a subscriber chat live in a show; a tip shows highlighted for both; the creator clears the chat', async ({
  page,
  browser,
  request,
}) => {
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const auth = { authorization: `Bearer ${creatorToken}` };
  const lunaId = (await (await request.get('/api/users/me', { headers: auth })).json()).data._id as string;
  const endLunasShow = async () => {
    const live = await (await request.get(`/api/streaming/user/search?performerId=${lunaId}`)).json();
    for (const show of live.data as { _id: string }[])
      await request.post(`/api/streaming/live/${show._id}/end`, { headers: auth, data: {} });
  };
  await endLunasShow();
  const avaToken = await apiLogin(request, subscriber.username, subscriber.password);
  const avaId = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${avaToken}` } })).json()
  ).data._id as string;
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: avaId, amount: 100, reason: 'e2e live chat' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  try {
    await loginInBrowser(page, creator.username, creator.password);
    await page.goto('/creator/live');
    await page.getByLabel('Title').fill(`Chat e2e ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Go live' }).click();
    const studioChat = page.getByRole('region', { name: 'Live chat' });
    await expect(studioChat.getByText('No messages yet')).toBeVisible();
    const live = await (await request.get(`/api/streaming/user/search?performerId=${lunaId}`)).json();
    const showId = live.data[0]._id as string;

    await loginInBrowser(fanPage, subscriber.username, subscriber.password);
    await fanPage.goto(`/live/${showId}`);
    const fanChat = fanPage.getByRole('region', { name: 'Live chat' });
    await expect(fanChat.getByText('No messages yet')).toBeVisible();
    await expect(studioChat.getByText('1 watching')).toBeVisible();

    await fanChat.getByRole('textbox', { name: 'Message' }).fill('Hello from Ava');
    await fanChat.getByRole('button', { name: 'Send message' }).click();
    await expect(studioChat.getByText('Hello from Ava')).toBeVisible();
    await expect(fanChat.getByText('Hello from Ava')).toBeVisible();
    await studioChat.getByRole('textbox', { name: 'Message' }).fill('Welcome, Ava!');
    await studioChat.getByRole('button', { name: 'Send message' }).click();
    await expect(fanChat.getByText('Welcome, Ava!')).toBeVisible();

    await fanChat.getByRole('button', { name: 'Tip' }).click();
    const tipDialog = fanPage.getByRole('dialog', { name: /Send a tip to/ });
    const tipped = fanPage.waitForResponse((r) => r.url().includes('/api/wallet/charges/tip/'));
    await tipDialog.getByRole('button', { name: /^Send \$/ }).click();
    expect((await tipped).status()).toBe(200);
    await expect(fanChat.getByTestId('chat-tip')).toContainText('tipped $');
    await expect(studioChat.getByTestId('chat-tip')).toContainText('tipped $');
    await fanPage.setViewportSize({ width: 390, height: 844 });
    await fanPage.screenshot({ path: '../.tmp/screens/live-chat-390.png' });
    await page.screenshot({ path: '../.tmp/screens/live-studio-chat-1280.png' });

    await studioChat.getByRole('button', { name: 'Clear chat' }).click();
    await page
      .getByRole('dialog', { name: 'Clear the chat?' })
      .getByRole('button', { name: 'Clear for everyone' })
      .click();
    await expect(fanChat.getByText('No messages yet')).toBeVisible();
    await expect(studioChat.getByText('No messages yet')).toBeVisible();
    await expect(fanChat.getByText('Hello from Ava')).toHaveCount(0);
  } finally {
    await endLunasShow();
    await fanContext.close();
  }
});
