import { type OpenIdStandIn, startOpenIdStandIn } from '../../apps/api/test/stand-ins/openid-provider';
import { startTwitterStandIn, type TwitterStandIn } from '../../apps/api/test/stand-ins/twitter-oauth1';
import { expect, type Page, test } from './fixtures';
import { type OwnServer, ownDatabase, ownServer } from './own-server';

/*
 * Social sign-in end to end: a server whose Google is a local OpenID provider (oidc-provider) and whose
 * Twitter is a local OAuth 1.0a stand-in. Google's own script cannot be fetched here, so the page gets
 * a small stand-in for Google Identity Services whose button asks the local provider for a real ID token
 * carrying the page's nonce.
 */

const googleScript = 'https://accounts.google.com/gsi/client';
const admin = { email: 'social-admin@example.test', password: 'social-admin-pass' };

let op: OpenIdStandIn;
let tw: TwitterStandIn;
let server: OwnServer;
let dropDatabase: () => Promise<void>;

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  op = await startOpenIdStandIn();
  tw = await startTwitterStandIn();
  const database = await ownDatabase();
  dropDatabase = database.drop;
  server = await ownServer({
    ...database.env,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    GOOGLE_ISSUER: op.issuer,
    GOOGLE_JWKS_URL: op.jwksUrl,
    GOOGLE_TOKEN_URL: op.tokenUrl,
    TWITTER_API_URL: tw.url,
    TWITTER_CONSUMER_KEY: tw.consumerKey,
    TWITTER_CONSUMER_SECRET: tw.consumerSecret,
  });
  await server.start();
  const login = await request.post(`${server.url}/api/auth/login`, {
    data: { username: admin.email, password: admin.password },
  });
  const token = (await login.json()).data.token as string;
  const saved = await request.put(`${server.url}/api/admin/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { googleLoginEnabled: true, googleClientId: op.clientId, twitterLoginEnabled: true },
  });
  expect(saved.ok()).toBe(true);
});

test.afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  await op?.close();
  await tw?.close();
});

/** Serves the Identity Services stand-in; its button signs in as `account` at the local provider. */
async function withGoogleStandIn(page: Page, account: { sub: string; email: string; name: string }) {
  await page.exposeFunction('issueGoogleToken', (nonce: string) =>
    op.idTokenFor({ account: { ...account, email_verified: true }, nonce }),
  );
  await page.route(googleScript, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) { window.__gis = options; },
        renderButton(parent) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Google stand-in: sign in';
          button.onclick = async () => {
            const credential = await window.issueGoogleToken(window.__gis.nonce);
            window.__gis.callback({ credential });
          };
          parent.append(button);
        },
      } } };`,
    }),
  );
}

test('a new person continues with Google, picks fan and a username, and lands home', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await withGoogleStandIn(page, { sub: `g-${suffix}`, email: `g-${suffix}@gmail.test`, name: 'Gia Google' });
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole('button', { name: 'Google stand-in: sign in' }).click();

  // Three redirects and a server-side token exchange with the stand-in: longer than one page load.
  await expect(page).toHaveURL(/\/user\/account$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Choose how you join' })).toBeVisible();
  await page.getByLabel('Username').first().fill(`gia_${suffix}`);
  await page.getByRole('button', { name: 'Continue as a fan' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Signing in again goes straight home: the Google account is linked.
  await page.context().clearCookies();
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole('button', { name: 'Google stand-in: sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a new person continues with Twitter from the creator sign-up and becomes a creator', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  // Twitter's page would ask the person; the stand-in is told they agreed.
  await page.route(`${tw.url}/oauth/authenticate?*`, async (route) => {
    const token = new URL(route.request().url()).searchParams.get('oauth_token') ?? '';
    tw.approve(token, {
      id_str: `${Date.now()}`,
      name: 'Tess Tweet',
      screen_name: `tess${suffix}`,
      email: `tess-${suffix}@twitter.test`,
    });
    await route.continue();
  });
  await page.goto(`${server.url}/auth/creator-register`);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Twitter' }).click();

  await expect(page).toHaveURL(/\/user\/account\?role=performer$/, { timeout: 30_000 });
  await page.getByLabel('Username').first().fill(`tess_${suffix}`);
  await page.getByLabel('Date of birth').fill('1994-05-06');
  await page.getByRole('combobox', { name: 'Country' }).fill('Germ');
  await page.getByRole('option', { name: 'Germany' }).click();
  await page.getByRole('button', { name: 'Continue as a creator' }).click();
  await expect(page).toHaveURL(/\/creator\/account$/);
});

test('a refused Google token is a toast, and the person stays on the login page', async ({ page }) => {
  await page.route(googleScript, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) { window.__gis = options; },
        renderButton(parent) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Google stand-in: forged token';
          button.onclick = () => window.__gis.callback({ credential: 'aaaaaaaaaa.bbbbbbbbbb.cccccccccc' });
          parent.append(button);
        },
      } } };`,
    }),
  );
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole('button', { name: 'Google stand-in: forged token' }).click();
  await expect(page.getByText('The Google sign-in token is not valid.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
