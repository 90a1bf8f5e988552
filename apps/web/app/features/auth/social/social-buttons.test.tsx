import { defaultSettings, publicSettingKeys, type TPublicSettings } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challengeFromHash } from '../../two-factor/challenge-from-hash';
import { type GoogleIdentityServices, googleScriptUrl } from './google-identity';
import { SocialButtons } from './social-buttons';
import { socialLandingPath } from './social-landing';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let appended: Node[] = [];
beforeEach(() => {
  appended = [];
  // Google's script would be fetched from the network: keep what the page adds to <head> instead.
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as Node[]));
  });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.google;
});

const publicDefaults = Object.fromEntries(
  publicSettingKeys.map((k) => [k, defaultSettings[k]]),
) as TPublicSettings;

async function render(settings: Partial<TPublicSettings>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ settings: { ...publicDefaults, ...settings } }),
        element: <SocialButtons returnTo={null} />,
      },
      { path: '/user/account', element: <p>account page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return router;
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
const googleScripts = () =>
  appended.filter((n) => n instanceof HTMLScriptElement && n.src === googleScriptUrl);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('the social sign-in buttons', () => {
  it('show nothing, and load nothing of Google, when the site has neither configured', async () => {
    await render({});
    expect(button('Continue with Google')).toBeNull();
    expect(button('Continue with Twitter')).toBeNull();
    expect(googleScripts()).toHaveLength(0);
  });

  it('leave Google out while it has no client id, even when switched on', async () => {
    await render({ googleLoginEnabled: true, googleClientId: '', twitterLoginEnabled: true });
    expect(button('Continue with Google')).toBeNull();
    expect(button('Continue with Twitter')).not.toBeNull();
    expect(googleScripts()).toHaveLength(0);
  });

  it("show Google when configured, loading Google's script once", async () => {
    await render({ googleLoginEnabled: true, googleClientId: 'client-1.apps.example' });
    expect(button('Continue with Google')).not.toBeNull();
    expect(button('Continue with Twitter')).toBeNull();
    expect(googleScripts()).toHaveLength(1);
  });

  it("sends Google's ID token with the page's nonce and opens the account set-up of a new account", async () => {
    const initialize = vi.fn<GoogleIdentityServices['initialize']>();
    const renderButton = vi.fn<GoogleIdentityServices['renderButton']>();
    window.google = { accounts: { id: { initialize, renderButton } } };
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('/auth/google/login')
        ? Response.json({ data: { token: 't'.repeat(40), isNewAccount: true } })
        : Response.json({
            data: { _id: 'u1', username: null, email: 'a@b.test', isPerformer: false, isAdmin: false },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = await render({ googleLoginEnabled: true, googleClientId: 'client-1.apps.example' });
    await settle();
    expect(initialize).toHaveBeenCalledTimes(1);
    const options = initialize.mock.calls[0]![0];
    expect(options).toMatchObject({ client_id: 'client-1.apps.example' });
    expect(options.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(renderButton).toHaveBeenCalled();

    await act(async () => {
      options.callback({ credential: 'header.payload.signature' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/auth/google/login');
    expect(JSON.parse(String(init.body))).toEqual({
      idToken: 'header.payload.signature',
      nonce: options.nonce,
    });
    expect(router.state.location.pathname).toBe('/user/account');
  });

  it('shows the sentence of a refused Twitter start as a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            statusCode: 422,
            code: 'UNPROCESSABLE',
            message: 'Sign-in with Twitter is not available on this site.',
          },
          { status: 422 },
        ),
      ),
    );
    await render({ twitterLoginEnabled: true });
    await act(async () => {
      button('Continue with Twitter')?.click();
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(document.body.textContent).toContain('Sign-in with Twitter is not available on this site.');
  });
});

describe('socialLandingPath', () => {
  it('hands a two-factor challenge to the login page in the fragment, keeping where to go back', () => {
    const path = socialLandingPath(
      {
        user: null,
        isNewAccount: false,
        challenge: {
          twoFactor: 'verify',
          challengeToken: 'a'.repeat(43),
          expiresAt: '2026-11-26T06:00:00.000Z',
          message: 'Type the code',
        },
      },
      '/messages',
    );
    expect(path).toBe(`/auth/login?redirectTo=%2Fmessages#two-factor=verify&challenge=${'a'.repeat(43)}`);
    const [, hash] = path.split('#');
    expect(challengeFromHash(`#${hash}`)).toMatchObject({
      twoFactor: 'verify',
      challengeToken: 'a'.repeat(43),
    });
  });
});
