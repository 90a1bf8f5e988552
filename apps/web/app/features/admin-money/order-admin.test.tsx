import type { TOrder } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderAdmin } from './order-admin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: string, name: string) => ({ _id: id, name, username: name.toLowerCase() });
const orderOf = (i: number): TOrder => ({
  _id: `order-${i}`,
  number: 1001 + i,
  fan: person('fan', 'Ada'),
  performer: person('creator', 'Mira'),
  productId: 'p1',
  productName: `Zine ${i}`,
  productType: 'digital',
  quantity: 1,
  unitPrice: 10,
  totalPrice: 10,
  deliveryStatus: 'delivered',
  deliveryAddress: null,
  trackingCode: null,
  refundedAt: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The admin orders page against a fake API holding 45 orders; answers the URLs it was asked. */
function renderWithOrders() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const total = url.searchParams.get('q') ? 1 : 45;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
        orderOf(offset + i),
      );
      return Response.json({ data: rows, total });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <OrderAdmin /> }]);
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
  return asked;
}

const rowCount = () => document.querySelectorAll('[data-testid="admin-order-row"]').length;

describe('the admin orders list', () => {
  it('shows 20 orders a page with the count, and asks for the next page by offset', async () => {
    const asked = renderWithOrders();
    await vi.waitFor(() => expect(rowCount()).toBe(20));
    expect(document.body.textContent).toContain('45 orders');
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('20');

    const pageThree = [...document.querySelectorAll('button')].find((b) => b.textContent === '3');
    expect(pageThree).toBeDefined();
    await act(async () => pageThree?.click());
    await vi.waitFor(() => expect(rowCount()).toBe(5));
    expect(asked.at(-1)?.searchParams.get('offset')).toBe('40');
  });

  it('searches by buyer, creator or product and starts again at the first page', async () => {
    const asked = renderWithOrders();
    await vi.waitFor(() => expect(rowCount()).toBe(20));
    const input = document.querySelector<HTMLInputElement>('input[placeholder^="Search"]');
    expect(input).not.toBeNull();
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, 'ada');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await vi.waitFor(() => expect(rowCount()).toBe(1), { timeout: 3000 });
    expect(asked.at(-1)?.searchParams.get('q')).toBe('ada');
    expect(asked.at(-1)?.searchParams.get('offset')).toBe('0');
    expect(document.body.textContent).toContain('1 order');
  });

  it('names each order by its number and sends "#1001" as the search', async () => {
    const asked = renderWithOrders();
    await vi.waitFor(() => expect(rowCount()).toBe(20));
    const first = document.querySelector('[data-testid="admin-order-row"]');
    expect(first?.textContent).toContain('Order #1001');
    const input = document.querySelector<HTMLInputElement>('input[placeholder^="Search by order number"]');
    expect(input).not.toBeNull();
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, '#1001');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await vi.waitFor(() => expect(rowCount()).toBe(1), { timeout: 3000 });
    expect(asked.at(-1)?.searchParams.get('q')).toBe('#1001');
  });
});
