import type { TAdminDashboard, TLedgerReconciliation } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { AdminDashboard } from './admin-dashboard';
import { LedgerAdmin } from './ledger-admin';

afterEach(cleanupScreen);

const zeroDay = { signUps: 0, grossCents: 0, commissionCents: 0, netCents: 0, sales: 0, refunds: 0 };

function dashboardOf(days: number, overrides: Partial<TAdminDashboard> = {}): TAdminDashboard {
  const first = Date.UTC(2030, 2, 1);
  const byDay = Array.from({ length: days }, (_, i) => ({
    ...zeroDay,
    date: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  }));
  byDay[0] = { ...byDay[0]!, signUps: 2, grossCents: 1555, commissionCents: 339, netCents: 1216, sales: 2 };
  return {
    days,
    from: byDay[0]!.date,
    to: byDay.at(-1)!.date,
    totals: {
      signUps: 2,
      grossCents: 123456789,
      commissionCents: 30864197,
      netCents: 92592592,
      sales: 2,
      refunds: 1,
    },
    byDay,
    activeSubscriptions: 14,
    activeSiteMemberships: 3,
    pendingPayouts: 2,
    approvedPayouts: 1,
    heldForPayoutsCents: 50050,
    pendingVerifications: 4,
    openReports: 5,
    liveShows: 6,
    ...overrides,
  };
}

const figure = (label: string) => {
  const el = document.querySelector(`[role="group"][aria-label="${label}"]`);
  expect(el, `the figure "${label}"`).not.toBeNull();
  return (el?.textContent ?? '').replace(/\s+/g, ' ');
};

const text = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

describe('the admin dashboard', () => {
  it('shows the period’s money as the app formats it, to the cent, and what waits now', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return Response.json({ data: dashboardOf(30) });
    });
    renderScreen(<AdminDashboard signedInAs="root@example.test" />);
    await vi.waitFor(() => expect(figure('Gross')).toContain('$1,234,567.89'));
    expect(asked[0]).toBe('/api/admin/dashboard?days=30');
    expect(figure('Gross')).toContain('2 sales · 1 refunded');
    expect(figure('Platform commission')).toContain('$308,641.97');
    expect(figure('Creators’ net')).toContain('$925,925.92');
    expect(figure('Sign-ups')).toContain('2');
    expect(figure('Pending payouts')).toContain('2');
    expect(figure('Pending payouts')).toContain('1 approved · $500.50 held');
    expect(figure('Creator verifications')).toContain('4');
    expect(figure('Open reports')).toContain('5');
    expect(figure('Live shows now')).toContain('6');
    expect(figure('Active subscriptions')).toContain('14');
    expect(figure('Active subscriptions')).toContain('3 site memberships');
    // The waiting work links to where it is done.
    const link = (label: string) =>
      document.querySelector(`[role="group"][aria-label="${label}"]`)?.closest('a')?.getAttribute('href');
    expect(link('Pending payouts')).toBe('/admin/payouts');
    expect(link('Creator verifications')).toBe('/admin/creators');
    expect(link('Open reports')).toBe('/admin/reports');
  });

  it('lists each day’s exact figures on demand, newest first', async () => {
    stubFetch(() => Response.json({ data: dashboardOf(7) }));
    renderScreen(<AdminDashboard signedInAs="root" />);
    // The charts are their own chunk: the first import may take a moment.
    await vi.waitFor(() => getButton('Show the figures by day'), { timeout: 10_000 });
    await click(getButton('Show the figures by day'));
    const rows = [...document.querySelectorAll('table[aria-label="Figures by day"] tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toEqual(['2030-03-01', '2', '$15.55', '$3.39', '$12.16']);
    expect(rows[0]).toEqual(['2030-03-07', '0', '$0.00', '$0.00', '$0.00']);
  });

  it('asks for 7 or 90 days when the period changes', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      const days = Number(new URL(url, 'http://x').searchParams.get('days'));
      return Response.json({ data: dashboardOf(days) });
    });
    renderScreen(<AdminDashboard signedInAs="root" />);
    await vi.waitFor(() => expect(figure('Gross')).toContain('$1,234,567.89'));
    await click(document.querySelector<HTMLInputElement>('input[value="7"]')!);
    await vi.waitFor(() => expect(asked).toContain('/api/admin/dashboard?days=7'));
    await click(document.querySelector<HTMLInputElement>('input[value="90"]')!);
    await vi.waitFor(() => expect(asked).toContain('/api/admin/dashboard?days=90'));
  });

  it('shows grey placeholders while loading, then an empty state when nothing happened', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderScreen(<AdminDashboard signedInAs="root" />);
    expect(document.querySelector('[aria-label="Loading the chart"]')).not.toBeNull();
    const quiet = dashboardOf(7, {
      totals: { ...zeroDay },
      byDay: Array.from({ length: 7 }, (_, i) => ({ ...zeroDay, date: `2030-03-0${i + 1}` })),
    });
    await act(async () => answer(Response.json({ data: quiet })));
    await vi.waitFor(() => expect(text()).toContain('No sales or sign-ups yet'));
    expect(figure('Gross')).toContain('$0.00');
  });
});

