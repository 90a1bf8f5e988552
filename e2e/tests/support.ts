import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Logs in through the login page and waits for the server's answer to the login (right or wrong), so
 * the session cookie is set before the journey opens its next page: going on at the click raced the
 * login, and a protected page opened in between was answered with the login page.
 */
export async function loginInBrowser(page: Page, username: string, password: string, remember = false) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login',
  );
  await page.getByRole('button', { name: /log in/i }).click();
  await answered;
}

export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'token');
}

/** A PNG of one colour, for uploads. */
export async function pngOf(color: string, width = 640, height = 480): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A listed creator made through the API on any server: sign-up with both documents, then the admin
 * of ADMIN_EMAIL verifies them. Answers the account and its id.
 */
export async function registerCreatorByApi(
  request: APIRequestContext,
  options: { baseUrl?: string; admin?: { username: string; password: string } } = {},
) {
  const base = options.baseUrl ?? '';
  const account = uniqueAccount('maker');
  const png = await pngOf('#4a6fa5');
  const res = await request.post(`${base}/api/auth/performers/register`, {
    multipart: {
      name: account.name,
      username: account.username,
      email: account.email,
      password: account.password,
      dateOfBirth: '1990-04-12',
      country: 'DE',
      idVerification: { name: 'id.png', mimeType: 'image/png', buffer: png },
      documentVerification: { name: 'selfie.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const admin = options.admin ?? adminLogin;
  const adminRes = await request.post(`${base}/api/auth/login`, { data: admin });
  expect(adminRes.status(), await adminRes.text()).toBe(200);
  const adminBearer = { authorization: `Bearer ${(await adminRes.json()).data.token}` };
  const found = await request.get(`${base}/api/admin/performers?status=pending&q=${account.username}`, {
    headers: adminBearer,
  });
  expect(found.status(), await found.text()).toBe(200);
  const id = ((await found.json()).data as { _id: string; username: string }[]).find(
    (p) => p.username === account.username,
  )?._id;
  expect(id, 'the new creator is in the admin list').toBeTruthy();
  const verified = await request.post(`${base}/api/admin/performers/${id}/verify-documents`, {
    headers: adminBearer,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...account, id: id as string };
}

/** A one-second test clip made by ffmpeg in a temp folder. */
export function smallMp4(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'fanstage-studio-'));
  try {
    const path = join(dir, 'clip.mp4');
    execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      ...[
        '-hide_banner',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=160x120:rate=25',
      ],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', path],
    ]);
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
