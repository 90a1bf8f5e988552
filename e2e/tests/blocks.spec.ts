import { expect, test } from './fixtures';
import { apiLogin, loginInBrowser, registerFanByApi } from './support';

// The demo creator from the seed; the fan is new, so no other journey sees this block.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };

test('a creator blocks a fan from their thread; the fan then sees the block on the creator page', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const fan = await registerFanByApi(request, 'blocked');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const asFan = { authorization: `Bearer ${fanToken}` };
  const fanId = (await (await request.get('/api/users/me', { headers: asFan })).json()).data._id as string;
  const luna = (await (await request.get(`/api/performers/${creator.username}`)).json()).data as {
    _id: string;
  };
  const started = await request.post('/api/conversations', {
    data: { source: 'performer', sourceId: luna._id },
    headers: asFan,
  });
  expect(started.status(), await started.text()).toBe(200);
  const conversationId = (await started.json()).data._id as string;
  const said = await request.post(`/api/messages/conversations/${conversationId}`, {
    data: { text: 'Hello Luna' },
    headers: asFan,
  });
  expect(said.status(), await said.text()).toBe(200);

  try {
    const creatorPage = await (await browser.newContext()).newPage();
    await loginInBrowser(creatorPage, creator.username, creator.password);
    await creatorPage.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await creatorPage.goto(`/messages/${conversationId}`);
    await creatorPage.getByRole('button', { name: `Block ${fan.name}` }).click();
    const dialog = creatorPage.getByRole('dialog', { name: `Block ${fan.name}?` });
    await dialog.getByLabel('Reason').fill('Rude messages');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(creatorPage.getByText(`${fan.name} is blocked.`)).toBeVisible();
    await expect(creatorPage.getByText('Blocked', { exact: true })).toBeVisible();

    await creatorPage.goto('/creator/blocked');
    await expect(creatorPage.getByText('Reason: Rude messages')).toBeVisible();

    const fanPage = await (await browser.newContext()).newPage();
    await loginInBrowser(fanPage, fan.username, fan.password);
    await fanPage.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await fanPage.goto(`/${creator.username}`);
    await expect(fanPage.getByText('You have been blocked by this creator.')).toBeVisible();
    await expect(fanPage.getByRole('link', { name: 'Explore other creators' })).toBeVisible();
  } finally {
    // Luna is shared by the other journeys: leave her with no block.
    await request.delete(`/api/block/users/${fanId}`, {
      headers: { authorization: `Bearer ${creatorToken}` },
    });
  }
});
