import { expect, test } from './fixtures';
import { adminToken, apiLogin, loginInBrowser } from './support';

// Addresses the bundled DB-IP data places in France and Germany (Orange and Strato ranges). The
// e2e server trusts the loopback as its proxy (run.mjs), so X-Forwarded-For says where a page
// comes from; every other journey sends none and has no country.
const FR = '90.85.1.1';
const DE = '85.214.132.117';

test('a country closed site-wide gets the geo-block page on every address, status 451', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const put = (countryCodes: string[]) =>
    request.put('/api/admin/block/countries', { data: { countryCodes }, headers: admin });
  expect((await put(['FR'])).status()).toBe(200);
  try {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': FR });
    for (const path of ['/', '/explore', '/luna.rivers', '/auth/login']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(451);
      await expect(page.getByRole('heading', { name: 'Not available in your country' })).toBeVisible();
    }
    const api = await page.request.get('/api/performers/top', { headers: { 'x-forwarded-for': FR } });
    expect(api.status()).toBe(403);
    expect((await api.json()).message).toBe('This site is not available in your country.');
    // Another country sees the site.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': DE });
    expect((await page.goto('/explore'))?.status()).toBe(200);
  } finally {
    expect((await put([])).status()).toBe(200);
  }
});

test('a creator blocks a country in their settings; visitors from it no longer find the profile', async ({
  page,
  request,
}) => {
  const creator = { authorization: `Bearer ${await apiLogin(request, 'luna.rivers', 'creatorpass123')}` };
  try {
    await loginInBrowser(page, 'luna.rivers', 'creatorpass123');
    await page.goto('/creator/account');
    const picker = page.getByRole('combobox', { name: 'Countries' });
    await picker.click();
    await picker.fill('Germ');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('button', { name: 'Save blocked countries' }).click();
    await expect(page.getByText('Your blocked countries are saved.')).toBeVisible();
    const saved = await request.get('/api/block/countries', { headers: creator });
    expect((await saved.json()).data.countryCodes).toEqual(['DE']);

    // The creator still sees their own page from there.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': DE });
    expect((await page.goto('/luna.rivers'))?.status()).toBe(200);

    const visitor = await page
      .context()
      .browser()!
      .newPage({ extraHTTPHeaders: { 'x-forwarded-for': DE } });
    expect((await visitor.goto('/luna.rivers'))?.status()).toBe(404);
    await visitor.setExtraHTTPHeaders({ 'x-forwarded-for': FR });
    expect((await visitor.goto('/luna.rivers'))?.status()).toBe(200);
    await visitor.close();
  } finally {
    await request.post('/api/block/countries', { data: { countryCodes: [] }, headers: creator });
  }
});
