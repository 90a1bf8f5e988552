import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { apiLogin, loginInBrowser, registerFanByApi } from './support';

// Demo seed: the WELCOME10 coupon (10 % off, once per fan), luna.rivers (a creator with PPV posts)
// and zoe.martins (a fan with 100.00 who holds no subscription or purchase).
const zoe = { username: 'zoe.martins', password: 'fanpass123' };

async function logIn(page: Page, account: { username: string; password: string }) {
  await loginInBrowser(page, account.username, account.password);
  await page.waitForURL(/\/home$/);
}

async function balanceOf(request: APIRequestContext, account: { username: string; password: string }) {
  const token = await apiLogin(request, account.username, account.password);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  return (await me.json()).data.balance as number;
}

async function startTopUp(page: Page, amount: string, coupon?: string) {
  await page.goto('/user/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  if (coupon) {
    await page.getByLabel('Coupon').fill(coupon);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('10% off')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await page.waitForURL(/\/payment\/sandbox\/checkout\//);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a fan tops up 50 through the sandbox checkout with a 10 % coupon, pays 45 and sees 50 in the wallet', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'topup');
  await logIn(page, fan);
  await startTopUp(page, '50', 'WELCOME10');
  await expect(page.getByTestId('checkout-price')).toHaveText('$45.00');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment received')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$50.00');
  await expect(page.getByTestId('top-up-row').first()).toContainText('paid');
  expect(await balanceOf(request, fan)).toBe(50);
});

test('a declined card credits nothing', async ({ page, request }) => {
  const fan = await registerFanByApi(request, 'declined');
  await logIn(page, fan);
  await startTopUp(page, '20');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'The card was declined.' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await page.waitForURL(/\/user\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  expect(await balanceOf(request, fan)).toBe(0);
});

test('a fan unlocks a PPV post and sees its media, then tips the creator', async ({ page, request }) => {
  const posts = await request.get('/api/user/feeds/search/luna.rivers?limit=50', {
    headers: { authorization: `Bearer ${await apiLogin(request, zoe.username, zoe.password)}` },
  });
  const post = (
    (await posts.json()).data as {
      _id: string;
      isSale: boolean;
      price: number;
      type: string;
      isLocked?: boolean;
    }[]
  ).find((p) => p.isSale && p.price > 0 && p.type === 'photo');
  expect(post, 'the demo seed has a PPV photo post').toBeTruthy();
  const before = await balanceOf(request, zoe);

  await logIn(page, zoe);
  await page.goto(`/post/${post!._id}`);
  await page.getByRole('button', { name: /^Unlock for / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('unlock-balance')).toBeVisible();
  await dialog.getByRole('button', { name: /^Unlock for / }).click();
  await expect(page.getByText('Unlocked: enjoy this post.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Unlock for / })).toHaveCount(0);
  await expect(page.locator('img[src*="/api/files/private/"]').first()).toBeVisible();
  expect(await balanceOf(request, zoe)).toBeCloseTo(before - post!.price, 2);

  await page.goto('/luna.rivers');
  await page.getByRole('button', { name: 'Send a tip', exact: true }).click();
  const tip = page.getByRole('dialog');
  await tip.getByLabel('Amount').fill('10');
  await tip.getByRole('button', { name: 'Send $10.00' }).click();
  await expect(page.getByText(/You tipped .* \$10\.00\. Thank you!/)).toBeVisible();
  expect(await balanceOf(request, zoe)).toBeCloseTo(before - post!.price - 10, 2);
});
