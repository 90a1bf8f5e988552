import { expect, type Page, test } from './fixtures';
import { adminLogin, apiLogin, loginInBrowser, registerCreatorByApi, registerFanByApi } from './support';

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at phone width an admin grants, extends and ends a subscription, and the fan’s access follows', async ({
  page,
  request,
}) => {
  const fan = await registerFanByApi(request, 'gift');
  const creator = await registerCreatorByApi(request);
  const fanToken = await apiLogin(request, fan.username, fan.password);
  const mine = async () => {
    const res = await request.get(`/api/subscriptions/performers/${creator.id}/mine`, {
      headers: { authorization: `Bearer ${fanToken}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as { isActive: boolean } | null;
  };
  expect(await mine()).toBeNull();

  await page.setViewportSize({ width: 390, height: 800 });
  await loginInBrowser(page, adminLogin.username, adminLogin.password);
  await page.goto('/admin/subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();

  await page.getByRole('button', { name: 'Grant' }).click();
  const grant = page.getByRole('dialog', { name: 'Grant a free subscription' });
  await grant.getByRole('combobox', { name: 'Fan' }).fill(fan.username);
  await page.getByRole('option', { name: new RegExp(fan.username) }).click();
  await grant.getByRole('combobox', { name: 'Creator' }).fill(creator.username);
  await page.getByRole('option', { name: new RegExp(creator.username) }).click();
  await grant.getByLabel('Days').fill('10');
  await grant.getByLabel('Reason').fill('Contest winner');
  await grant.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('Subscription granted.')).toBeVisible();
  expect((await mine())?.isActive).toBe(true);

  await page.getByPlaceholder('Search by fan or creator').fill(fan.username);
  const card = page.getByTestId('admin-subscription-card').filter({ hasText: fan.username });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Free');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '../.tmp/screens/admin-subscriptions-390.png' });

  await card.getByRole('button', { name: 'Extend' }).click();
  const extend = page.getByRole('dialog', { name: 'Extend the subscription' });
  await extend.getByLabel('Days to add').fill('5');
  await extend.getByLabel('Reason').fill('Sorry for the outage');
  await extend.getByRole('button', { name: 'Extend' }).click();
  await expect(page.getByText('Subscription extended.')).toBeVisible();

  await card.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the subscription' });
  await expect(cancel).toContainText('Nothing is refunded here');
  await cancel.getByLabel('End access now').check();
  await cancel.getByLabel('Reason').fill('Abusive messages');
  await cancel.getByRole('button', { name: 'End access now' }).click();
  await expect(page.getByText('Subscription cancelled.')).toBeVisible();
  await expect(card).toContainText('Expired');
  expect((await mine())?.isActive).toBe(false);

  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-card').filter({ hasText: 'Abusive messages' })).toContainText(
    'Subscription cancelled',
  );
});
