import { expect, test } from './fixtures';
import { adminLogin, loginInBrowser, pngOf, uniqueAccount } from './support';

test('an admin reviews a new creator: opens the ID document full size from the pending list, then verifies', async ({
  page,
  request,
}) => {
  const account = uniqueAccount('doc');
  const res = await request.post('/api/auth/performers/register', {
    multipart: {
      name: account.name,
      username: account.username,
      email: account.email,
      password: account.password,
      dateOfBirth: '1991-02-03',
      country: 'FR',
      idVerification: { name: 'id.png', mimeType: 'image/png', buffer: await pngOf('#a33c3c', 900, 600) },
      documentVerification: { name: 'selfie.png', mimeType: 'image/png', buffer: await pngOf('#3c7ba3') },
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/creators');
  const open = page.getByRole('button', { name: `Open ID document of ${account.name} full size` });
  await expect(open).toBeVisible();
  await open.click();
  const dialog = page.getByRole('dialog', { name: `ID document of ${account.name}` });
  const image = dialog.getByRole('img', { name: `ID document of ${account.name}` });
  await expect(image).toBeVisible();
  // The full picture, through a signed address, loaded (not a broken image).
  const loaded = await image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((done) => img.addEventListener('load', done, { once: true }));
    return { width: img.naturalWidth, src: img.src };
  });
  expect(loaded.width).toBeGreaterThan(0);
  expect(loaded.src).toMatch(/\/api\/files\/private\/.+\?exp=\d+&sig=/);
  await page.screenshot({ path: '../.tmp/screens/admin-document-1280.png' });
  await page.keyboard.press('Escape');

  const row = page
    .locator('div', { has: open })
    .filter({ has: page.getByRole('button', { name: 'Verify' }) })
    .last();
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${account.name} is verified.`)).toBeVisible();
});
