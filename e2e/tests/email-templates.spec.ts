import { expect, type Page, test } from './fixtures';
import { adminLogin, loginInBrowser } from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const darkTheme = (page: Page) =>
  page.context().addCookies([{ name: 'theme', value: 'dark', domain: '127.0.0.1', path: '/' }]);

for (const [width, theme] of [
  [390, 'light'],
  [1280, 'dark'],
] as const) {
  test(`at ${width} px (${theme}) an admin edits an email template with a placeholder chip, previews, saves and resets it`, async ({
    page,
  }) => {
    if (theme === 'dark') await darkTheme(page);
    await page.setViewportSize({ width, height: 900 });
    await loginInBrowser(page, adminLogin.username, adminLogin.password);

    await page.goto('/admin/outbox');
    await page.getByRole('link', { name: 'email templates' }).click();
    await expect(page.getByRole('heading', { name: 'Email templates' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account mails' })).toBeVisible();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `../.tmp/screens/email-templates-${width}-${theme}.png`, fullPage: false });

    await page.getByTestId('email-template-row').filter({ hasText: 'Shipped orders' }).click();
    await expect(page.getByRole('heading', { name: 'Shipped orders' })).toBeVisible();
    const subject = page.getByLabel('Subject');
    await expect(subject).toHaveValue('{{title}} ({{siteName}})');
    await subject.fill('Parcel ');
    await page.getByRole('button', { name: '{{orderNumber}}' }).click();
    await expect(subject).toHaveValue('Parcel {{orderNumber}}');
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(page.getByText('Parcel 1042')).toBeVisible();
    await expect(preview.locator('a').first()).toBeVisible();

    await page.getByLabel('Body').fill('Hello {{nmae}}');
    await expect(page.getByText('This cannot be sent yet')).toBeVisible();
    await expect(page.getByText(/does not know \{\{nmae\}\}/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/does not know \{\{nmae\}\}/).nth(1)).toBeVisible();

    await page.getByLabel('Body').fill('Hello {{name}}, your parcel {{orderNumber}} left: {{link}}');
    await expect(page.getByText('This cannot be sent yet')).toBeHidden();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `../.tmp/screens/email-template-edit-${width}-${theme}.png`,
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template saved')).toBeVisible();
    await expect(page.getByText(/^Edited/)).toBeVisible();

    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page
      .getByRole('dialog', { name: 'Reset to the default words?' })
      .getByRole('button', { name: 'Reset' })
      .click();
    await expect(page.getByText('Back to the default words')).toBeVisible();
    await expect(subject).toHaveValue('{{title}} ({{siteName}})');
  });
}
