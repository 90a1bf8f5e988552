import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './fixtures';
import { adminLogin, adminToken, apiLogin, loginInBrowser, smallMp4 } from './support';

// Demo accounts from the seed: luna.rivers is a creator; zoe.martins is a fan who holds nothing.
const luna = { username: 'luna.rivers', password: 'creatorpass123' };
const zoe = { username: 'zoe.martins', password: 'fanpass123' };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new post of Luna's that every logged-in fan may read (for sale at no price). */
async function freePostOfLuna(request: APIRequestContext, text: string): Promise<string> {
  const token = await apiLogin(request, luna.username, luna.password);
  const created = await request.post('/api/performer/feeds', {
    data: { type: 'text', text, isSale: true, price: 0 },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).data._id as string;
}

/** A new video of Luna's, uploaded and processed (fans and admins only see active videos). */
async function activeVideoOfLuna(request: APIRequestContext, title: string): Promise<string> {
  const token = await apiLogin(request, luna.username, luna.password);
  const uploaded = await request.post('/api/performer/performer-assets/videos/upload', {
    multipart: {
      title,
      isSale: 'true',
      price: '0',
      file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: smallMp4() },
    },
    headers: bearer(token),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const id = (await uploaded.json()).data._id as string;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/performer/performer-assets/videos/${id}/view`, {
          headers: bearer(token),
        });
        return (await res.json()).data?.status as string | undefined;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('active');
  return id;
}

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A browser of its own, logged in. */
async function browserOf(page: Page, account: { username: string; password: string }) {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await loginInBrowser(other, account.username, account.password);
  await other.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  return { context, page: other };
}

async function darkTheme(context: BrowserContext, page: Page) {
  await context.addCookies([{ name: 'theme', value: 'dark', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

test('a fan reports a post, the admin hides it with a reason: fans lose it, the creator sees why, the audit log keeps both', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const text = `Win a free phone ${stamp}, click the link in my bio`;
  const complaint = `Fake giveaway ${stamp}`;
  const reason = `Spam links to a fake giveaway ${stamp}`;
  const postId = await freePostOfLuna(request, text);

  // The fan reads the post and reports it.
  await loginInBrowser(page, zoe.username, zoe.password);
  await page.waitForURL(/\/home$/);
  await page.goto(`/post/${postId}`);
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this post' });
  await reportDialog.getByLabel('Spam or scam').check();
  await reportDialog.getByLabel('Details').fill(complaint);
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will review your report.')).toBeVisible();

  // The admin finds it in the queue with the post and its creator, and resolves it by hiding the post.
  const admin = await browserOf(page, adminLogin);
  try {
    await admin.page.goto('/admin/reports');
    const row = admin.page.getByTestId('report-row').filter({ hasText: complaint });
    await expect(row).toBeVisible();
    const item = row.getByTestId('reported-item');
    await expect(item.getByRole('link', { name: /Open the post/ })).toHaveAttribute(
      'href',
      `/post/${postId}`,
    );
    await expect(item.getByRole('link', { name: 'Luna Rivers' })).toHaveAttribute(
      'href',
      /^\/admin\/users\/[0-9a-f-]{36}$/,
    );
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Resolve this report' });
    await expect(dialog.getByLabel('Block for the creator')).toBeDisabled();
    await expect(dialog.getByText('Only for a reported comment')).toBeVisible();
    await dialog.getByLabel('Hide content').check();
    await expect(dialog.getByText('The owner is told this reason.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
    await dialog.getByLabel('Reason').fill(reason);
    await admin.page.screenshot({ path: '../.tmp/screens/moderation-resolve-dialog-1280.png' });

    // The same dialog in the dark theme at phone width, nothing sent yet.
    await admin.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await admin.page.setViewportSize({ width: 390, height: 800 });
    await darkTheme(admin.context, admin.page);
    await expect(row.getByTestId('reported-item')).toBeVisible();
    expect(await overflowOf(admin.page)).toBeLessThanOrEqual(0);
    await admin.page.screenshot({ path: '../.tmp/screens/moderation-report-row-dark-390.png' });
    await row.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByLabel('Hide content').check();
    await dialog.getByLabel('Reason').fill(reason);
    await admin.page.screenshot({ path: '../.tmp/screens/moderation-resolve-dialog-dark-390.png' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.page.getByText('Report resolved: the content is hidden.')).toBeVisible();
    await expect(row).toBeHidden();

    // Closed, it says what was done and why; the item is marked hidden.
    await admin.page
      .locator('label')
      .filter({ hasText: /^resolved$/ })
      .click();
    const closed = admin.page.getByTestId('report-row').filter({ hasText: complaint });
    await expect(closed.getByTestId('report-outcome')).toContainText(`Content hidden ${reason}`);
    await expect(closed.getByTestId('reported-item')).toContainText('Hidden');

    // The fan no longer finds the post: its page is not found, the creator's feed leaves it out.
    const gone = await page.goto(`/post/${postId}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    const fanToken = await apiLogin(request, zoe.username, zoe.password);
    const feed = await request.get('/api/user/feeds/search/luna.rivers?limit=100', {
      headers: bearer(fanToken),
    });
    expect(feed.status()).toBe(200);
    expect(((await feed.json()).data as { _id: string }[]).map((p) => p._id)).not.toContain(postId);
    await page.goto('/luna.rivers');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);

    // The creator still sees it, marked hidden by moderators with the reason.
    const creator = await browserOf(page, luna);
    try {
      await creator.page.goto(`/post/${postId}`);
      const notice = creator.page.getByTestId('hidden-notice');
      await expect(notice).toContainText('Hidden by moderators');
      await expect(notice).toContainText(`Fans cannot see this post. Reason: ${reason}`);
      await creator.page.screenshot({ path: '../.tmp/screens/moderation-hidden-post-light.png' });
      await darkTheme(creator.context, creator.page);
      await expect(creator.page.getByTestId('hidden-notice')).toBeVisible();
      await creator.page.screenshot({ path: '../.tmp/screens/moderation-hidden-post-dark.png' });
      await creator.page.setViewportSize({ width: 390, height: 800 });
      await creator.page.goto('/creator/posts');
      const mine = creator.page.getByRole('article').filter({ hasText: text });
      await expect(mine.getByTestId('hidden-notice')).toContainText(reason);
      await mine.scrollIntoViewIfNeeded();
      await creator.page.screenshot({ path: '../.tmp/screens/moderation-hidden-post-dark-390.png' });
    } finally {
      await creator.context.close();
    }

    // The audit log has both: the report resolved and the content hidden, with the reason.
    await admin.page.goto('/admin/audit');
    // At phone width the log is a list of cards.
    const entries = admin.page.getByTestId('audit-card').filter({ hasText: reason });
    await expect(entries.filter({ hasText: 'Content hidden' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Report resolved' })).toHaveCount(1);
  } finally {
    await admin.context.close();
  }
});

test('an admin hides a video from its page with a reason, fans lose it, then Show again brings it back', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const title = `E2E moderated video ${stamp}`;
  const reason = `Music without a licence ${stamp}`;
  const videoId = await activeVideoOfLuna(request, title);
  const fanToken = await apiLogin(request, zoe.username, zoe.password);
  const fanStatus = async () =>
    (await request.get(`/api/performer-assets/videos/${videoId}`, { headers: bearer(fanToken) })).status();
  expect(await fanStatus()).toBe(200);

  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Moderate' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeVisible();
  await page.screenshot({ path: '../.tmp/screens/moderation-video-menu-1280.png' });
  await page.getByRole('menuitem', { name: 'Hide…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this video?' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('The video is hidden from fans.')).toBeVisible();
  await expect(page.getByTestId('hidden-notice')).toContainText(reason);
  await page.screenshot({ path: '../.tmp/screens/moderation-hidden-video-admin-1280.png' });
  expect(await fanStatus()).toBe(404);

  // The creator's studio list marks it.
  const creator = await browserOf(page, luna);
  try {
    await creator.page.goto('/creator/videos');
    const card = creator.page.getByTestId('studio-video').filter({ hasText: title });
    await expect(card.getByTestId('hidden-reason')).toContainText(reason);
    await card.scrollIntoViewIfNeeded();
    await creator.page.screenshot({ path: '../.tmp/screens/moderation-hidden-video-card-light.png' });
  } finally {
    await creator.context.close();
  }

  await page.getByRole('button', { name: 'Moderate' }).click();
  await page.getByRole('menuitem', { name: 'Show again' }).click();
  await expect(page.getByText('Fans can see the video again.')).toBeVisible();
  await expect(page.getByTestId('hidden-notice')).toHaveCount(0);
  expect(await fanStatus()).toBe(200);

  const audit = await request.get(`/api/admin/audit-log?targetId=${videoId}`, {
    headers: bearer(await adminToken(request)),
  });
  expect(audit.status(), await audit.text()).toBe(200);
  expect(((await audit.json()).data as { action: string }[]).map((e) => e.action).sort()).toEqual([
    'content.hide',
    'content.unhide',
  ]);
});
