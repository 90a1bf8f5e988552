import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, loginInBrowser } from './support';

// Demo accounts from the seed: luna.rivers is a creator; ava.thompson subscribes to her; zoe.martins holds nothing.
const creator = { username: 'luna.rivers', password: 'creatorpass123' };

const image = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

test('a creator publishes a pay-per-view photo set; fans see it locked with no usable media URL, the creator sees it', async ({
  page,
  request,
}) => {
  const caption = `E2E photo set ${Date.now().toString(36)}`;
  await loginInBrowser(page, creator.username, creator.password);
  await page.waitForURL(/\/luna\.rivers$/);
  await page.goto('/creator/posts/new');
  await page.getByLabel('Text').fill(caption);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await image('#e4572e') },
      { name: 'two.png', mimeType: 'image/png', buffer: await image('#29335c') },
    ]);
  await page.getByText('Pay per view').click();
  await page.getByLabel('Price').fill('6.50');
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeEnabled({ timeout: 30_000 });
  await publish.click();
  await expect(page.getByText('Your post is published')).toBeVisible();
  await expect(page).toHaveURL(/\/luna\.rivers$/);
  await expect(page.getByText(caption)).toBeVisible();

  const postsFor = async (token?: string) => {
    const res = await request.get('/api/user/feeds/search/luna.rivers?limit=50', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status()).toBe(200);
    const body = await res.json();
    const post = body.data.find((p: { text: string }) => p.text === caption);
    expect(post).toBeTruthy();
    return { post, raw: JSON.stringify(post) };
  };

  // A visitor and an unsubscribed fan: locked, previews only.
  for (const token of [undefined, await apiLogin(request, 'zoe.martins', 'fanpass123')]) {
    const { post, raw } = await postsFor(token);
    expect(post.isLocked).toBe(true);
    expect(post.files).toHaveLength(2);
    expect(raw).not.toContain('/api/files/private/');
  }
  // A subscriber still pays for a pay-per-view post.
  const subscriber = await postsFor(await apiLogin(request, 'ava.thompson', 'fanpass123'));
  expect(subscriber.post.isLocked).toBe(true);
  expect(subscriber.raw).not.toContain('/api/files/private/');

  // The creator sees signed URLs that work, and stop working when altered.
  const own = await postsFor(await apiLogin(request, creator.username, creator.password));
  expect(own.post.canView).toBe(true);
  const url = own.raw.match(/\/api\/files\/private\/[^"]+/)?.[0] as string;
  expect(url).toBeTruthy();
  const ok = await request.get(url.replaceAll('\\u0026', '&'));
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toContain('image/webp');
  // Flip the signature's first character to a different one (it may already be an "A").
  const tampered = await request.get(
    url.replaceAll('\\u0026', '&').replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
  );
  expect(tampered.status()).toBe(403);
});

test('the locked post in the browser shows a blurred preview and an unlock button, no media request', async ({
  page,
}) => {
  const privateRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/files/private/')) privateRequests.push(r.url());
  });
  await loginInBrowser(page, 'zoe.martins', 'fanpass123');
  await page.waitForURL(/\/home$/);
  await page.goto('/luna.rivers');
  await expect(page.getByText(/unlock this post for \$|subscribe/i).first()).toBeVisible();
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  expect(privateRequests).toEqual([]);
});
