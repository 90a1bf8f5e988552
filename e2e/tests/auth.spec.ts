import { expect, test } from './fixtures';
import {
  apiLogin,
  loginInBrowser,
  registerFanByApi,
  sessionCookie,
  setSettings,
  uniqueAccount,
} from './support';

test('a fan signs up, logs in with remember me, stays logged in after a reload, logs out, and the old token is refused', async ({
  page,
  request,
}) => {
  const account = uniqueAccount('ann');
  await page.goto('/auth/register');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/home$/);
  // A brand-new account is welcomed, not welcomed back. (The URL changes before the home page has
  // replaced the sign-up form, so the heading is waited for by its words.)
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toHaveText(/^Welcome, /);

  await page.context().clearCookies();
  await loginInBrowser(page, account.username, account.password, true);
  await expect(page).toHaveURL(/\/home$/);
  const cookie = await sessionCookie(page);
  expect(cookie?.httpOnly).toBe(true);
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);

  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(account.name).first()).toBeVisible();

  const oldToken = cookie!.value;
  expect(
    (await request.get('/api/users/me', { headers: { authorization: `Bearer ${oldToken}` } })).status(),
  ).toBe(200);
  await page.getByRole('button', { name: /account menu|open menu|user menu/i }).click();
  await page.getByRole('menuitem', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(
    (await request.get('/api/users/me', { headers: { authorization: `Bearer ${oldToken}` } })).status(),
  ).toBe(401);
});

test('a wrong password shows "Incorrect credentials!"', async ({ page, request }) => {
  const account = await registerFanByApi(request);
  await loginInBrowser(page, account.username, 'not-the-password');
  await expect(page.getByText('Incorrect credentials!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a logged-out visit to a login-only page is answered by the server with a 302 to /auth/login', async ({
  request,
}) => {
  const res = await request.get('/home', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/\/auth\/login/);
});

test('a fan opening a creator-only page is sent away', async ({ page, request }) => {
  const account = await registerFanByApi(request);
  await loginInBrowser(page, account.username, account.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/creator/account');
  await expect(page).toHaveURL(/\/home$/);
});

test('a 401 from any call lands on /auth/login with "Forbidden in the action!"', async ({
  page,
  request,
}) => {
  const account = await registerFanByApi(request);
  await loginInBrowser(page, account.username, account.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/user/account');
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  // Let the page's own background calls (the unread total in the header) finish first: any of them
  // answered 401 would end the session on its own, before the save this journey is about.
  await page.waitForLoadState('networkidle');
  // The session is revoked elsewhere (another tab logs out).
  const token = (await sessionCookie(page))!.value;
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.getByLabel('Name', { exact: true }).fill('Renamed After Logout');
  await page.getByRole('button', { name: /save/i }).first().click();
  await expect(page.getByText('Forbidden in the action!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('with email verification required, login waits for the emailed link', async ({ page, request }) => {
  await setSettings(request, { requireEmailVerification: true });
  try {
    const account = uniqueAccount('vera');
    expect((await request.post('/api/auth/users/register', { data: account })).status()).toBe(200);
    await loginInBrowser(page, account.username, account.password);
    await expect(page.getByText(/verify your email/i).first()).toBeVisible();

    const admin = await apiLogin(request, 'e2e-admin@example.test', 'e2e-admin-pass');
    const outbox = await request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${admin}` } });
    const mail = (await outbox.json()).data.find((m: { to: string }) => m.to === account.email);
    const link = mail.text.match(/https?:\/\/\S+verify-email\?token=[\w-]+/)[0] as string;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(/verified/i).first()).toBeVisible();

    await loginInBrowser(page, account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    await setSettings(request, { requireEmailVerification: false });
  }
});

test('forgot password mails a link that works once', async ({ page, request }) => {
  const account = await registerFanByApi(request, 'fp');
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText(/if an account uses this email/i)).toBeVisible();

  const admin = await apiLogin(request, 'e2e-admin@example.test', 'e2e-admin-pass');
  const outbox = await (
    await request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${admin}` } })
  ).json();
  const mail = outbox.data.find(
    (m: { to: string; subject: string }) => m.to === account.email && /reset/i.test(m.subject),
  );
  const url = new URL(mail.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)[0]);
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
  await page.getByLabel('Repeat the new password').fill('a-brand-new-pass');
  await page.getByRole('button', { name: /save|reset|change/i }).click();
  await expect(page.getByText(/password is changed/i)).toBeVisible();
  expect(
    (
      await request.post('/api/auth/login', {
        data: { username: account.username, password: 'a-brand-new-pass' },
      })
    ).status(),
  ).toBe(200);

  await page.goto(url.pathname + url.search);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-123');
  await page.getByLabel('Repeat the new password').fill('another-pass-123');
  await page.getByRole('button', { name: /save|reset|change/i }).click();
  await expect(page.getByText(/invalid, used or expired/i)).toBeVisible();
});

test('a visitor clicks "Log in to see it" on a locked post, logs in and lands back on that post', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/user/feeds/search/luna.rivers?limit=50');
  const posts = (await res.json()).data as { _id: string; isSale: boolean }[];
  const locked = posts.find((p) => !p.isSale);
  expect(locked, 'the demo seed has a subscribers-only post').toBeTruthy();

  await page.goto(`/post/${locked!._id}`);
  await page.getByRole('link', { name: 'Log in to see it' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirectTo=%2Fpost%2F${locked!._id}$`));
  await page.getByLabel('Username or email').fill('ava.thompson');
  await page.getByLabel('Password', { exact: true }).fill('fanpass123');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${locked!._id}$`));
});

test('a visitor opening a protected URL logs in and lands back there; a foreign redirectTo is ignored', async ({
  page,
  request,
}) => {
  const account = await registerFanByApi(request);
  await page.goto('/user/orders?page=2');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser%2Forders%3Fpage%3D2$/);
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/user\/orders\?page=2$/);

  await page.context().clearCookies();
  await page.goto('/auth/login?redirectTo=%2F%2Fevil.example');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('changing the email asks for the password, changes only when the link to the new address is opened, and tells the old one', async ({
  page,
  request,
}) => {
  const account = await registerFanByApi(request, 'em');
  const newEmail = `new-${account.email}`;
  await loginInBrowser(page, account.username, account.password);
  await page.goto('/user/account');
  // The profile shows the address; it is changed in its own card.
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Your password').fill('not-my-password');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Not correct.').first()).toBeVisible();
  await expect(page.getByTestId('email-change-sent')).toHaveCount(0);

  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByTestId('email-change-sent')).toContainText(/sent a confirmation link/i);

  const admin = await apiLogin(request, 'e2e-admin@example.test', 'e2e-admin-pass');
  const mails = async () =>
    (await (await request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${admin}` } })).json())
      .data as { to: string; subject: string; text: string }[];
  const confirmMail = (await mails()).find((m) => m.to === newEmail);
  const url = new URL(confirmMail!.text.match(/https?:\/\/\S+confirm-email\?token=[\w-]+/)![0]);
  // Nothing changed until the link is opened.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);

  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Your email is changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  expect((await mails()).some((m) => m.to === account.email && /email/i.test(m.subject))).toBe(true);

  // The link works once.
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(/invalid, used or expired/i)).toBeVisible();
});
