import type { TCurrentUser, TPerformerPublic } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../auth/use-current-user';
import { SubscriptionModal, useSubscriptionModal } from './subscription-modal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const creator = {
  _id: '0198f000-0000-7000-8000-000000000001',
  name: 'Luna Park',
  username: 'luna',
  avatar: '/avatar.png',
  monthlyPrice: 9.99,
  yearlyPrice: 99,
  freeSubscription: true,
} as TPerformerPublic;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A fake API: the gateway in use, and what subscribing by card answers. */
function stubApi(gateway: 'sandbox' | 'stripe' | null) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.includes('/payment/gateway')) {
      return Response.json({ data: { gateway, stripePublishableKey: null, stripeConnect: false } });
    }
    if (path.includes('/payment/subscribe/performers') && init?.method === 'POST') {
      return Response.json({
        data: {
          paymentMethod: 'card',
          cardSubscription: { _id: 'cs1', status: 'incomplete' },
          checkoutUrl: '/payment/sandbox/checkout/order-1',
          clientSecret: null,
        },
      });
    }
    return Response.json({ data: [], total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function OpenModal() {
  const modal = useSubscriptionModal();
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once on mount
  useEffect(() => modal.open(creator), []);
  return <SubscriptionModal modal={modal} />;
}

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, {
    _id: 'fan',
    role: 'user',
    balance: 20,
  } as unknown as TCurrentUser);
  const router = createMemoryRouter([
    { path: '/', element: <OpenModal /> },
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
  [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(text));
const cardOption = () => document.querySelector<HTMLInputElement>('input[type="radio"][value="card"]');

describe('the subscription modal payment choice', () => {
  it('offers only the wallet when the site has no card gateway', async () => {
    const fetchMock = stubApi(null);
    render();
    await vi.waitFor(() => expect(button('Subscribe for $9.99')).toBeDefined());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(cardOption()).toBeNull();
    expect(document.querySelector('[data-testid="subscription-balance"]')?.textContent).toBe('$20.00');
  });

  it('with the sandbox, card sends the fan to the checkout page after starting a card subscription', async () => {
    const fetchMock = stubApi('sandbox');
    const router = render();
    await vi.waitFor(() => expect(cardOption()).not.toBeNull());
    await act(async () => cardOption()?.click());
    await vi.waitFor(() => expect(button('Continue to checkout ($9.99)')).toBeDefined());
    expect(document.querySelector('[data-testid="card-sandbox-note"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="subscription-balance"]')).toBeNull();
    await act(async () => button('Continue to checkout')?.click());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/sandbox/checkout/order-1'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/payment/subscribe/performers'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      performerId: creator._id,
      type: 'monthly',
      paymentMethod: 'card',
    });
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('the free plan needs no payment, so no card choice', async () => {
    stubApi('sandbox');
    render();
    await vi.waitFor(() => expect(cardOption()).not.toBeNull());
    const free = document.querySelector<HTMLElement>('[data-testid="plan-free"]');
    await act(async () => free?.click());
    await vi.waitFor(() => expect(cardOption()).toBeNull());
    expect(button('Start free subscription')).toBeDefined();
  });
});
