import {
  defaultSettings,
  publicSettingKeys,
  type TCardSubscription,
  type TCurrentUser,
  type TPublicSettings,
  type TSiteMembership,
} from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../auth/use-current-user';
import { sitePaymentChoices, siteRenewalOf } from './site-membership';
import { SiteMembershipRenewal } from './site-membership-renewal';
import { SiteSubscribeButton } from './site-subscribe-button';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const cardSubscription = (over: Partial<TCardSubscription>): TCardSubscription => ({
  _id: '0198f000-0000-7000-8000-0000000000c1',
  kind: 'site',
  performerId: null,
  plan: 'site',
  gateway: 'sandbox',
  status: 'active',
  price: 9.99,
  currency: 'usd',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: inDays(20),
  failureReason: null,
  subscriptionId: null,
  createdAt: inDays(-10),
  ...over,
});

/** A fake API: the gateway, the membership and its card subscriptions; records every call. */
function stubApi(options: {
  gateway: 'sandbox' | 'stripe' | null;
  membership?: TSiteMembership;
  cards?: TCardSubscription[];
}) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      });
      if (path === '/api/payment/gateway')
        return Response.json({
          data: { gateway: options.gateway, stripePublishableKey: null, stripeConnect: false },
        });
      if (path === '/api/payment/subscribe/site')
        return Response.json({
          data: {
            paymentMethod: 'card',
            cardSubscription: cardSubscription({ status: 'incomplete' }),
            checkoutUrl: '/payment/sandbox/checkout/order-9',
            clientSecret: null,
          },
        });
      if (path === '/api/payment/site-subscription')
        return Response.json({
          data: options.membership ?? { expiredAt: null, autoRenew: false, paymentMethod: null },
        });
      if (path === '/api/payment/site-subscription/cancel')
        return Response.json({ data: { ...options.membership, autoRenew: false } });
      if (path === '/api/payment/card-subscriptions') {
        const data = options.cards ?? [];
        return Response.json({ data, total: data.length });
      }
      if (path.endsWith('/cancel'))
        return Response.json({ data: cardSubscription({ cancelAtPeriodEnd: true }) });
      return Response.json({ data: [], total: 0 });
    }),
  );
  return calls;
}

function render(options: { expiredAt: string | null; settings?: Partial<TPublicSettings> }) {
  const settings = {
    ...Object.fromEntries(publicSettingKeys.map((k) => [k, defaultSettings[k]])),
    ...options.settings,
  } as TPublicSettings;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, {
    _id: 'fan',
    role: 'user',
    balance: 20,
    siteSubscription: { expiredAt: options.expiredAt },
  } as unknown as TCurrentUser);
  const hasExpired = options.expiredAt ? Date.parse(options.expiredAt) < Date.now() : false;
  const isRunning = Boolean(options.expiredAt) && !hasExpired;
  const router = createMemoryRouter([
    {
      id: 'root',
      path: '/',
      loader: () => ({ settings }),
      HydrateFallback: () => null,
      element: (
        <>
          {isRunning && options.expiredAt ? <SiteMembershipRenewal expiredAt={options.expiredAt} /> : null}
          <SiteSubscribeButton hasExpired={hasExpired} />
        </>
      ),
    },
    { path: '/payment/sandbox/checkout/:id', element: <p>Sandbox checkout page</p> },
  ]);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return router;
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
const cardOption = () => document.querySelector<HTMLInputElement>('input[type="radio"][value="card"]');
const click = (element: HTMLElement | null | undefined) => act(async () => element?.click());
/** The confirm button inside the dialog (the page has a button of the same name). */
const confirmButton = () =>
  [...document.querySelectorAll<HTMLElement>('.mantine-Modal-body button')].find(
    (b) => b.textContent === 'Cancel renewal',
  );

describe('what pays and renews the site membership', () => {
  it('offers a card only with a gateway, outside the trial and when no membership runs', () => {
    expect(sitePaymentChoices('sandbox', { offersTrial: false, isRunning: false })).toEqual([
      'wallet',
      'card',
    ]);
    expect(sitePaymentChoices(null, { offersTrial: false, isRunning: false })).toEqual(['wallet']);
    expect(sitePaymentChoices('stripe', { offersTrial: true, isRunning: false })).toEqual(['wallet']);
    expect(sitePaymentChoices('stripe', { offersTrial: false, isRunning: true })).toEqual(['wallet']);
  });

  it('lets a renewing card decide, else the wallet renewal, else nothing', () => {
    const wallet: TSiteMembership = { expiredAt: inDays(5), autoRenew: true, paymentMethod: 'wallet' };
    const card = cardSubscription({});
    expect(siteRenewalOf(wallet, [card])).toEqual({ by: 'card', cardSubscriptionId: card._id });
    expect(siteRenewalOf(wallet, [cardSubscription({ cancelAtPeriodEnd: true })])).toEqual({ by: 'wallet' });
    expect(
      siteRenewalOf({ ...wallet, autoRenew: false }, [cardSubscription({ status: 'ended' })]),
    ).toBeNull();
  });
});

describe('the site membership page', () => {
  it('with the sandbox, card starts a card membership and goes to the checkout page', async () => {
    const calls = stubApi({ gateway: 'sandbox' });
    const router = render({ expiredAt: inDays(-3) });
    await vi.waitFor(() => expect(cardOption()).not.toBeNull());
    expect(button('Renew membership for $9.99')).toBeDefined();
    await click(cardOption());
    await vi.waitFor(() => expect(button('Continue to checkout ($9.99)')).toBeDefined());
    expect(document.querySelector('[data-testid="card-sandbox-note"]')).not.toBeNull();
    await click(button('Continue to checkout ($9.99)'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/sandbox/checkout/order-9'));
    const call = calls.find((c) => c.path === '/api/payment/subscribe/site');
    expect(call?.body).toEqual({ paymentMethod: 'card' });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('starts the free trial without a card choice', async () => {
    stubApi({ gateway: 'sandbox' });
    render({ expiredAt: null, settings: { trialEnabled: true, trialDurationDays: 7 } });
    await vi.waitFor(() => expect(button('Start 7-day free trial')).toBeDefined());
    expect(cardOption()).toBeNull();
  });

  it('a member renewing from the wallet cancels the renewal after confirming', async () => {
    const expiredAt = inDays(12);
    const calls = stubApi({
      gateway: 'sandbox',
      membership: { expiredAt, autoRenew: true, paymentMethod: 'wallet' },
    });
    render({ expiredAt });
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="site-renewal"]')?.getAttribute('data-renews')).toBe(
        'wallet',
      ),
    );
    expect(cardOption()).toBeNull();
    expect(button('Add a month for $9.99')).toBeDefined();
    await click(button('Cancel renewal'));
    await vi.waitFor(() => expect(confirmButton()).toBeDefined());
    await click(confirmButton());
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/payment/site-subscription/cancel'),
      ).toBe(true),
    );
  });

  it('a member renewing by card cancels through the card subscription', async () => {
    const expiredAt = inDays(12);
    const card = cardSubscription({});
    const calls = stubApi({
      gateway: 'sandbox',
      membership: { expiredAt, autoRenew: true, paymentMethod: 'card' },
      cards: [card],
    });
    render({ expiredAt });
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="site-renewal"]')?.getAttribute('data-renews')).toBe(
        'card',
      ),
    );
    expect(document.body.textContent).toContain('with your card');
    await click(button('Cancel renewal'));
    await vi.waitFor(() => expect(confirmButton()).toBeDefined());
    await click(confirmButton());
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.path).toBe(
        `/api/payment/card-subscriptions/${card._id}/cancel`,
      ),
    );
  });
});
