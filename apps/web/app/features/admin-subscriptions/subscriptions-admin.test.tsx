import type { TAdminSubscriptionItem } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { daysProblem, reasonProblem, SubscriptionsAdmin } from './subscriptions-admin';

afterEach(cleanupScreen);

const party = (name: string) => ({
  _id: `0198f000-0000-7000-8000-${name.padStart(12, '0')}`,
  name,
  username: name,
  avatar: '/a.svg',
});
const subOf = (i: number, over: Partial<TAdminSubscriptionItem> = {}): TAdminSubscriptionItem => ({
  _id: `0198f000-0000-7000-9000-0000000000${String(i).padStart(2, '0')}`,
  fanId: party(`fan${i}`)._id,
  performerId: party('star')._id,
  type: 'monthly',
  paymentMethod: 'wallet',
  status: 'active',
  isActive: true,
  autoRenew: true,
  startedAt: '2026-06-01T12:00:00.000Z',
  expiredAt: '2026-07-01T12:00:00.000Z',
  cancelledAt: null,
  renewalFailedAt: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
  fan: party(`fan${i}`),
  performer: party('star'),
  ...over,
});

/** The screen against a fake API of 3 subscriptions; records every request. */
function renderSubs(
  items = [
    subOf(1),
    subOf(2, { status: 'expired', isActive: false, autoRenew: false, paymentMethod: 'free', type: 'free' }),
    subOf(3, { paymentMethod: 'card' }),
  ],
) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    asked.push({
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (method === 'POST') return Response.json({ data: items[0] });
    if (url.pathname.endsWith('/admin/users/search')) return Response.json({ data: [], total: 0 });
    const status = url.searchParams.get('status');
    const shown = items.filter((s) => !status || s.status === status);
    return Response.json({ data: shown, total: shown.length });
  });
  renderScreen(<SubscriptionsAdmin />);
  return asked;
}

const rows = () => [...document.querySelectorAll('[data-testid="admin-subscription-row"]')];
const cards = () => [...document.querySelectorAll('[data-testid="admin-subscription-card"]')];
const segment = (text: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === text) as HTMLElement;
const posts = (asked: ReturnType<typeof renderSubs>) => asked.filter((a) => a.method === 'POST');
const modalButton = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
    (b) => b.textContent === name,
  )!;
const buttonsIn = (el: Element, name: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.includes(name))!;

describe('the admin subscriptions list', () => {
  it('shows fan, creator, status, end, renewal and how it was paid, as rows and phone cards', async () => {
    renderSubs();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(cards()).toHaveLength(3);
    expect(rows()[0]?.textContent).toContain('@fan1');
    expect(rows()[0]?.textContent).toContain('@star');
    expect(rows()[0]?.textContent).toContain('Active');
    expect(rows()[0]?.textContent).toContain('Jul 1, 2026');
    expect(rows()[0]?.textContent).toContain('Wallet');
    expect(rows()[1]?.textContent).toContain('Expired');
    expect(rows()[1]?.textContent).toContain('Free');
    expect(rows()[2]?.textContent).toContain('Card');
    // An ended subscription cannot be cancelled again.
    expect(buttonsIn(rows()[1]!, 'Cancel').disabled).toBe(true);
  });

  it('filters by status and says so when nothing matches', async () => {
    const asked = renderSubs();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await click(segment('Lapsed'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('No matching subscriptions'));
    expect(asked.at(-1)?.path).toContain('status=lapsed');
  });
});

describe('the dialogs', () => {
  it('extend refuses days outside 1–365 and a short reason before sending, then sends days and reason', async () => {
    const asked = renderSubs();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await click(buttonsIn(rows()[0]!, 'Extend'));
    await typeInto(getByLabel('Days to add'), '400');
    await typeInto(getByLabel('Reason'), 'ok');
    await click(modalButton('Extend'));
    expect(document.body.textContent).toContain('The number of days must be at most 365.');
    expect(document.body.textContent).toContain('The reason must be at least 3 characters.');
    expect(posts(asked)).toEqual([]);

    await typeInto(getByLabel('Days to add'), '14');
    await typeInto(getByLabel('Reason'), 'Outage last week');
    await click(modalButton('Extend'));
    await vi.waitFor(() => expect(posts(asked)).toHaveLength(1));
    expect(posts(asked)[0]).toMatchObject({
      path: `/api/admin/subscriptions/${subOf(1)._id}/extend`,
      body: { days: 14, reason: 'Outage last week' },
    });
  });

  it('cancel says nothing is refunded, and can end access now', async () => {
    const asked = renderSubs();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await click(buttonsIn(rows()[0]!, 'Cancel'));
    expect(document.body.textContent).toContain('Nothing is refunded here');
    await click(getByLabel('End access now'));
    await typeInto(getByLabel('Reason'), 'Abuse of chargebacks');
    await click(getButton('End access now'));
    await vi.waitFor(() => expect(posts(asked)).toHaveLength(1));
    expect(posts(asked)[0]).toMatchObject({
      path: `/api/admin/subscriptions/${subOf(1)._id}/cancel`,
      body: { reason: 'Abuse of chargebacks', immediately: true },
    });
  });

  it('grant asks for a fan and a creator before sending', async () => {
    const asked = renderSubs();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await click(getButton('Grant'));
    await typeInto(getByLabel('Reason'), 'Contest winner');
    await click(modalButton('Grant'));
    expect(document.body.textContent).toContain('Choose a fan.');
    expect(posts(asked)).toEqual([]);
  });
});

describe('the limits', () => {
  it('names the limit in each sentence', () => {
    expect(daysProblem(0)).toBe('The number of days must be at least 1.');
    expect(daysProblem(366)).toBe('The number of days must be at most 365.');
    expect(daysProblem(2.5)).toBe('The number of days must be a whole number.');
    expect(daysProblem('')).toBe('The number of days must be a whole number.');
    expect(daysProblem(365)).toBeNull();
    expect(reasonProblem('  ab ')).toBe('The reason must be at least 3 characters.');
    expect(reasonProblem('x'.repeat(501))).toBe('The reason must be at most 500 characters.');
    expect(reasonProblem('Fine')).toBeNull();
  });
});
