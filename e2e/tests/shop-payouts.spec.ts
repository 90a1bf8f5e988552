import { expect, test } from './fixtures';
import { adminLogin, adminToken, apiLogin, loginInBrowser, registerFanByApi } from './support';

const creatorLogin = { username: 'luna.rivers', password: 'creatorpass123' };

test('a fan buys a physical product with a new address, the creator ships it and is paid out after review', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Money and goods through the API: a fan with a balance, a product, and a tip that gives the creator earnings.
  const fan = await registerFanByApi(request, 'shopper');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const fanId = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } })).json()
  ).data._id as string;
  const admin = await adminToken(request);
  const credit = await request.post('/api/admin/wallet/credit', {
    data: { userId: fanId, amount: 200, reason: 'e2e shop' },
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);
  const creatorToken = await apiLogin(request, creatorLogin.username, creatorLogin.password);
  const productName = `E2E Poster ${Date.now().toString(36)}`;
  const created = await request.post('/api/performer/performer-assets/products', {
    data: {
      name: productName,
      description: 'A signed poster.',
      type: 'physical',
      price: 20,
      stock: 3,
      status: 'active',
    },
    headers: { authorization: `Bearer ${creatorToken}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const productId = (await created.json()).data._id as string;
  const creatorId = (await created.json()).data.performerId as string;
  const tip = await request.post(`/api/wallet/charges/tip/${creatorId}`, {
    data: { amount: 100 },
    headers: { authorization: `Bearer ${fanToken}`, 'idempotency-key': `e2e-tip-${productId}` },
  });
  expect(tip.status(), await tip.text()).toBe(200);

  // The fan buys 2 with a new address from the checkout and sees the order.
  const fanPage = await (await browser.newContext()).newPage();
  await loginInBrowser(fanPage, fan.username, fan.password);
  await expect(fanPage).toHaveURL(/\/home/);
  await fanPage.goto(`/product/${productId}`);
  await fanPage.getByRole('button', { name: 'Buy' }).click();
  const checkout = fanPage.getByRole('dialog', { name: `Buy ${productName}` });
  await expect(checkout).toBeVisible();
  await checkout.getByLabel('Quantity').fill('2');
  await checkout.getByRole('button', { name: 'New address' }).click();
  const addressForm = fanPage.getByRole('dialog', { name: 'New address' });
  await addressForm.getByLabel('Address name').fill('Home');
  await addressForm.getByLabel('Recipient').fill('Shopper Fan');
  await addressForm.getByLabel('Street address').fill('1 Main Street');
  await addressForm.getByLabel('City').fill('Springfield');
  await addressForm.getByLabel('Country').fill('United St');
  await fanPage.getByRole('option', { name: 'United States', exact: true }).click();
  await addressForm.getByRole('button', { name: 'Save address' }).click();
  await expect(checkout.getByLabel(/Home — Shopper Fan/)).toBeChecked();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('$40.00');
  await checkout.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(fanPage).toHaveURL(/\/user\/orders/);
  const fanOrder = fanPage.getByTestId('order-card').filter({ hasText: productName });
  await expect(fanOrder).toContainText('processing');
  await expect(fanOrder).toContainText('1 Main Street');

  // The creator marks it shipping with a tracking code.
  const creatorPage = await (await browser.newContext()).newPage();
  await loginInBrowser(creatorPage, creatorLogin.username, creatorLogin.password);
  await expect(creatorPage).not.toHaveURL(/\/auth\/login/);
  await creatorPage.goto('/creator/orders');
  const sold = creatorPage.getByTestId('order-card').filter({ hasText: productName });
  await sold.getByRole('combobox', { name: 'Delivery' }).click();
  await creatorPage.getByRole('option', { name: 'shipping' }).click();
  await sold.getByLabel('Tracking code').fill('TRACK-42');
  await sold.getByRole('button', { name: 'Save' }).click();
  await expect(sold).toContainText('Tracking: TRACK-42');
  await expect(sold.locator('.mantine-Badge-root')).toHaveText('shipping');
  await fanPage.reload();
  await expect(fanOrder).toContainText('shipping');
  await expect(fanOrder.getByRole('button', { name: 'Change address' })).toHaveCount(0);

  // The creator adds bank details and requests a payout of 60 from the 80 + 32 earned.
  await creatorPage.goto('/creator/payouts');
  await creatorPage.getByLabel('Account holder').fill('Luna Rivers');
  await creatorPage.getByLabel('Bank name').fill('Example Bank');
  await creatorPage.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
  await creatorPage.getByLabel('SWIFT / BIC').fill('DEUTDEFF');
  await creatorPage.getByLabel('Bank country (2 letters)').fill('DE');
  await creatorPage.getByRole('button', { name: 'Save bank details' }).click();
  await expect(creatorPage.getByText(/•••• 3000/)).toBeVisible();
  const available = Number(
    (await creatorPage.getByTestId('payout-available').textContent())?.replace(/[^0-9.]/g, ''),
  );
  expect(available).toBeGreaterThanOrEqual(112);
  await creatorPage.getByLabel('Amount').fill('60');
  await creatorPage.getByRole('button', { name: 'Request payout' }).click();
  await expect(creatorPage.getByText(/is pending review/)).toBeVisible();
  await expect(creatorPage.getByTestId('payout-row').first()).toContainText('pending');
  await expect(creatorPage.getByTestId('payout-available')).toHaveText(`$${(available - 60).toFixed(2)}`);

  // An admin approves it, then marks it paid.
  const adminPage = await (await browser.newContext()).newPage();
  await loginInBrowser(adminPage, adminLogin.username, adminLogin.password);
  await expect(adminPage).not.toHaveURL(/\/auth\/login/);
  await adminPage.goto('/admin/payouts');
  const row = adminPage.getByTestId('admin-payout-row').filter({ hasText: '$60.00' }).first();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);
  await adminPage.getByText('approved', { exact: true }).click();
  const approved = adminPage.getByTestId('admin-payout-row').filter({ hasText: '$60.00' }).first();
  await approved.getByRole('button', { name: 'Mark paid' }).click();
  await expect(approved).toHaveCount(0);
  await adminPage.getByText('paid', { exact: true }).click();
  await expect(adminPage.getByTestId('admin-payout-row').filter({ hasText: '$60.00' }).first()).toContainText(
    'paid',
  );

  await creatorPage.reload();
  await expect(creatorPage.getByTestId('payout-row').first()).toContainText('paid');
  await expect(creatorPage.getByTestId('payout-paid-out')).toHaveText('$60.00');
});

test('the cart keeps its lines per account across reloads and buys each line as its own order', async ({
  browser,
  request,
}) => {
  const fan = await registerFanByApi(request, 'carter');
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const fanId = (
    await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${fanToken}` } })).json()
  ).data._id as string;
  const admin = await adminToken(request);
  await request.post('/api/admin/wallet/credit', {
    data: { userId: fanId, amount: 100, reason: 'e2e cart' },
    headers: { authorization: `Bearer ${admin}` },
  });
  const address = await request.post('/api/addresses/create', {
    data: { name: 'Home', fullName: 'Cart Fan', street: '2 Side Street', city: 'Springfield', country: 'US' },
    headers: { authorization: `Bearer ${fanToken}` },
  });
  expect(address.status(), await address.text()).toBe(200);
  const creatorToken = await apiLogin(request, creatorLogin.username, creatorLogin.password);
  const names = [`E2E Mug ${Date.now().toString(36)}`, `E2E Cap ${Date.now().toString(36)}`];
  const ids: string[] = [];
  for (const name of names) {
    const res = await request.post('/api/performer/performer-assets/products', {
      data: { name, description: '', type: 'physical', price: 10, stock: 5, status: 'active' },
      headers: { authorization: `Bearer ${creatorToken}` },
    });
    ids.push((await res.json()).data._id as string);
  }

  const page = await (await browser.newContext()).newPage();
  await loginInBrowser(page, fan.username, fan.password);
  await expect(page).toHaveURL(/\/home/);
  for (const id of ids) {
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: 'Add to cart' }).dblclick();
    await expect(page.getByRole('button', { name: 'Added to your cart' })).toBeDisabled();
  }
  await page.goto('/user/cart');
  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.goto('/user/orders');
  for (const name of names) {
    await expect(page.getByTestId('order-card').filter({ hasText: name })).toContainText('processing');
  }

  // Another account on the same browser has its own (empty) cart.
  const other = await registerFanByApi(request, 'other');
  const otherPage = await page.context().newPage();
  await otherPage.context().clearCookies();
  await loginInBrowser(otherPage, other.username, other.password);
  await expect(otherPage).toHaveURL(/\/home/);
  await otherPage.goto('/user/cart');
  await expect(otherPage.getByText('Your cart is empty')).toBeVisible();
});
