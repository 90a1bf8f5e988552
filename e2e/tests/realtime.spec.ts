import { type APIRequestContext, type Browser, expect, type Page, test } from './fixtures';
import { balancer, ownDatabase, ownServer } from './own-server';
import { registerCreatorByApi, uniqueAccount } from './support';

/*
 * The live connection when servers go away. These journeys start their own servers (the shared one
 * must stay up for the other journeys), without the demo seed so each is ready in seconds.
 */

const admin = { username: 'own-admin@example.test', password: 'own-admin-pass' };
const adminEnv = { ADMIN_EMAIL: admin.username, ADMIN_PASSWORD: admin.password };

async function fanOn(request: APIRequestContext, base: string) {
  const account = uniqueAccount('rt');
  const res = await request.post(`${base}/api/auth/users/register`, { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return { ...account, token: await tokenOf(request, base, account) };
}

async function tokenOf(
  request: APIRequestContext,
  base: string,
  account: { username: string; password: string },
) {
  const res = await request.post(`${base}/api/auth/login`, {
    data: { username: account.username, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

async function login(browser: Browser, baseURL: string, account: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  return page;
}

async function openChat(request: APIRequestContext, base: string, fanToken: string, creatorId: string) {
  const res = await request.post(`${base}/api/conversations`, {
    data: { source: 'performer', sourceId: creatorId },
    headers: { authorization: `Bearer ${fanToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data._id as string;
}

async function say(
  request: APIRequestContext,
  base: string,
  token: string,
  conversationId: string,
  text: string,
) {
  const res = await request.post(`${base}/api/messages/conversations/${conversationId}`, {
    data: { text },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Counts the `auth/login` frames the page sends on its socket. */
function countAuthLogins(page: Page) {
  const counter = { value: 0 };
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"auth/login"')) counter.value += 1;
    });
  });
  return counter;
}

// The visible dot: on a node's first render React streams the header's lazily loaded messages icon as a
// hidden segment that stays in the document, unseen, until React reveals it.
const status = (page: Page) => page.getByTestId('connection-status').filter({ visible: true });
const thread = (page: Page) => page.getByTestId('message-scroller');

test('the server stops and restarts: reconnecting, then connected with auth/login again and nothing missed; gone for long → failed, no toast', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const database = await ownDatabase();
  const server = await ownServer({ ...database.env, ...adminEnv });
  try {
    await server.start();
    const maker = await registerCreatorByApi(request, { baseUrl: server.url, admin });
    const makerToken = await tokenOf(request, server.url, maker);
    const fan = await fanOn(request, server.url);
    const conversationId = await openChat(request, server.url, fan.token, maker.id);
    await say(request, server.url, fan.token, conversationId, 'Before the restart');

    const page = await login(browser, server.url, fan);
    const authLogins = countAuthLogins(page);
    await page.goto(`/messages/${conversationId}`);
    await expect(thread(page).getByText('Before the restart')).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-status', 'connected');

    await server.stop('SIGTERM');
    await expect(status(page)).toHaveAttribute('data-status', /^(disconnect|reconnecting)$/);
    await expect(status(page)).toHaveAttribute('data-status', 'reconnecting');
    await server.start();
    // Sent the moment the server is back, before the page has reconnected (its retry waits up to 5 s).
    await say(request, server.url, makerToken, conversationId, 'Sent while you were away');
    await expect(status(page)).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    expect(authLogins.value, 'the client sent auth/login after reconnecting').toBeGreaterThanOrEqual(1);
    await expect(thread(page).getByText('Sent while you were away')).toHaveCount(1);
    // And live again.
    await say(request, server.url, makerToken, conversationId, 'Live after the restart');
    await expect(thread(page).getByText('Live after the restart')).toHaveCount(1);

    // Gone for long: the dot says failed after retries keep failing; no error toast.
    await server.stop('SIGKILL');
    await expect(status(page)).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.context().close();
  } finally {
    await server.stop('SIGKILL');
    await database.drop();
  }
});

test('two nodes on one Redis: fan on A and creator on B chat live; B dies, the creator lands on A and misses nothing', async ({
  browser,
  request,
}) => {
  test.skip(
    !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL,
    'two nodes need a shared PostgreSQL and Redis: this journey runs in the PostgreSQL pass',
  );
  test.setTimeout(240_000);
  const database = await ownDatabase();
  const env = { ...database.env, ...adminEnv, REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
  const nodeA = await ownServer(env);
  const nodeB = await ownServer(env);
  let isBAlive = true;
  // The creator reaches the nodes through a balancer that prefers B while it lives.
  const front = await balancer(() => (isBAlive ? [nodeB.port, nodeA.port] : [nodeA.port]));
  try {
    await nodeA.start();
    await nodeB.start();
    const maker = await registerCreatorByApi(request, { baseUrl: nodeA.url, admin });
    const fan = await fanOn(request, nodeA.url);
    const conversationId = await openChat(request, nodeA.url, fan.token, maker.id);

    const fanPage = await login(browser, nodeA.url, fan);
    const makerPage = await login(browser, front.url, maker);
    await fanPage.goto(`/messages/${conversationId}`);
    await makerPage.goto(`/messages/${conversationId}`);
    await expect(status(fanPage)).toHaveAttribute('data-status', 'connected');
    await expect(status(makerPage)).toHaveAttribute('data-status', 'connected');

    await fanPage.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello across nodes');
    await fanPage.keyboard.press('Enter');
    await expect(thread(makerPage).getByText('Hello across nodes')).toHaveCount(1);
    await makerPage.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello back from B');
    await makerPage.keyboard.press('Enter');
    await expect(thread(fanPage).getByText('Hello back from B')).toHaveCount(1);

    // B crashes; the fan keeps writing on A; the creator's client reconnects through the balancer to A.
    isBAlive = false;
    await nodeB.stop('SIGKILL');
    await fanPage.getByRole('textbox', { name: 'Message', exact: true }).fill('Written while B was down');
    await fanPage.keyboard.press('Enter');
    await expect(status(makerPage)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(thread(makerPage).getByText('Written while B was down')).toHaveCount(1);
    await fanPage.getByRole('textbox', { name: 'Message', exact: true }).fill('And live on A');
    await fanPage.keyboard.press('Enter');
    await expect(thread(makerPage).getByText('And live on A')).toHaveCount(1);
    await fanPage.context().close();
    await makerPage.context().close();
  } finally {
    await front.close();
    await nodeB.stop('SIGKILL');
    await nodeA.stop('SIGKILL');
    await database.drop();
  }
});
