import { type Browser, expect, type Page, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser, pngOf, registerFanByApi } from './support';

// The demo creator from the seed; each journey brings a new fan, so conversations never mix.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };

async function newFan(request: Parameters<typeof registerFanByApi>[0], credit = 0) {
  const fan = await registerFanByApi(request, 'chat');
  const token = await apiLogin(request, fan.username, fan.password);
  const me = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()
  ).data as { _id: string };
  if (credit > 0) {
    const res = await request.post('/api/admin/wallet/credit', {
      data: { userId: me._id, amount: credit, reason: 'e2e messages' },
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { ...fan, token, id: me._id };
}

async function loggedInPage(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginInBrowser(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  return page;
}

const connected = (page: Page) =>
  expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
const unreadCount = async (page: Page) =>
  Number(await page.getByTestId('unread-total').getAttribute('data-count'));
const thread = (page: Page) => page.getByTestId('message-scroller');

test('fan and creator chat live: each message once, unread counts, a paid photo unlocked by the fan only, deletes seen by both', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const fan = await newFan(request, 20);
  const fanPage = await loggedInPage(browser, fan.username, fan.password);
  const creatorPage = await loggedInPage(browser, creator.username, creator.password);
  await connected(creatorPage);

  // The fan starts the chat from the creator's page.
  await fanPage.goto(`/${creator.username}`);
  await fanPage.getByRole('button', { name: 'Send a message' }).click();
  await fanPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(fanPage.url()).pathname;
  await connected(fanPage);
  const creatorUnreadBefore = await unreadCount(creatorPage);

  const hello = `Hello from the fan ${Date.now().toString(36)}`;
  await fanPage.getByRole('textbox', { name: 'Message', exact: true }).fill(hello);
  await fanPage.keyboard.press('Enter');
  await expect(thread(fanPage).getByText(hello)).toHaveCount(1);

  // The creator's header counts it at once, without a reload.
  await expect(creatorPage.getByTestId('unread-total')).toHaveAttribute(
    'data-count',
    String(creatorUnreadBefore + 1),
  );
  await creatorPage.goto('/messages');
  const row = creatorPage.getByTestId('conversation-row').filter({ hasText: fan.name });
  await expect(row.getByTestId('conversation-unread')).toHaveText('1');
  await row.click();
  await expect(thread(creatorPage).getByText(hello)).toHaveCount(1);
  // Opening the thread reads it: the badge and the header total clear.
  await expect(row.getByTestId('conversation-unread')).toHaveCount(0);
  await expect(creatorPage.getByTestId('unread-total')).toHaveAttribute(
    'data-count',
    String(creatorUnreadBefore),
  );

  // A reply arrives in the fan's open thread within a second, once.
  const reply = `Hi fan, thanks for writing ${Date.now().toString(36)}`;
  await creatorPage.getByRole('textbox', { name: 'Message', exact: true }).fill(reply);
  const sentAt = Date.now();
  await creatorPage.getByRole('button', { name: 'Send' }).click();
  await expect(thread(fanPage).getByText(reply)).toBeVisible({ timeout: 3000 });
  const deliveredInMs = Date.now() - sentAt;
  test
    .info()
    .annotations.push({ type: 'delivery', description: `reply shown to the fan after ${deliveredInMs} ms` });
  await expect(thread(fanPage).getByText(reply)).toHaveCount(1);
  await expect(thread(creatorPage).getByText(reply)).toHaveCount(1);

  // A paid photo: locked for the fan, with no private file URL on the page, until the fan pays.
  await creatorPage.locator('input[type="file"]').setInputFiles({
    name: 'exclusive.png',
    mimeType: 'image/png',
    buffer: await pngOf('#8e44ad'),
  });
  await creatorPage.getByLabel('Price to unlock').fill('5');
  const caption = `Just for you ${Date.now().toString(36)}`;
  await creatorPage.getByRole('textbox', { name: 'Message', exact: true }).fill(caption);
  const send = creatorPage.getByRole('button', { name: 'Send' });
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await send.click();
  const paid = thread(fanPage).getByTestId('message').filter({ hasText: caption });
  await expect(paid.getByTestId('locked-message')).toBeVisible();
  await expect(paid.locator('img')).toHaveCount(0);
  expect(await fanPage.content()).not.toContain('/api/files/private/');
  await paid.getByRole('button', { name: /Unlock for \$5\.00/ }).click();
  const dialog = fanPage.getByRole('dialog');
  await dialog.getByRole('button', { name: /Unlock for \$5\.00/ }).click();
  await expect(paid.locator('img')).toBeVisible();
  await expect(paid.getByTestId('locked-message')).toHaveCount(0);
  // The creator's own copy was never locked.
  await expect(
    thread(creatorPage).getByTestId('message').filter({ hasText: caption }).locator('img'),
  ).toBeVisible();

  // The fan deletes their first message: both threads show "Message deleted!" live.
  const mine = thread(fanPage).getByTestId('message').filter({ hasText: hello });
  await mine.getByRole('button', { name: 'Message actions' }).click();
  await fanPage.getByRole('menuitem', { name: 'Delete for everyone' }).click();
  await fanPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(thread(fanPage).getByText('Message deleted!')).toHaveCount(1);
  await expect(thread(creatorPage).getByText('Message deleted!')).toHaveCount(1);
  await expect(thread(creatorPage).getByText(hello)).toHaveCount(0);

  // A third person cannot open the pair's conversation.
  const stranger = await newFan(request);
  const peek = await request.get(`/api/conversations/${conversationPath.split('/').pop()}`, {
    headers: { authorization: `Bearer ${stranger.token}` },
  });
  expect(peek.status()).toBe(404);

  await fanPage.context().close();
  await creatorPage.context().close();
});

test('older messages load 25 at a time above the thread, keeping the scroll position', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const fan = await newFan(request);
  const creatorId = (await (await request.get(`/api/performers/${creator.username}`)).json()).data
    ._id as string;
  const bearer = { authorization: `Bearer ${fan.token}` };
  const opened = await request.post('/api/conversations', {
    data: { source: 'performer', sourceId: creatorId },
    headers: bearer,
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const conversationId = (await opened.json()).data._id as string;
  for (let n = 1; n <= 55; n++) {
    const res = await request.post(`/api/messages/conversations/${conversationId}`, {
      data: { text: `Numbered message ${n}` },
      headers: bearer,
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  const page = await loggedInPage(browser, fan.username, fan.password);
  // The conversation's header and composer arrive after the messages (as on a slow connection): the
  // thread must still open at its newest message.
  await page.route(`**/api/conversations/${conversationId}`, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto(`/messages/${conversationId}`);
  const messages = thread(page).getByTestId('message');
  await expect(messages).toHaveCount(25);
  await expect(messages.first().getByText('Numbered message 31', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  await expect(thread(page).getByText('Numbered message 55', { exact: true })).toBeInViewport();

  // Scrolling to the top prepends the 25 before; the message that was on top stays where it was.
  const anchor = thread(page).getByText('Numbered message 31', { exact: true });
  await thread(page).evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages).toHaveCount(50);
  await expect(messages.first().getByText('Numbered message 6', { exact: true })).toBeVisible();
  await expect(anchor).toBeInViewport();
  await thread(page).evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages).toHaveCount(55);
  await expect(messages.first().getByText('Numbered message 1', { exact: true })).toBeVisible();
  await page.context().close();
});