const report = (overrides: Partial<TLedgerReconciliation> = {}): TLedgerReconciliation => ({
  ok: true,
  transactions: 12,
  entries: 34,
  accounts: 5,
  totalsByKind: { creator_earnings: 98700, fan_wallet: 5000, platform_revenue: -103700 },
  problems: [],
  checkedAt: '2030-03-12T18:00:00.000Z',
  ...overrides,
});

const tipId = '0190a000-0000-7000-8000-000000000001';
const refundId = '0190a000-0000-7000-8000-000000000002';

function stubLedger(
  reconciliation: TLedgerReconciliation,
  refund: { refundedAt: string | null; onRefund?: (body: unknown, headers: Headers) => void } = {
    refundedAt: null,
  },
) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/admin/ledger/reconciliation')) return Response.json({ data: reconciliation });
    if (url === `/api/admin/transactions/${tipId}/refund` && init?.method === 'POST') {
      refund.onRefund?.(JSON.parse(String(init.body)), new Headers(init.headers));
      refund.refundedAt = '2030-03-12T11:00:00.000Z';
      return Response.json({
        data: {
          _id: refundId,
          chargeTransactionId: tipId,
          type: 'tip',
          fan: { _id: 'f', name: 'Ada', username: 'ada' },
          creator: { _id: 'c', name: 'Mira', username: 'mira' },
          grossCents: 1234,
          refundedTo: 'wallet',
          netCents: 987,
          commissionCents: 247,
          reason: 'Sent twice',
          refundedAt: refund.refundedAt,
        },
      });
    }
    if (url.startsWith('/api/admin/transactions')) {
      return Response.json({
        data: [
          {
            isRefundable: refund.refundedAt === null,
            refundedAt: refund.refundedAt,
            refundTransactionId: refund.refundedAt ? refundId : null,
            _id: tipId,
            kind: 'charge',
            reference: 'tip:creator',
            initiator: { _id: 'f', name: 'Ada', username: 'ada' },
            amountCents: 1234,
            entries: [
              { account: 'fan_wallet', user: { _id: 'f', name: 'Ada', username: 'ada' }, amountCents: -1234 },
              {
                account: 'creator_earnings',
                user: { _id: 'c', name: 'Mira', username: 'mira' },
                amountCents: 987,
              },
              { account: 'platform_revenue', user: null, amountCents: 247 },
            ],
            createdAt: '2030-03-12T10:00:00.000Z',
          },
        ],
        total: 1,
      });
    }
    return Response.json({ data: [], total: 0 });
  });
}

