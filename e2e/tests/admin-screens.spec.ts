import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { adminLogin, adminToken, apiLogin, loginInBrowser, registerCreatorByApi } from './support';

/*
 * Every admin screen, at phone and desktop width, light and dark: its heading shows, no error page
 * or error toast, nothing wider than the window. Screenshots go to .tmp/screens/admin-console for a
 * person to look at. Then the pages screen does its real work: a page written and published here is
 * read at its public address.
 */

const shots = '../.tmp/screens/admin-console';
mkdirSync(shots, { recursive: true });

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const theme = (page: Page, value: 'light' | 'dark') =>
  page.context().addCookies([{ name: 'theme', value, domain: '127.0.0.1', path: '/' }]);

/** The admin screens of routes.ts with the heading each shows; `user` is filled in with a real account. */
const screens: { path: string; heading: RegExp | string; tab?: string }[] = [
  { path: '/admin', heading: 'Dashboard' },
  { path: '/admin/settings', heading: 'Site settings' },
  { path: '/admin/outbox', heading: 'Email outbox' },
  { path: '/admin/email-templates', heading: 'Email templates' },
  { path: '/admin/email-templates/notification.order.shipped', heading: /./ },
  { path: '/admin/users', heading: 'Users' },
  { path: '/admin/users/{user}', heading: /./ },
  { path: '/admin/subscriptions', heading: 'Subscriptions' },
  { path: '/admin/audit', heading: 'Audit log' },
  { path: '/admin/creators', heading: 'Creators' },
  // The verified creators, each with its commission editor.
  { path: '/admin/creators', heading: 'Creators', tab: 'Verified' },
  { path: '/admin/payouts', heading: 'Payout requests' },
  { path: '/admin/packages', heading: 'Token packages' },
  { path: '/admin/coupons', heading: 'Coupons' },
  { path: '/admin/orders', heading: 'Orders' },
  { path: '/admin/ledger', heading: 'Ledger' },
  // Each earning with its commission rate.
  { path: '/admin/ledger', heading: 'Ledger', tab: 'Earnings' },
  { path: '/admin/reports', heading: 'Reports' },
  { path: '/admin/contact', heading: 'Contact messages' },
  { path: '/admin/pages', heading: 'Pages' },
  { path: '/admin/promos', heading: 'Promos' },
];

