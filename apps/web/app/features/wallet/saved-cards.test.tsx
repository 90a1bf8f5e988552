import type { TPaymentCard } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardLabel, waitForCardSubscription } from './cards-api';
import { SavedCards } from './saved-cards';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const visa: TPaymentCard = {
  _id: '0198f000-0000-7000-8000-00000000000a',
  gateway: 'stripe',
  brand: 'visa',
  last4: '4242',
  expMonth: 3,
  expYear: 2031,
  createdAt: '2026-06-01T00:00:00.000Z',
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A fake API with a gateway and a card list that a DELETE empties. */
function stubApi(gateway: 'sandbox' | 'stripe', initial: TPaymentCard[]) {
  let cards = initial;
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.includes('/payment/gateway')) {
      return Response.json({
        data: {
          gateway,
          stripePublishableKey: gateway === 'stripe' ? 'pk_test_x' : null,
          stripeConnect: false,
        },
      });
    }
    if (init?.method === 'DELETE') {
      cards = cards.filter((c) => !path.endsWith(c._id));
      return Response.json({ data: { success: true } });
    }
    return Response.json({ data: cards, total: cards.length });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <SavedCards />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);

describe('the saved cards page', () => {
  it('with the sandbox says plainly that its checkout takes test cards and nothing is saved', async () => {
    stubApi('sandbox', []);
    render();
    expect(byTestId('cards-loading')).not.toBeNull();
    await vi.waitFor(() => expect(byTestId('cards-empty')).not.toBeNull());
    expect(byTestId('sandbox-cards-note')?.textContent).toContain('No cards are saved here');
    expect(button('Add a card')).toHaveLength(0);
  });

  it('lists brand, last four and expiry, and deletes a card only after the confirmation', async () => {
    const fetchMock = stubApi('stripe', [visa]);
    render();
    await vi.waitFor(() =>
      expect(byTestId('saved-card')?.textContent).toContain('Visa •••• 4242, expires 03/31'),
    );
    expect(button('Add a card')).toHaveLength(1);
    await act(async () => button('Delete')[0]?.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Delete this card?'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    // The dialog's own Delete button is the last one.
    await act(async () => button('Delete').at(-1)?.click());
    await vi.waitFor(() => expect(byTestId('cards-empty')).not.toBeNull());
    const deleted = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleted?.[0])).toContain(`/api/payment-cards/${visa._id}`);
  });
});

describe('card helpers', () => {
  it('names a card for people', () => {
    expect(cardLabel(visa)).toBe('Visa •••• 4242, expires 03/31');
    expect(cardLabel({ brand: '', last4: '0005', expMonth: null, expYear: null })).toBe('Card •••• 0005');
  });

  it('waits for the webhook to make a card subscription active, and stops on a failure', async () => {
    const states = ['incomplete', 'incomplete', 'active'];
    const read = vi.fn(async () => ({ status: states.shift() ?? 'active', failureReason: null }) as never);
    expect((await waitForCardSubscription('cs', { intervalMs: 1, fetch: read })).status).toBe('active');
    expect(read).toHaveBeenCalledTimes(3);
    const failed = vi.fn(async () => ({ status: 'incomplete', failureReason: 'Declined.' }) as never);
    expect((await waitForCardSubscription('cs', { intervalMs: 1, fetch: failed })).failureReason).toBe(
      'Declined.',
    );
    expect(failed).toHaveBeenCalledTimes(1);
  });
});