describe('the ledger screen', () => {
  it('shows the reconciliation and each transaction with its lines', async () => {
    stubLedger(report());
    renderScreen(<LedgerAdmin />);
    await vi.waitFor(() => expect(text()).toContain('Balanced'));
    expect(text()).toContain('12 transactions, 34 entries, 5 accounts');
    expect(text()).toContain('Creators’ earnings$987.00');
    expect(text()).toContain('Platform revenue-$1,037.00');
    await vi.waitFor(() =>
      expect(document.querySelectorAll('[data-testid="ledger-transaction-row"]')).toHaveLength(1),
    );
    const row = document.querySelector('[data-testid="ledger-transaction-row"]')!.textContent;
    expect(row).toContain('Fan wallets · Ada (@ada)-$12.34');
    expect(row).toContain('Creators’ earnings · Mira (@mira)+$9.87');
    expect(row).toContain('Platform revenue+$2.47');
  });

  it('names every problem when the ledger drifted', async () => {
    stubLedger(
      report({ ok: false, problems: ['Wallet of user u1 caches 8767 cents but its entries sum to 8766.'] }),
    );
    renderScreen(<LedgerAdmin />);
    await vi.waitFor(() => expect(text()).toContain('1 problem'));
    expect(text()).toContain('Wallet of user u1 caches 8767 cents but its entries sum to 8766.');
  });

  it('searches with the filters and downloads the CSV of the same search', async () => {
    const fetchMock = stubLedger(report());
    renderScreen(<LedgerAdmin />);
    await vi.waitFor(() => getByLabel('Person'));
    await typeInto(getByLabel('Person'), 'ada', { stay: true });
    await typeInto(getByLabel('From'), '2030-03-01');
    await typeInto(getByLabel('To'), '2030-03-12');
    const kind = getByLabel('Kind') as unknown as HTMLSelectElement;
    await act(async () => {
      kind.value = 'charge';
      kind.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const expected = 'q=ada&kind=charge&fromDate=2030-03-01&toDate=2030-03-12';
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
        `/api/admin/transactions?${expected}&offset=0&limit=20`,
      ),
    );
    const csv = [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('Download CSV'));
    expect(csv?.getAttribute('href')).toBe(`/api/admin/transactions.csv?${expected}`);
    expect(csv?.hasAttribute('download')).toBe(true);
  });

  it('says when the start date is after the end date, and does not search', async () => {
    const fetchMock = stubLedger(report());
    renderScreen(<LedgerAdmin />);
    await vi.waitFor(() => getByLabel('From'));
    await typeInto(getByLabel('From'), '2030-03-12');
    await typeInto(getByLabel('To'), '2030-03-01');
    await vi.waitFor(() => expect(text()).toContain('The start date must not be after the end date.'));
    expect(fetchMock.mock.calls.map((c) => String(c[0])).some((u) => u.includes('toDate=2030-03-01'))).toBe(
      false,
    );
  });

  it('refunds a charge after a confirmation that says who gets what, then shows it refunded', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    stubLedger(report(), {
      refundedAt: null,
      onRefund: (body, headers) => sent.push({ body, key: headers.get('idempotency-key') }),
    });
    renderScreen(<LedgerAdmin />);
    await vi.waitFor(() => getButton('Refund…'));
    await click(getButton('Refund…'));
    const dialog = () => (document.querySelector('[role="dialog"]')?.textContent ?? '').replace(/\s+/g, ' ');
    await vi.waitFor(() => expect(dialog()).toContain('Refund this tip?'));
    expect(dialog()).toContain('Ada (@ada) gets back, to the wallet+$12.34');
    expect(dialog()).toContain('Taken from Mira (@mira)’s earnings-$9.87');
    expect(dialog()).toContain('Taken from platform revenue-$2.47');

    // The reason is required: nothing is sent without it.
    await click(getButton('Refund $12.34'));
    expect(fieldError(getByLabel('Reason'))).toBe('Say why the charge is refunded.');
    expect(sent).toHaveLength(0);

    await typeInto(getByLabel('Reason'), 'Sent twice', { stay: true });
    await click(getButton('Refund $12.34'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ reason: 'Sent twice' });
    expect(sent[0]!.key).toMatch(/.+/);
    await vi.waitFor(() => expect(text()).toContain('Refunded $12.34 to Ada’s wallet.'));
    await vi.waitFor(() => {
      const row = document.querySelector('[data-testid="ledger-transaction-row"]')!.textContent ?? '';
      expect(row).toContain('Refunded');
      expect(row).not.toContain('Refund…');
    });
  });
});
