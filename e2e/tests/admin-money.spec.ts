import { expect, test } from './fixtures';
import { adminLogin, loginInBrowser, registerFanByApi } from './support';

test('an admin creates a coupon and a token package; a fan sees the package on the wallet page and the coupon applies', async ({
  browser,
  page,
  request,
}) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `E2E${suffix}`;
  const packageName = `Pack ${suffix}`;

  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);

  // The coupon: 25 % off, 5 uses, no expiry.
  await page.goto('/admin/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const couponDialog = page.getByRole('dialog', { name: 'New coupon' });
  await couponDialog.getByLabel('Code').fill(code);
  await couponDialog.getByLabel('Discount').fill('25');
  await couponDialog.getByLabel('Uses').fill('5');
  await couponDialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created')).toBeVisible();
  const couponRow = page.getByTestId('admin-coupon-row').filter({ hasText: code });
  await expect(couponRow).toContainText('25% off');
  await expect(couponRow).toContainText('Used 0 of 5');

  // The package: 120 tokens for 99.
  await page.goto('/admin/packages');
  await page.getByRole('button', { name: 'New package' }).click();
  const packageDialog = page.getByRole('dialog', { name: 'New token package' });
  await packageDialog.getByLabel('Name').fill(packageName);
  await packageDialog.getByLabel('Tokens').fill('120');
  await packageDialog.getByLabel('Price').fill('99');
  await packageDialog.getByRole('button', { name: 'Create package' }).click();
  await expect(page.getByText('Package created')).toBeVisible();
  await expect(page.getByTestId('admin-package-row').filter({ hasText: packageName })).toContainText(
    '$120.00 in tokens for $99.00',
  );

  // A fan picks it on the wallet page and applies the coupon to it.
  const fan = await registerFanByApi(request, 'pkgfan');
  const fanPage = await (await browser.newContext()).newPage();
  await loginInBrowser(fanPage, fan.username, fan.password);
  await fanPage.waitForURL(/\/home$/);
  await fanPage.goto('/user/wallet');
  const pack = fanPage
    .getByRole('radiogroup', { name: 'Token packages' })
    .getByRole('radio')
    .filter({ hasText: packageName });
  await expect(pack).toContainText('$120.00 in tokens');
  await pack.click();
  await fanPage.getByLabel('Coupon').fill(code);
  await fanPage.getByRole('button', { name: 'Apply' }).click();
  await expect(fanPage.getByText('25% off')).toBeVisible();
});
