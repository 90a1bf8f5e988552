import type { TPaymentOrder } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, click, getButton, renderScreen, stubFetch } from '../../test-utils/screen';
import { pollIntervalOf, WalletView } from './wallet-view';

afterEach(cleanupScreen);
beforeEach(() => window.localStorage.clear());

const minuteMs = 60 * 1000;

const topUp = (over: Partial<TPaymentOrder>): TPaymentOrder => ({
  _id: '0198f000-0000-7000-8000-0000000000a1',
  type: 'wallet_top_up',
  description: 'Tokens for your wallet',
  returnPath: '/user/wallet',
  amount: 40,
  originalPrice: 40,
  price: 40,
  currency: 'usd',
  discountPercentage: 0,
  couponCode: null,
  packageId: null,
  packageName: null,
  gateway: 'sandbox',
  status: 'pending',
  failureReason: null,
  paidAt: null,
  createdAt: new Date().toISOString(),
  ...over,
});

/** The wallet page with the API answering these top-ups. */
function openWallet(orders: TPaymentOrder[]) {
  stubFetch((path) => {
    if (path.includes('/payment/transactions/user/search')) {
      return Response.json({ data: orders, total: orders.length });
    }
    if (path.includes('/users/me')) return Response.json({ data: { _id: 'fan', role: 'user', balance: 0 } });
    return Response.json({ data: [], total: 0 });
  });
  renderScreen(<WalletView />, { user: { _id: 'fan', role: 'user', balance: 0 } as never });
}

const pageText = () => document.body.textContent ?? '';
const waitingText = "A top-up is waiting for the payment's confirmation";

describe('the wallet page and its top-ups', () => {
  it('says a top-up is waiting while the server has it pending', async () => {
    openWallet([topUp({ status: 'pending' })]);
    await vi.waitFor(() => expect(pageText()).toContain(waitingText));
    expect(document.querySelector('[data-testid="top-up-expired"]')).toBeNull();
  });

  it('stops waiting for an expired top-up and says once, plainly, that nothing was charged', async () => {
    const expired = topUp({
      status: 'expired',
      failureReason: 'The payment was not completed within an hour, so nothing was charged.',
      createdAt: new Date(Date.now() - 2 * 60 * minuteMs).toISOString(),
    });
    openWallet([expired]);
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="top-up-expired"]')?.textContent).toContain(
        'The payment of $40.00 was not completed within an hour, so nothing was charged.',
      ),
    );
    expect(pageText()).toContain('Your top-up was not completed');
    expect(pageText()).not.toContain(waitingText);
    // The history row says it too.
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="top-up-row"]')?.textContent).toContain(
        'Not completed; nothing was charged.',
      ),
    );
    await click(getButton('Close'));
    expect(document.querySelector('[data-testid="top-up-expired"]')).toBeNull();

    // Coming back to the wallet later: told already, so no notice (the history still shows it).
    cleanupScreen();
    openWallet([expired]);
    await vi.waitFor(() => expect(document.querySelector('[data-testid="top-up-row"]')).not.toBeNull());
    await act(async () => {});
    expect(document.querySelector('[data-testid="top-up-expired"]')).toBeNull();
    expect(pageText()).not.toContain(waitingText);
  });

  it('does not bring back an expired notice once a newer top-up was made', async () => {
    openWallet([
      topUp({ _id: '0198f000-0000-7000-8000-0000000000a2', status: 'paid' }),
      topUp({ status: 'expired', createdAt: new Date(Date.now() - 3 * 60 * minuteMs).toISOString() }),
    ]);
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="top-up-row"]')).toHaveLength(2));
    await act(async () => {});
    expect(document.querySelector('[data-testid="top-up-expired"]')).toBeNull();
  });
});

describe('polling while a top-up is pending', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const at = (minutesAgo: number) =>
    topUp({ createdAt: new Date(now - minutesAgo * minuteMs).toISOString() });

  it('polls fast for a fresh top-up, slowly for an older one, and not at all without one', () => {
    expect(pollIntervalOf([at(1)], now)).toBe(3000);
    expect(pollIntervalOf([at(20)], now)).toBe(30_000);
    expect(pollIntervalOf([], now)).toBe(false);
  });
});
