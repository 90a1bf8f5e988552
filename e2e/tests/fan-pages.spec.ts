import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { adminLogin, adminToken, apiLogin, loginInBrowser } from './support';

// Demo accounts from the seed: luna.rivers is a creator; ava.thompson subscribes to her;
// zoe.martins holds nothing (no subscription, no purchase).
const ava = { username: 'ava.thompson', password: 'fanpass123' };
const zoe = { username: 'zoe.martins', password: 'fanpass123' };

interface PostCard {
  _id: string;
  text: string;
  isSale: boolean;
  price: number;
}

/** Luna's post that is free for every logged-in fan, so two fans who hold nothing both see it. */
async function freeForFansPost(request: APIRequestContext): Promise<PostCard> {
  // Read as a fan: a visitor gets every post locked, without its text.
  const token = await apiLogin(request, zoe.username, zoe.password);
  const res = await request.get('/api/user/feeds/search/luna.rivers?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const posts = (await res.json()).data as PostCard[];
  const post = posts.find((p) => p.isSale && p.price === 0);
  expect(post, 'the demo seed has a free-for-fans post').toBeTruthy();
  return post as PostCard;
}

async function logIn(page: Page, account: { username: string; password: string }) {
  await loginInBrowser(page, account.username, account.password);
  await page.waitForURL(/\/home$/);
}

test('a fan comments on a post and replies; another fan sees both; the first deletes their comment', async ({
  page,
  browser,
  request,
}) => {
  const post = await freeForFansPost(request);
  const stamp = Date.now().toString(36);
  const comment = `Love this one ${stamp}`;
  const reply = `And the second verse ${stamp}`;

  await logIn(page, ava);
  await page.goto(`/post/${post._id}`);
  await page.getByLabel('Write a comment').fill(comment);
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide comments' })).toContainText('1');

  await page.getByRole('button', { name: 'Reply', exact: true }).first().click();
  await page.getByLabel('Write a reply').fill(reply);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(reply)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide comments' })).toContainText('2');

  // Another fan sees the comment, opens its replies, and may delete neither.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, zoe);
  await otherPage.goto(`/post/${post._id}`);
  await expect(otherPage.getByText(comment)).toBeVisible();
  await otherPage.getByRole('button', { name: 'View 1 reply' }).click();
  await expect(otherPage.getByText(reply)).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  await other.close();

  // The author deletes their comment; its reply goes with it, for good.
  await page.getByRole('button', { name: 'Delete comment' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No comments yet')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
});

test('a fan bookmarks a post and finds it on the bookmarks page', async ({ page, request }) => {
  const post = await freeForFansPost(request);
  await logIn(page, ava);
  await page.goto(`/post/${post._id}`);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/reactions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Open the account menu' }).click();
  await page.getByRole('menuitem', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/user\/bookmarks$/);
  const link = page.getByRole('link', {
    name: new RegExp(post.text.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}$`));
});

test('a locked gallery shows its lock and price, and the page holds no photo URL', async ({
  page,
  request,
}) => {
  const luna = (await (await request.get('/api/performers/luna.rivers')).json()).data as { _id: string };
  const token = await apiLogin(request, zoe.username, zoe.password);
  const res = await request.get(`/api/performer-assets/galleries/search?performerId=${luna._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const galleries = (await res.json()).data as {
    _id: string;
    isSale: boolean;
    price: number;
    isLocked: boolean;
  }[];
  const gallery = galleries.find((g) => g.isSale && g.price > 0 && g.isLocked);
  expect(gallery, 'the demo seed has a paid gallery').toBeTruthy();

  const mediaRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/files/private/')) mediaRequests.push(r.url());
  });
  await logIn(page, zoe);
  await page.goto(`/gallery/${gallery?._id}`);
  await expect(page.getByRole('button', { name: /Unlock for \$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Open photo/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain('/api/files/private/');
  // The unlock dialog asks first (price and balance); nothing is bought or loaded by opening it.
  await page.getByRole('button', { name: /Unlock for \$/ }).click();
  await expect(page.getByRole('dialog').getByTestId('unlock-balance')).toBeVisible();
  expect(mediaRequests).toEqual([]);
});

test("a visitor opens the creator page's photos, videos and shop tabs, each downloaded when opened", async ({
  page,
  request,
}) => {
  const luna = (await (await request.get('/api/performers/luna.rivers')).json()).data as { _id: string };
  const titlesOf = async (kind: 'galleries' | 'videos' | 'products') => {
    const res = await request.get(`/api/performer-assets/${kind}/search?performerId=${luna._id}&limit=50`);
    expect(res.status()).toBe(200);
    const titles = ((await res.json()).data as { title?: string; name?: string }[]).map(
      (a) => a.title ?? a.name ?? '',
    );
    return titles;
  };
  // The browser journeys seed the demo without videos (SEED_DEMO_VIDEOS=false in e2e/run.mjs); a tab with
  // nothing in it says so.
  const tabs = [
    { tab: 'Photos', titles: await titlesOf('galleries'), none: 'No photos yet' },
    { tab: 'Videos', titles: await titlesOf('videos'), none: 'No videos yet' },
    { tab: 'Shop', titles: await titlesOf('products'), none: 'No products yet' },
  ];
  expect(tabs[0]?.titles.length, 'the demo seed gives luna.rivers galleries').toBeGreaterThan(0);
  expect(tabs[2]?.titles.length, 'the demo seed gives luna.rivers products').toBeGreaterThan(0);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/luna.rivers');
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  const atFirst = scripts.length;
  for (const { tab, titles, none } of tabs) {
    // One click, whenever it lands: the tabs are links to their own address (`?tab=photos`), so a click
    // on their server HTML before their code has run opens the page on that tab.
    const button = page.getByRole('tab', { name: tab });
    await button.click();
    await expect(button).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/luna\\.rivers\\?tab=${tab.toLowerCase()}$`));
    if (titles.length === 0) await expect(page.getByText(none)).toBeVisible();
    for (const title of titles) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  }
  // The grids' code came after the first load, when the tabs were opened.
  expect(scripts.length).toBeGreaterThan(atFirst);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/luna\.rivers$/);
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  // An address with a tab opens on it, and the browser's reload keeps it.
  await page.goto('/luna.rivers?tab=shop');
  await expect(page.getByRole('tab', { name: 'Shop' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(tabs[2]!.titles[0]!, { exact: true }).first()).toBeVisible();
});

test('a click on a creator page tab before any script has run opens that tab', async ({ browser }) => {
  // What a person gets who clicks while the page's code is still on its way: the server's HTML alone.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/luna.rivers');
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page).toHaveURL(/\/luna\.rivers\?tab=photos$/);
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'false');
  await context.close();
});

test('a fan reports a post and the report reaches the admin queue', async ({ page, request }) => {
  const post = await freeForFansPost(request);
  await logIn(page, zoe);
  await page.goto(`/post/${post._id}`);
  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByLabel('Spam or scam').check();
  await dialog.getByLabel('Details').fill('Looks like a fake giveaway.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will review your report.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const admin = await adminToken(request);
  const queue = await request.get('/api/admin/reports?status=open&limit=100', {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(queue.status()).toBe(200);
  const reports = (await queue.json()).data as { targetId: string; category: string; description: string }[];
  expect(reports).toContainEqual(
    expect.objectContaining({
      targetId: post._id,
      category: 'spam',
      description: 'Looks like a fake giveaway.',
    }),
  );

  // The admin's queue in the browser: by reason, with a link to the post; dismissing closes it.
  const adminPage = await page.context().browser()!.newPage();
  try {
    await loginInBrowser(adminPage, adminLogin.username, adminLogin.password);
    await adminPage.goto('/admin/reports');
    await adminPage.getByRole('combobox', { name: 'Reason' }).click();
    await adminPage.getByRole('option', { name: 'Spam or scam' }).click();
    const row = adminPage.getByTestId('report-row').filter({ hasText: 'Looks like a fake giveaway.' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: /Open the post/ })).toHaveAttribute(
      'href',
      `/post/${post._id}`,
    );
    await adminPage.screenshot({ path: '../.tmp/screens/admin-reports-1280.png' });
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Resolve this report' });
    await dialog.getByLabel('Dismiss').check();
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(adminPage.getByText('Report dismissed.')).toBeVisible();
    await expect(row).toBeHidden();
  } finally {
    await adminPage.close();
  }
});

test('a visitor writes to the team from the footer: empty fields are named, the message is mailed to the admin', async ({
  page,
  request,
}) => {
  await page.goto('/explore');
  // Once the results have replaced their skeletons: until then the footer moves as they arrive, and a
  // click aimed at the link where it was lands beside it.
  await expect(page.getByText(/^\d+ creators?$/)).toBeVisible();
  await page.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please write your message.')).toBeVisible();

  const email = `visitor-${Date.now()}@example.test`;
  await page.getByLabel('Your name').fill('Curious Visitor');
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Message').fill('Do creators here do custom videos?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your message is sent' })).toBeVisible();

  const outbox = await request.get('/api/admin/outbox', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const mail = ((await outbox.json()).data as { subject: string; text: string }[]).find((m) =>
    m.text.includes(email),
  );
  expect(mail?.text).toContain('Do creators here do custom videos?');
});
