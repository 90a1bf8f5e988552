import type { TReport } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportQueue, reportedItemOf } from './report-queue';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const reportOf = (i: number, over: Partial<TReport> = {}): TReport => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  target: 'feed',
  targetId: `10000000-0000-4000-8000-00000000000${i}`,
  category: 'spam',
  description: `Report number ${i}`,
  status: 'open',
  reporter: { _id: 'fan', name: 'Ada', username: 'ada' },
  resolvedAt: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The queue against a fake API of two open reports; records what it was asked. */
function renderQueue() {
  const asked: { method: string; url: URL; body: unknown }[] = [];
  let open = [reportOf(1), reportOf(2, { category: 'underage', target: 'comment' })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'PUT') {
        const id = url.pathname.split('/').at(-1);
        const closed = { ...open.find((r) => r._id === id)!, status: 'dismissed' as const };
        open = open.filter((r) => r._id !== id);
        return Response.json({ data: closed });
      }
      const category = url.searchParams.get('category');
      const rows = open.filter((r) => !category || r.category === category);
      return Response.json({ data: rows, total: rows.length });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <ReportQueue /> }]);
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

const rows = () => [...document.querySelectorAll('[data-testid="report-row"]')];
/** A button of the open dialog, by its text. */
const dialogButton = (name: string) =>
  [...document.querySelectorAll('[role="dialog"] button')].find(
    (b) => b.textContent?.trim() === name,
  ) as HTMLButtonElement;

describe('the admin report queue', () => {
  it('lists open reports with their reason, an urgent mark for a minor, and a link to a post', async () => {
    const asked = renderQueue();
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(asked[0]!.url.pathname).toBe('/api/admin/reports');
    expect(asked[0]!.url.searchParams.get('status')).toBe('open');
    expect(rows()[0]!.textContent).toContain('Spam or scam');
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe(`/post/${reportOf(1).targetId}`);
    expect(rows()[1]!.textContent).toContain('A minor may be involved');
    expect(rows()[1]!.textContent).toContain('urgent');
    expect(rows()[1]!.querySelector('a')).toBeNull();
  });

  it('dismisses a report after confirming, and it leaves the open queue', async () => {
    const asked = renderQueue();
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    act(() => rows()[0]!.querySelectorAll('button')[1]!.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Dismiss this report?'));
    act(() => dialogButton('Dismiss').click());
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const put = asked.find((a) => a.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/admin/reports/${reportOf(1)._id}`);
    expect(put.body).toEqual({ status: 'dismissed' });
  });

  it('names every kind of reported item and where to see it', () => {
    expect(reportedItemOf({ target: 'performer', targetId: 'u1' })).toEqual({
      label: 'Creator profile',
      to: '/u1',
    });
    expect(reportedItemOf({ target: 'video', targetId: 'v1' })).toEqual({ label: 'Video', to: '/video/v1' });
    expect(reportedItemOf({ target: 'comment', targetId: 'c1' })).toEqual({ label: 'Comment', to: null });
  });
});
