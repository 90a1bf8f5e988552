import { expect, type Page, test } from './fixtures';
import {
  adminLogin,
  adminToken,
  apiLogin,
  loginInBrowser,
  registerCreatorByApi,
  registerFanByApi,
} from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const theme = (page: Page, value: 'dark' | 'light') =>
  page.context().addCookies([{ name: 'theme', value, domain: '127.0.0.1', path: '/' }]);

test('an admin refunds a fan’s tip from the ledger; the fan’s balance is back and both are told', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'refund');
  const creator = await registerCreatorByApi(request);
  const fanBearer = { authorization: `Bearer ${await apiLogin(request, fan.username, fan.password)}` };
  const me = async () =>
    (await (await request.get('/api/users/me', { headers: fanBearer })).json()).data as {
      _id: string;
      balance: number;
    };
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: (await me())._id, amount: 50, reason: 'e2e refunds' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);
  const tip = await request.post(`/api/wallet/charges/tip/${creator.id}`, {
    data: { amount: 10 },
    headers: fanBearer,
  });
  expect(tip.status(), await tip.text()).toBe(200);
  expect((await me()).balance).toBe(40);

  await page.setViewportSize({ width: 390, height: 900 });
  await theme(page, 'light');
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/ledger');
  await page.getByLabel('Person').fill(fan.username);
  const rows = page.getByTestId('ledger-transaction-row');
  await expect(rows).toHaveCount(2);
  // The refund will carry the same reference: the charge is the row with the kind "charge".
  const charge = rows
    .filter({ hasText: `tip:${creator.id}` })
    .filter({ has: page.getByText('charge', { exact: true }) });
  // Only the charge can be refunded, not the credit that funded the fan.
  await expect(rows.filter({ hasText: 'admin credit' }).getByRole('button', { name: 'Refund…' })).toHaveCount(
    0,
  );
  await charge.getByRole('button', { name: 'Refund…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Refund this tip?' });
  await expect(dialog).toContainText('gets back, to the wallet');
  await expect(dialog).toContainText('+$10.00');
  await expect(dialog).toContainText('earnings');
  await expect(dialog).toContainText('-$8.00');
  await expect(dialog).toContainText('-$2.00');
  // No reason, no refund.
  await dialog.getByRole('button', { name: 'Refund $10.00' }).click();
  await expect(dialog).toContainText('Say why the charge is refunded.');
  await dialog.getByLabel('Reason').fill('The fan tipped the wrong creator.');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '../.tmp/screens/admin-refund-dialog-390-light.png' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '../.tmp/screens/admin-refund-dialog-1280-light.png' });

  await dialog.getByRole('button', { name: 'Refund $10.00' }).click();
  await expect(
    page.getByText(/Refunded \$10\.00 to .*’s wallet\. The fan and the creator are told\./),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(charge).toContainText('Refunded');
  await expect(charge.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reconciliation' })).toContainText('Balanced');
  expect((await me()).balance).toBe(50);

  const told = await (await request.get('/api/notifications', { headers: fanBearer })).json();
  expect(told.data.map((n: { type: string }) => n.type)).toContain('charge.refunded');

  // The refunded row and the refund itself, on a phone in the dark theme.
  await theme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.reload();
  await page.getByLabel('Person').fill(fan.username);
  await expect(page.getByTestId('ledger-transaction-row')).toHaveCount(3);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '../.tmp/screens/admin-refunded-row-390-dark.png', fullPage: true });
});

test('the refund dialog in the dark theme at 390 and 1280 px', { tag: '@layout' }, async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'refunddark');
  const creator = await registerCreatorByApi(request);
  const fanBearer = { authorization: `Bearer ${await apiLogin(request, fan.username, fan.password)}` };
  const id = (
    (await (await request.get('/api/users/me', { headers: fanBearer })).json()).data as { _id: string }
  )._id;
  await request.post('/api/admin/wallet/credit', {
    data: { userId: id, amount: 20, reason: 'e2e refunds' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(
    (
      await request.post(`/api/wallet/charges/tip/${creator.id}`, {
        data: { amount: 12.5 },
        headers: fanBearer,
      })
    ).status(),
  ).toBe(200);

  await theme(page, 'dark');
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/ledger');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByLabel('Person').fill(fan.username);
    await page
      .getByTestId('ledger-transaction-row')
      .filter({ hasText: 'tip:' })
      .getByRole('button', { name: 'Refund…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refund this tip?' });
    await expect(dialog).toContainText('+$12.50');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `../.tmp/screens/admin-refund-dialog-${width}-dark.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
