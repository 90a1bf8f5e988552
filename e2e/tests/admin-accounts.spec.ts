import { expect, type Page, test } from './fixtures';
import { adminLogin, apiLogin, loginInBrowser, registerFanByApi } from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at phone width an admin finds a fan, deactivates them with a reason, and the audit log shows it', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'gone');
  const fanToken = await apiLogin(request, fan.username, fan.password);

  await page.setViewportSize({ width: 390, height: 800 });
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search by name, username or email').fill(fan.username);
  const card = page.getByTestId('admin-user-card').filter({ hasText: fan.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Active');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '../.tmp/screens/admin-users-390.png' });

  await card.click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: fan.name })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${fan.name}` });
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Spam messages to creators');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${fan.name} is deactivated.`)).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await page.screenshot({ path: '../.tmp/screens/admin-user-390.png', fullPage: true });

  // The fan's token now counts as no session.
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } });
  expect(me.status()).toBe(401);

  // The history on the account page and the audit log both show the change with its reason.
  await expect(page.getByTestId('audit-card').getByText('Reason: Spam messages to creators')).toBeVisible();
  await page.goto('/admin/audit');
  const entry = page.getByTestId('audit-card').filter({ hasText: 'Spam messages to creators' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Account deactivated');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);

  // Reactivated, the fan can log in again.
  await page.goBack();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`${fan.name} can log in again.`)).toBeVisible();
  const again = await request.post('/api/auth/login', {
    data: { username: fan.username, password: fan.password },
  });
  expect(again.status()).toBe(200);
});
