import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const adminLogin = { username: 'e2e-admin@example.test', password: 'e2e-admin-pass' };

let counter = 0;
/** A unique, valid username and email for one test. */
export function uniqueAccount(prefix = 'fan') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { name: `${prefix} ${id}`, username: id, email: `${id}@example.test`, password: 'password123' };
}

export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

export async function adminToken(request: APIRequestContext) {
  return apiLogin(request, adminLogin.username, adminLogin.password);
}

export async function setSettings(request: APIRequestContext, patch: Record<string, unknown>) {
  const token = await adminToken(request);
  const res = await request.put('/api/admin/settings', {
    data: patch,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function registerFanByApi(request: APIRequestContext, prefix = 'fan') {
  const account = uniqueAccount(prefix);
  const res = await request.post('/api/auth/users/register', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Logs in through the login page. */
export async function loginInBrowser(page: Page, username: string, password: string, remember = false) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: /log in/i }).click();
}

export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'token');
}
