import { expect, type Page, test } from '@playwright/test';
import { adminLogin, loginInBrowser } from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the admin header fits 1280 px: the daily links in a row, the rest under More', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Creators' })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  // The account menu is wholly inside the window.
  const menu = await page.getByRole('banner').getByRole('button').last().boundingBox();
  expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(1280);
  await nav.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Packages' }).click();
  await expect(page).toHaveURL(/\/admin\/packages$/);
});

for (const width of [390, 1280]) {
  test(`the earnings chart fits its card at ${width} px and opens at today`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // Luna has earnings from the demo seed (Ava's pay-per-view purchase).
    await loginInBrowser(page, 'luna.rivers', 'creatorpass123');
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await page.goto('/creator/earnings');
    for (const days of ['30', '90']) {
      // 30 days is where the page opens; 90 days is picked in the range control.
      if (days !== '30') await page.locator('label', { hasText: `${days} days` }).click();
      const chart = page.getByTestId('earnings-day-chart');
      await expect(chart).toBeVisible();
      await expect(chart.locator('li')).toHaveCount(Number(days));
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      const fit = await chart.evaluate((ul) => {
        const card = ul.closest('.mantine-Card-root') as HTMLElement;
        const last = ul.lastElementChild as HTMLElement;
        return {
          insideCard: ul.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5,
          todayInView: last.getBoundingClientRect().right <= ul.getBoundingClientRect().right + 0.5,
        };
      });
      expect(fit, `${days} days`).toEqual({ insideCard: true, todayInView: true });
    }
  });
}
