import sharp from 'sharp';
import { expect, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser, registerFanByApi } from './support';

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

  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const postsFor = async (token?: string, id?: string) => {
    const res = await request.get('/api/user/feeds/search/luna.rivers?limit=50', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status()).toBe(200);
    const body = await res.json();
    // Only the creator sees the caption of a locked post: the others find it by its id.
    const post = body.data.find((p: { _id: string; text: string }) =>
      id ? p._id === id : p.text === caption,
    );
    expect(post).toBeTruthy();
    return { post, raw: JSON.stringify(post) };
  };
  const postId = (await postsFor(creatorToken)).post._id as string;

  // A visitor and an unsubscribed fan: locked, previews only.
  for (const token of [undefined, await apiLogin(request, 'zoe.martins', 'fanpass123')]) {
    const { post, raw } = await postsFor(token, postId);
    expect(post.isLocked).toBe(true);
    expect(raw).not.toContain(caption);
    expect(post.files).toHaveLength(2);
    expect(raw).not.toContain('/api/files/private/');
  }
  // A subscriber still pays for a pay-per-view post.
  const subscriber = await postsFor(await apiLogin(request, 'ava.thompson', 'fanpass123'), postId);
  expect(subscriber.post.isLocked).toBe(true);
  expect(subscriber.raw).not.toContain('/api/files/private/');

  // The creator sees signed URLs that work, and stop working when altered.
  const own = await postsFor(creatorToken);
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

test('a fan unlocks a pay-per-view text post, reads it, and Back shows it unlocked, not an old locked copy', async ({
  page,
  request,
  baseURL,
}) => {
  const secret = `The whole story ${Date.now().toString(36)}: it was the lighthouse keeper.`;
  const teaser = 'Who rang the bell at midnight?';
  const creatorToken = await apiLogin(request, creator.username, creator.password);
  const created = await request.post('/api/performer/feeds', {
    data: { type: 'text', text: secret, previewText: teaser, isSale: true, price: 3 },
    headers: { authorization: `Bearer ${creatorToken}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data._id as string;

  // The server-rendered page of a visitor: the public line only, nowhere the text (body, meta, og).
  const anonymous = await fetch(`${baseURL}/post/${id}`);
  const anonymousHtml = await anonymous.text();
  expect(anonymous.status).toBe(200);
  expect(anonymousHtml).toContain(teaser);
  expect(anonymousHtml).not.toContain(secret);
  expect(anonymous.headers.get('cache-control')).toBe('no-cache');

  const fan = await registerFanByApi(request, 'reader');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const me = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } })).json()
  ).data as { _id: string };
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: me._id, amount: 10, reason: 'e2e unlock' },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);

  // With the fan's session cookie: still locked, and never kept by the browser.
  const personal = await fetch(`${baseURL}/post/${id}`, { headers: { cookie: `token=${fanToken}` } });
  const personalHtml = await personal.text();
  expect(personal.headers.get('cache-control')).toBe('private, no-store');
  expect(personalHtml).toContain(teaser);
  expect(personalHtml).not.toContain(secret);

  await loginInBrowser(page, fan.username, fan.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.goto(`/post/${id}`);
  const locked = page.getByRole('region', { name: 'Locked post' });
  await expect(locked).toBeVisible();
  await expect(page.getByText(teaser)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await locked.getByRole('button', { name: 'Unlock for $3.00' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock for $3.00' }).click();
  await expect(page.getByText(secret)).toBeVisible();
  await expect(locked).toHaveCount(0);

  await page.goto('/luna.rivers');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(page.getByText(secret)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Locked post' })).toHaveCount(0);
});
