import { createHmac } from 'node:crypto';
import { expect, type Page, test } from './fixtures';
import { loginInBrowser, registerFanByApi, sessionCookie } from './support';

/*
 * Two-factor sign-in in the browser: a fan sets up an authenticator app from the account page (the
 * code is computed here from the key the page shows, as an app would: RFC 6238, SHA-1, 6 digits,
 * 30 s), then logs in with a code and once with a recovery code. At phone width.
 */

test.use({ viewport: { width: 390, height: 844 } });

const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function decodeBase32(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = base32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function totp(secret: string, stepsAhead = 0): string {
  const counter = Math.floor(Date.now() / 30_000) + stepsAhead;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', decodeBase32(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

async function loginFirstStep(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await loginInBrowser(page, username, password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await sessionCookie(page)).toBeUndefined();
}

test('a fan turns on two-factor with an authenticator app, then logs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  const account = await registerFanByApi(request, 'otp');
  await loginInBrowser(page, account.username, account.password);
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/user/account');
  const card = page.locator('.mantine-Card-root', { hasText: 'Two-factor authentication' });
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await card.getByLabel('2. Type the 6-digit code the app shows').fill(totp(secret));
  await card.getByRole('button', { name: 'Turn on two-factor' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(card.getByRole('button', { name: 'Download' })).toBeVisible();
  await card.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('Recovery codes left: 10')).toBeVisible();

  // The password alone now makes no session; the code of the app does. (The enrolment spent this
  // step's code, so the login uses the next one, which the server accepts for a phone a little ahead.)
  await loginFirstStep(page, account.username, account.password);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page.getByText(/^That code is not correct\./)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await sessionCookie(page))?.httpOnly).toBe(true);

  // A recovery code works once.
  await loginFirstStep(page, account.username, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await loginFirstStep(page, account.username, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page.getByText('That recovery code is not correct or was already used.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
