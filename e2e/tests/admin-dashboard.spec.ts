import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from './fixtures';
import { adminLogin, adminToken, apiLogin, loginInBrowser, registerFanByApi } from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const darkTheme = (page: Page) =>
  page.context().addCookies([{ name: 'theme', value: 'dark', domain: '127.0.0.1', path: '/' }]);

for (const width of [390, 1280]) {
  test(`at ${width} px an admin opens the dashboard, changes the period and reads the figures (dark theme)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await darkTheme(page);
    await loginInBrowser(page, adminLogin.username, adminLogin.password);
    await page.goto('/admin');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const gross = page.getByRole('group', { name: 'Gross' });
    await expect(gross).toContainText('$');
    await expect(page.getByRole('group', { name: 'Pending payouts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sales by day' })).toBeVisible();

    const answered = page.waitForResponse((r) => r.url().includes('/api/admin/dashboard?days=7'));
    await page.getByText('7 days', { exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('group', { name: 'Gross' })).toContainText('$');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `../.tmp/screens/admin-dashboard-${width}.png`, fullPage: true });
  });
}

test('an admin finds a fan’s credit in the ledger, sees it reconciles, and downloads the CSV (dark theme)', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'ledger');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const me = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } })).json()
  ).data as { _id: string };
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: me._id, amount: 12.5, reason: 'e2e ledger' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 900 });
  await darkTheme(page);
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/ledger');
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await expect(reconciliation).toContainText('Balanced');

  await page.getByLabel('Person').fill(fan.username);
  const row = page.getByTestId('ledger-transaction-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin credit');
  await expect(row).toContainText('$12.50');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '../.tmp/screens/admin-ledger-390.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('transactions.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('date,transaction,kind,reference,initiator,account,account_owner,amount');
  expect(lines).toHaveLength(3);
  expect(lines.find((l) => l.includes(',fan_wallet,'))).toMatch(
    new RegExp(`,admin_credit,user:${me._id},.*,fan_wallet,${fan.name} \\(@${fan.username}\\),12\\.50$`),
  );
  expect(lines.find((l) => l.includes(',platform_revenue,'))).toMatch(/,platform_revenue,,-12\.50$/);

  // The earnings tab at desktop width, for the screenshot.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Person').fill('');
  await page.getByRole('tab', { name: 'Earnings' }).click();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/admin/earnings.csv',
  );
  await page.screenshot({ path: '../.tmp/screens/admin-ledger-earnings-1280.png', fullPage: true });
});

for (const width of [390, 1280]) {
  test(`at ${width} px an admin opens the health page from the dashboard and reads every check`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginInBrowser(page, adminLogin.username, adminLogin.password);
    await page.goto('/admin');
    await page
      .getByRole('link', { name: /Health/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/health$/);
    await expect(page.getByRole('heading', { name: 'Health' })).toBeVisible();
    for (const name of ['Database', 'Redis', 'File storage', 'Mail', 'Ledger', 'This server']) {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Answers queries.')).toBeVisible();
    await expect(page.getByText('Every balance matches its entries.')).toBeVisible();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `../.tmp/screens/admin-health-${width}.png`, fullPage: true });
    // A fan is refused the figures.
    const fan = await registerFanByApi(request, 'health');
    const token = await apiLogin(request, fan.username, fan.password);
    const refused = await request.get('/api/admin/health', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
  });
}
