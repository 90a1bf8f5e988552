import { expect, type Page, test } from './fixtures';
import { apiLogin, loginInBrowser, registerCreatorByApi } from './support';

// Demo seed: zoe.martins, a fan with 100.00 in her wallet.
const zoe = { username: 'zoe.martins', password: 'fanpass123' };

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const countOf = (page: Page) => page.getByTestId('notification-count');

test("a fan tips a creator and the creator's bell updates live in both open tabs", async ({
  browser,
  page,
  request,
}) => {
  const creator = await registerCreatorByApi(request);
  // The verification already told the creator something: read it, so the badge starts at zero.
  const verified = await request.post('/api/notifications/read-all', {
    headers: { authorization: `Bearer ${await apiLogin(request, creator.username, creator.password)}` },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // The creator has two tabs open on the site, logged in once.
  const creatorContext = await browser.newContext();
  const firstTab = await creatorContext.newPage();
  await loginInBrowser(firstTab, creator.username, creator.password);
  await firstTab.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await firstTab.goto('/creator/account');
  const secondTab = await creatorContext.newPage();
  await secondTab.goto('/creator/earnings');
  for (const tab of [firstTab, secondTab]) {
    await expect(countOf(tab)).toHaveAttribute('data-count', '0');
    await expect(tab.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  }

  // The fan tips from the creator's profile.
  await loginInBrowser(page, zoe.username, zoe.password);
  await page.waitForURL(/\/home$/);
  await page.goto(`/${creator.username}`);
  await page.getByRole('button', { name: 'Send a tip', exact: true }).click();
  const tip = page.getByRole('dialog');
  await tip.getByLabel('Amount').fill('10');
  await tip.getByRole('button', { name: 'Send $10.00' }).click();
  await expect(page.getByText(/You tipped .* \$10\.00\. Thank you!/)).toBeVisible();

  // Both tabs show it without a reload.
  for (const tab of [firstTab, secondTab]) {
    await expect(countOf(tab)).toHaveAttribute('data-count', '1');
  }
  await bellOf(secondTab).click();
  const item = secondTab.getByRole('button', { name: `Unread: ${zoe.username} sent you a tip` });
  await expect(item).toBeVisible();
  await expect(secondTab.getByText(`${zoe.username} tipped you $10.00.`)).toBeVisible();

  // Reading it in one tab clears the badge in the other.
  await item.click();
  await secondTab.waitForURL(/\/creator\/earnings$/);
  await expect(countOf(secondTab)).toHaveAttribute('data-count', '0');
  await expect(countOf(firstTab)).toHaveAttribute('data-count', '0');
  await creatorContext.close();
});
