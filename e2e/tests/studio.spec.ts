import sharp from 'sharp';
import { expect, test } from './fixtures';
import { loginInBrowser, smallMp4 } from './support';

// luna.rivers is a demo creator from the seed.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };

const png = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();

test('a creator makes a gallery with two photos, uploads a video and follows its status, and opens a shop product', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  await loginInBrowser(page, creator.username, creator.password);
  await page.waitForURL(/\/luna\.rivers$/);

  // Gallery: create it in the modal, land on its page, drop two photos in.
  await page.goto('/creator/galleries');
  await page.getByRole('button', { name: 'New gallery' }).first().click();
  const galleryTitle = `E2E gallery ${stamp}`;
  await page.getByRole('dialog').getByLabel('Title').fill(galleryTitle);
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page).toHaveURL(/\/creator\/galleries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: galleryTitle })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await png('#e4572e') },
      { name: 'second.png', mimeType: 'image/png', buffer: await png('#29335c') },
    ]);
  await expect(page.getByText('2 of 2 uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('studio-photo')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'first' })).toBeVisible();
  await expect(page.getByText('Cover', { exact: true })).toBeVisible();
  await expect(page.getByText('2 photos')).toBeVisible();

  // The gallery list shows it with its photo count.
  await page.getByRole('link', { name: 'My galleries' }).click();
  const card = page.getByTestId('studio-gallery').filter({ hasText: galleryTitle });
  await expect(card).toContainText('2 photos');

  // Video: upload a small clip with its fields; it shows a status, and becomes active once processed.
  await page.goto('/creator/videos');
  await page.getByRole('button', { name: 'Upload a video' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: smallMp4() });
  const videoTitle = `E2E video ${stamp}`;
  await dialog.getByLabel('Title').fill(videoTitle);
  await dialog.getByText('Pay per view').click();
  await dialog.getByLabel('Price').fill('3.50');
  await dialog.getByRole('button', { name: 'Upload video' }).click();
  await expect(page.getByText('Video uploaded: it is being processed')).toBeVisible({ timeout: 30_000 });
  const videoCard = page.getByTestId('studio-video').filter({ hasText: videoTitle });
  await expect(videoCard.getByTestId('video-status')).toHaveText(/Processing|Active/);
  await expect(videoCard).toContainText('$3.50');
  await expect(videoCard.getByTestId('video-status')).toHaveText('Active', { timeout: 90_000 });

  // Product: a physical one with its stock.
  await page.goto('/creator/products');
  await page.getByRole('link', { name: 'New product' }).first().click();
  const productName = `E2E poster ${stamp}`;
  await page.getByLabel('Name').fill(productName);
  await page.getByLabel('Price').fill('12');
  await page.getByLabel('Stock').fill('5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/products\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'My products' }).click();
  await expect(page.getByTestId('studio-product').filter({ hasText: productName })).toContainText(
    '$12.00 · 5 in stock',
  );
});
