import type { TOrder } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, getByLabel, renderScreen, stubFetch, typeInto } from '../../test-utils/screen';
import { BuyerOrders, SellerOrders } from './order-lists';
import { placedOrdersText } from './orders-api';

afterEach(cleanupScreen);

const person = (id: string, name: string) => ({ _id: id, name, username: name.toLowerCase() });
const orderOf = (number: number, productName: string): TOrder => ({
  _id: `order-${number}`,
  number,
  fan: person('fan', 'Ada'),
  performer: person('creator', 'Mira'),
  productId: `product-${number}`,
  productName,
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

const orders = [orderOf(1042, 'Glossy Zine'), orderOf(1041, 'Big Poster')];

/** A fake orders API: "#1042" or "1042" finds that order, anything else a product name. */
function stubOrdersApi() {
  return stubFetch((path) => {
    const url = new URL(path, 'http://localhost');
    const q = (url.searchParams.get('q') ?? '').replace(/^#/, '').toLowerCase();
    const rows = orders.filter(
      (o) => !q || String(o.number) === q || o.productName.toLowerCase().includes(q),
    );
    return Response.json({ data: rows, total: rows.length });
  });
}

/** The order cards on the screen, by their accessible names ("Order #1042: Glossy Zine"). */
const cardNames = () =>
  [...document.querySelectorAll('[data-testid="order-card"]')].map((c) => c.getAttribute('aria-label'));

const lastQuery = (fetchMock: ReturnType<typeof stubFetch>) =>
  new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams;

describe.each([
  ['the fan’s orders', BuyerOrders, '/api/orders/users/search'],
  ['the creator’s orders', SellerOrders, '/api/orders/search'],
] as const)('%s', (_name, List, path) => {
  it('name each order by its number', async () => {
    stubOrdersApi();
    renderScreen(<List />, { user: { _id: 'fan', role: 'user' } });
    await vi.waitFor(() =>
      expect(cardNames()).toEqual(['Order #1042: Glossy Zine', 'Order #1041: Big Poster']),
    );
    expect(document.body.textContent).toContain('Order #1042');
  });

  it('find an order by the number a person quotes, and say when nothing matches', async () => {
    const fetchMock = stubOrdersApi();
    renderScreen(<List />, { user: { _id: 'fan', role: 'user' } });
    await vi.waitFor(() => expect(cardNames()).toHaveLength(2));

    await typeInto(getByLabel('Search orders'), '#1042', { stay: true });
    await vi.waitFor(() => expect(cardNames()).toEqual(['Order #1042: Glossy Zine']), { timeout: 3000 });
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain(path);
    expect(lastQuery(fetchMock).get('q')).toBe('#1042');

    await typeInto(getByLabel('Search orders'), '9999', { stay: true });
    await vi.waitFor(() => expect(document.body.textContent).toContain('No matching orders'), {
      timeout: 3000,
    });
    expect(getByLabel('Search orders').value).toBe('9999');
  });
});

describe('placedOrdersText', () => {
  it('names the orders a checkout placed by their numbers', () => {
    expect(placedOrdersText([1042])).toBe('Your order #1042 is placed.');
    expect(placedOrdersText([1042, 1043])).toBe('Orders #1042, #1043 placed.');
  });

  it('falls back to a count when an answer had no number (a replay of an old charge)', () => {
    expect(placedOrdersText([undefined])).toBe('Your order is placed.');
    expect(placedOrdersText([1042, undefined])).toBe('2 orders placed.');
  });
});
