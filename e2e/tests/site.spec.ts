import sharp from 'sharp';
import { expect, test } from './fixtures';
import { adminLogin, loginInBrowser, registerFanByApi, setSettings, uniqueAccount } from './support';

test('a creator signs up with identity documents, with upload progress', async ({ page }) => {
  const account = uniqueAccount('maker');
  await page.goto('/auth/creator-register');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel(/date of birth/i).fill('1990-04-12');
  const country = page.getByLabel(/country/i).first();
  await country.click();
  await country.fill('Germany');
  await page
    .getByRole('option', { name: /germany/i })
    .first()
    .click();
  // A real image for both document slots.
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#4a6fa5' } })
    .png()
    .toBuffer();
  const inputs = page.locator('input[type="file"]');
  // A filled slot turns into a preview, so the next empty slot's input is always the first one left.
  await inputs.first().setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('button', { name: /remove/i })).toHaveCount(1);
  await inputs.first().setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('button', { name: /remove/i })).toHaveCount(2);
  await page.getByRole('button', { name: 'Create creator account' }).click();
  // Signed up and logged in: the new creator lands on their own page (hidden from others until verified).
  await expect(page).toHaveURL(new RegExp(`/${account.username}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: account.name })).toBeVisible();
});

test('maintenance mode shows the maintenance page to everyone but admins, also server-rendered', async ({
  page,
  request,
  browser,
}) => {
  const fan = await registerFanByApi(request, 'mm');
  await setSettings(request, {
    maintenanceMode: true,
    maintenanceMessage: 'Back in ten minutes, we are tuning things.',
  });
  try {
    const html = await (await request.get('/explore')).text();
    expect(html).toContain('Back in ten minutes, we are tuning things.');

    await loginInBrowser(page, fan.username, fan.password);
    await page.waitForURL(/\/home$/);
    await page.goto('/home');
    await expect(page.getByText('Back in ten minutes, we are tuning things.')).toBeVisible();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await loginInBrowser(adminPage, adminLogin.username, adminLogin.password);
    await adminPage.goto('/admin/settings');
    await expect(adminPage.getByText('Back in ten minutes, we are tuning things.')).toHaveCount(0);
    await adminContext.close();
  } finally {
    await setSettings(request, { maintenanceMode: false });
  }
  await page.goto('/home');
  await expect(page.getByText('Back in ten minutes, we are tuning things.')).toHaveCount(0);
});

test('the dark theme is rendered by the server, with no flash, and the toggle remembers the choice', async ({
  page,
  request,
}) => {
  const dark = await request.get('/auth/login', { headers: { cookie: 'theme=dark' } });
  expect(await dark.text()).toMatch(/<html[^>]*data-mantine-color-scheme="dark"/);
  const light = await request.get('/auth/login');
  expect(await light.text()).toMatch(/<html[^>]*data-mantine-color-scheme="light"/);

  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page
    .getByRole('button', { name: /dark|theme/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('a creator page is server-rendered with its title and share tags', async ({ request }) => {
  const res = await request.get('/luna.rivers');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<title>[^<]*Luna[^<]*<\/title>/);
  expect(html).toMatch(/<meta property="og:title"/);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
});

test('an unknown page answers 404 with a friendly page', async ({ page }) => {
  const res = await page.goto('/this/page/does/not/exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading').first()).toBeVisible();
});

test('countries load with flags that render', async ({ request }) => {
  const res = await request.get('/api/countries/list');
  const { data } = await res.json();
  expect(data.length).toBeGreaterThan(240);
  const de = data.find((c: { code: string }) => c.code === 'DE');
  const flag = await request.get(de.flag);
  expect(flag.status()).toBe(200);
  expect(flag.headers()['content-type']).toContain('image/svg+xml');
});