let userId = '';

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const users = await request.get('/api/admin/users/search?role=performer&limit=1', { headers });
  expect(users.status(), await users.text()).toBe(200);
  userId = (await users.json()).data[0]._id;
  // A draft page and a scheduled promo, so both new lists have rows with their badges.
  const page = await request.post('/api/admin/posts', {
    headers,
    data: { title: 'Frequently asked questions about subscriptions', status: 'draft' },
  });
  expect([200, 409]).toContain(page.status());
  const promo = await request.post('/api/admin/site-promos', {
    headers,
    data: {
      title: 'Winter festival: every creator live for a week',
      linkUrl: '/explore',
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  expect(promo.status(), await promo.text()).toBe(200);
});

// Phone width in the light theme and desktop in the dark one: each width and each theme is seen once.
// Layout only (the engine does not matter): tagged @layout, run in the embedded pass only.
for (const [width, colorScheme] of [
  [390, 'light'],
  [1280, 'dark'],
] as const) {
  test(`at ${width} px (${colorScheme}) every admin screen shows its heading, no error and no overflow`, {
    tag: '@layout',
  }, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await theme(page, colorScheme);
    await loginInBrowser(page, adminLogin.username, adminLogin.password);
    const problems: string[] = [];
    for (const screen of screens) {
      const path = screen.path.replace('{user}', userId);
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
      if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
      // The lists have loaded: no request is running and no skeleton is left.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (await page.getByRole('heading', { name: /something went wrong|page not found/i }).count()) {
        problems.push(`${path}: error page`);
      }
      const toasts = await page.locator('.mantine-Notification-root').allInnerTexts();
      if (toasts.length > 0) problems.push(`${path}: toast ${toasts.join(' / ')}`);
      const cutBadges = await page
        .locator('.mantine-Badge-label')
        .evaluateAll((labels) =>
          labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
        );
      if (cutBadges.length > 0) problems.push(`${path}: badges cut short: ${cutBadges.join(', ')}`);
      const overflow = await overflowOf(page);
      if (overflow > 1) problems.push(`${path}: ${overflow}px wider than the window`);
      const name = `${path === '/admin' ? 'dashboard' : path.slice(7).replace(/\//g, '-').replace(userId, 'one')}${screen.tab ? `-${screen.tab.toLowerCase()}` : ''}`;
      await page.screenshot({ path: `${shots}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  });
}

test('an admin writes a page, publishes it and reads it at its public address; the audit log has it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await theme(page, 'light');
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  const slug = `house-rules-${Date.now().toString(36)}`;

  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title').fill('House rules');
  await dialog.getByLabel('Slug').fill('Not a slug!');
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(dialog.getByText('The slug may hold only letters, digits and single dashes.')).toBeVisible();
  await dialog.getByLabel('Slug').fill(slug);
  const body = dialog.getByLabel('Body');
  await body.fill('Be kind to creators. <script>alert(1)</script>');
  await body.selectText();
  await dialog.getByRole('button', { name: 'Paragraph' }).click();
  await expect(body).toHaveValue('<p>Be kind to creators. <script>alert(1)</script></p>');
  await dialog.getByText('Published', { exact: true }).click();
  expect(await overflowOf(page)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${shots}/pages-form-390-light.png` });
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByText('Page created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('admin-page-row').filter({ hasText: 'House rules' });
  await expect(row).toContainText('published');
  await expect(row).toContainText(`/page/${slug}`);
  await page.screenshot({ path: `${shots}/pages-after-create-390-light.png`, fullPage: true });

  await page.goto(`/page/${slug}`);
  await expect(page.getByRole('heading', { name: 'House rules', level: 1 })).toBeVisible();
  await expect(page.getByText('Be kind to creators.')).toBeVisible();
  expect(await page.locator('main script, article script').count()).toBe(0);
  expect(await page.content()).not.toContain('alert(1)');
  expect(await overflowOf(page)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${shots}/public-page-390-light.png`, fullPage: true });

  // Back to draft: the public address says "not found"; then deleted with a confirmation.
  await page.goto('/admin/pages');
  await row.getByRole('button', { name: 'Edit House rules' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit House rules' });
  await edit.getByText('Draft (only admins)').click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('draft');
  expect((await page.request.get(`/page/${slug}`)).status()).toBe(404);

  await row.getByRole('button', { name: 'Delete House rules' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete page' });
  await expect(confirm).toContainText(`/page/${slug}`);
  await confirm.getByRole('button', { name: 'Delete page' }).click();
  await expect(page.getByText('House rules was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/admin/audit');
  // (The action filter holds the same words, hidden until opened.)
  await expect(
    page.getByText('Page created', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(
    page.getByText('Page deleted', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
});

test('an admin creates a promo with dates, sees it scheduled, and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await theme(page, 'light');
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/promos');
  await page.getByRole('button', { name: 'New promo' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo' });
  await dialog.getByLabel('Title').fill('Spring sale');
  await dialog.getByLabel('Link').fill('/explore');
  await dialog.getByLabel('Starts').fill('2099-03-01T10:00');
  await dialog.getByLabel('Ends').fill('2099-02-01T10:00');
  await dialog.getByRole('button', { name: 'Create promo' }).click();
  await expect(dialog.getByText('The end must be after the start.')).toBeVisible();
  await dialog.getByLabel('Ends').fill('2099-04-01T10:00');
  await dialog.getByRole('button', { name: 'Create promo' }).click();
  await expect(page.getByText('Promo created')).toBeVisible();
  const row = page.getByTestId('admin-promo-row').filter({ hasText: 'Spring sale' });
  await expect(row).toContainText('scheduled');
  await expect(row).toContainText('Mar 1, 2099 10:00 – Apr 1, 2099 10:00');
  await row.getByRole('button', { name: 'Delete Spring sale' }).click();
  await page
    .getByRole('dialog', { name: 'Delete promo' })
    .getByRole('button', { name: 'Delete promo' })
    .click();
  await expect(row).toHaveCount(0);
});

test('at phone width a creator’s scheduled post keeps its badge whole', async ({ page, request }) => {
  const creator = await registerCreatorByApi(request);
  const token = await apiLogin(request, creator.username, creator.password);
  const text = `Coming soon ${Date.now().toString(36)}`;
  const made = await request.post('/api/performer/feeds', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 'text',
      text,
      isSale: true,
      price: 12.5,
      scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 900 });
  await loginInBrowser(page, creator.username, creator.password);
  await page.goto('/creator/posts');
  const post = page.getByRole('article').filter({ hasText: text });
  const badge = post.getByLabel('Scheduled');
  await expect(badge).toBeVisible();
  // Nothing in the post's header is cut: every badge shows all its content.
  const cut = await post
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(cut).toEqual([]);
  // The creator's long name ends before the badges start (it is cut with "…", not run under them).
  const nameBox = await post.getByText(creator.name, { exact: true }).boundingBox();
  const badgeBox = await badge.boundingBox();
  expect((nameBox?.x ?? 0) + (nameBox?.width ?? 0)).toBeLessThanOrEqual(badgeBox?.x ?? 0);
  expect(await overflowOf(page)).toBeLessThanOrEqual(1);
  await post.screenshot({ path: `${shots}/creator-scheduled-post-390-light.png` });
});
