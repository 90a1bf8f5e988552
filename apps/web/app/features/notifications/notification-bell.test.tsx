import type { TNotification } from '@fanstage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { act, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  getButton,
  queryButton,
  renderScreen,
  stubFetch,
} from '../../test-utils/screen';
import { dispatch } from '../realtime/socket-client';
import { NotificationBell } from './notification-bell';
import { bindNotificationEvents } from './notification-events';

afterEach(cleanupScreen);

const notificationOf = (id: string, title: string, extra: Partial<TNotification> = {}): TNotification => ({
  _id: id,
  type: 'tip.received',
  title,
  text: `${title}, in words.`,
  link: '/creator/earnings',
  readAt: null,
  createdAt: new Date().toISOString(),
  ...extra,
});

/** The bell as the header has it, with the socket events bound as the app binds them. */
function LiveBell() {
  const queryClient = useQueryClient();
  useEffect(() => bindNotificationEvents(queryClient), [queryClient]);
  return <NotificationBell />;
}

/** A fake notifications API over a list; records the writes. */
function stubNotificationsApi(list: TNotification[]) {
  const rows = [...list];
  return stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/notifications') {
      return Response.json({
        data: rows,
        total: rows.length,
        unreadCount: rows.filter((n) => !n.readAt).length,
      });
    }
    if (method === 'POST' && url.pathname === '/api/notifications/read-all') {
      for (const n of rows) n.readAt ??= new Date().toISOString();
      return Response.json({ data: { unreadCount: 0 } });
    }
    const one = /^\/api\/notifications\/([^/]+)\/read$/.exec(url.pathname);
    if (method === 'POST' && one) {
      const n = rows.find((r) => r._id === one[1]);
      if (n) n.readAt ??= new Date().toISOString();
      return Response.json({ data: { unreadCount: rows.filter((r) => !r.readAt).length } });
    }
    return Response.json({ message: 'not stubbed' }, { status: 500 });
  });
}

const countShown = () =>
  document.querySelector('[data-testid="notification-count"]')?.getAttribute('data-count');
const bell = () => getButton('Notifications');
const itemTitles = () =>
  [...document.querySelectorAll('[aria-label="Latest notifications"] button')].map((b) =>
    b.getAttribute('aria-label'),
  );

describe('the notification bell', () => {
  it('shows the unread count and lists the newest notifications with the unread ones marked', async () => {
    stubNotificationsApi([
      notificationOf('n2', 'Ada sent you a tip'),
      notificationOf('n1', 'Old news', { readAt: '2026-01-01T00:00:00Z' }),
    ]);
    renderScreen(<NotificationBell />, { user: { _id: 'creator', role: 'performer' } });
    await vi.waitFor(() => expect(countShown()).toBe('1'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await click(bell());
    await vi.waitFor(() => expect(itemTitles()).toEqual(['Unread: Ada sent you a tip', 'Old news']));
    expect(document.body.textContent).toContain('Ada sent you a tip, in words.');
  });

  it('says so when there is nothing yet', async () => {
    stubNotificationsApi([]);
    renderScreen(<NotificationBell />, { user: { _id: 'fan', role: 'user' } });
    await vi.waitFor(() => expect(countShown()).toBe('0'));
    await click(bell());
    await vi.waitFor(() => expect(document.body.textContent).toContain('No notifications yet'));
    expect(getButton('Mark all read').disabled).toBe(true);
  });

  it('marks everything read in one click and the count goes to zero', async () => {
    const fetchMock = stubNotificationsApi([notificationOf('a', 'First'), notificationOf('b', 'Second')]);
    renderScreen(<NotificationBell />, { user: { _id: 'creator', role: 'performer' } });
    await vi.waitFor(() => expect(countShown()).toBe('2'));
    await click(bell());
    await vi.waitFor(() => expect(queryButton('Mark all read')?.disabled).toBe(false));
    await click(getButton('Mark all read'));
    await vi.waitFor(() => expect(countShown()).toBe('0'));
    expect(itemTitles()).toEqual(['First', 'Second']);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/notifications/read-all') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('opening a notification marks it read and goes to its page', async () => {
    const fetchMock = stubNotificationsApi([notificationOf('t1', 'A tip', { link: '/creator/earnings' })]);
    const { router } = renderScreen(<NotificationBell />, {
      user: { _id: 'creator', role: 'performer' },
      routes: [{ path: '/creator/earnings', element: <p>Earnings page</p> }],
    });
    await vi.waitFor(() => expect(countShown()).toBe('1'));
    await click(bell());
    await vi.waitFor(() => expect(itemTitles()).toEqual(['Unread: A tip']));
    await click(getButton('Unread: A tip'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/creator/earnings'));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/notifications/t1/read'))).toBe(
        true,
      ),
    );
  });

  it('adds a pushed notification on top at once, and follows a read made in another tab', async () => {
    stubNotificationsApi([notificationOf('old', 'Earlier tip', { readAt: '2026-01-01T00:00:00Z' })]);
    renderScreen(<LiveBell />, { user: { _id: 'creator', role: 'performer' } });
    await vi.waitFor(() => expect(countShown()).toBe('0'));
    await click(bell());
    await vi.waitFor(() => expect(itemTitles()).toEqual(['Earlier tip']));

    const pushed = notificationOf('new', 'Bo sent you a tip');
    act(() => dispatch('notification/created', { notification: pushed, unreadCount: 1 } as never));
    await vi.waitFor(() => expect(countShown()).toBe('1'));
    expect(itemTitles()).toEqual(['Unread: Bo sent you a tip', 'Earlier tip']);

    act(() => dispatch('notification/read', { ids: ['new'], unreadCount: 0 } as never));
    await vi.waitFor(() => expect(countShown()).toBe('0'));
    expect(itemTitles()).toEqual(['Bo sent you a tip', 'Earlier tip']);
  });
  it('reads 99+ past 99 (the server counts up to 100)', async () => {
    stubNotificationsApi([notificationOf('old', 'Earlier tip', { readAt: '2026-01-01T00:00:00Z' })]);
    renderScreen(<LiveBell />, { user: { _id: 'creator', role: 'performer' } });
    await vi.waitFor(() => expect(countShown()).toBe('0'));
    await click(bell());
    await vi.waitFor(() => expect(itemTitles()).toEqual(['Earlier tip']));
    act(() =>
      dispatch('notification/created', {
        notification: notificationOf('a', 'Tip'),
        unreadCount: 99,
      } as never),
    );
    await vi.waitFor(() => expect(countShown()).toBe('99'));
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 99 unread'));
    act(() =>
      dispatch('notification/created', {
        notification: notificationOf('b', 'Tip'),
        unreadCount: 100,
      } as never),
    );
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 99+ unread'));
    expect(document.querySelector('[data-testid="notification-count"]')?.textContent).toBe('99+');
  });
});
