import { expect, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser, registerFanByApi } from './support';

// Demo creator from the seed (monthly 9.99); the fan is new, so other tests' demo fans stay as they are.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };

test('a fan with balance subscribes monthly from the modal, sees a subscriber-only post, cancels and keeps access', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'subfan');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const me = await (
    await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } })
  ).json();
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: me.data._id, amount: 50, reason: 'e2e subscriptions' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);

  const text = `Subscribers only ${Date.now().toString(36)}`;
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const created = await request.post('/api/performer/feeds', {
    data: { type: 'text', text },
    headers: { authorization: `Bearer ${creatorToken}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  // A locked post carries none of its text, so the page finds it by its id.
  const postId = (await created.json()).data._id as string;

  await loginInBrowser(page, fan.username, fan.password);
  await page.waitForURL(/\/home$/);
  await page.goto(`/${creator.username}`);
  const post = page.locator(`article[data-post-id="${postId}"]`);
  await expect(post.getByText('Subscribe to see this post')).toBeVisible();

  await page.getByTestId('subscribe-button').click();
  const modal = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(modal.getByTestId('plan-monthly')).toContainText('$9.99');
  await expect(modal.getByTestId('subscription-balance')).toHaveText('$50.00');
  await modal.getByRole('button', { name: 'Subscribe for $9.99' }).click();
  await expect(page.getByText('You are subscribed to Luna Rivers.')).toBeVisible();
  await expect(page.getByTestId('subscribed-badge')).toBeVisible();
  await expect(post.getByText('Subscribe to see this post')).toHaveCount(0);
  await expect(post.getByText(text)).toBeVisible();

  await page.goto('/user/subscriptions');
  const row = page.getByTestId('subscription-row').filter({ hasText: 'Luna Rivers' });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/Cancelled\. You keep access until/)).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();

  // Still subscribed until the period ends.
  await page.goto(`/${creator.username}`);
  await expect(page.getByTestId('subscribed-badge')).toBeVisible();
  await expect(page.getByText(/Access until/)).toBeVisible();
  await expect(post.getByText(text)).toBeVisible();
  await expect(post.getByText('Subscribe to see this post')).toHaveCount(0);
});

test('a fan without balance subscribes by card through the sandbox checkout (4242) and comes back subscribed', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'cardfan');
  const text = `Card subscribers only ${Date.now().toString(36)}`;
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const created = await request.post('/api/performer/feeds', {
    data: { type: 'text', text },
    headers: { authorization: `Bearer ${creatorToken}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  // A locked post carries none of its text, so the page finds it by its id.
  const postId = (await created.json()).data._id as string;

  await loginInBrowser(page, fan.username, fan.password);
  await page.waitForURL(/\/home$/);
  await page.goto(`/${creator.username}`);
  const post = page.locator(`article[data-post-id="${postId}"]`);
  await expect(post.getByText('Subscribe to see this post')).toBeVisible();

  await page.getByTestId('subscribe-button').click();
  const modal = page.getByRole('dialog', { name: 'Subscribe' });
  await modal.locator('label[for$="-card"]').click();
  await expect(modal.getByTestId('card-sandbox-note')).toBeVisible();
  await modal.getByRole('button', { name: 'Continue to checkout ($9.99)' }).click();

  await page.waitForURL(/\/payment\/sandbox\/checkout\//);
  await expect(page.getByTestId('checkout-description')).toContainText('Monthly subscription to Luna Rivers');
  await expect(page.getByTestId('checkout-price')).toHaveText('$9.99');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await expect(page.getByText('Your subscription is active.')).toBeVisible();
  await page.getByTestId('checkout-back').click();

  await page.waitForURL(new RegExp(`/${creator.username.replace('.', '\\.')}$`));
  await expect(page.getByTestId('subscribed-badge')).toBeVisible();
  await expect(post.getByText(text)).toBeVisible();
  await expect(post.getByText('Subscribe to see this post')).toHaveCount(0);

  await page.goto('/user/subscriptions');
  const row = page.getByTestId('subscription-row').filter({ hasText: 'Luna Rivers' });
  await expect(row.getByText('Active')).toBeVisible();
});
