import type { TContactMessage } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactMessagesAdmin } from './contact-messages-admin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const messageOf = (i: number, handled = false): TContactMessage => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  name: `Visitor ${i}`,
  email: `visitor${i}@example.test`,
  subject: i === 2 ? '' : `Question ${i}`,
  message: `Message body ${i}`,
  createdAt: '2026-06-01T12:00:00.000Z',
  handledAt: handled ? '2026-06-02T12:00:00.000Z' : null,
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The page against a fake API; `handledAnswer` is what POST …/handled answers. */
function render(handledAnswer: { status: number; body: unknown }) {
  const asked: { method: string; url: URL }[] = [];
  let handled = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push({ method, url });
      if (method === 'POST') {
        if (handledAnswer.status === 200) handled = true;
        return Response.json(handledAnswer.body, { status: handledAnswer.status });
      }
      return Response.json({ data: [messageOf(1, handled), messageOf(2)], total: 2 });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <ContactMessagesAdmin /> }]);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return asked;
}

const rows = () => [...document.querySelectorAll('[data-testid="contact-message-row"]')];
const markButtons = () =>
  [...document.querySelectorAll('button')].filter((b) => b.textContent?.includes('Mark handled'));

describe('the admin contact messages list', () => {
  it('shows name, email, subject, message and date of each message', async () => {
    const asked = render({ status: 200, body: { data: messageOf(1, true) } });
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0]?.textContent ?? '';
    for (const text of ['Visitor 1', 'visitor1@example.test', 'Question 1', 'Message body 1', '1 Jun 2026']) {
      expect(first).toContain(text);
    }
    expect(rows()[1]?.textContent).toContain('(no subject)');
    expect(document.body.textContent).toContain('2 messages');
    expect(asked[0]?.url.pathname).toBe('/api/admin/contact-messages');
    expect(asked[0]?.url.searchParams.get('offset')).toBe('0');
  });

  it('marks a message handled through the API and shows it handled', async () => {
    const asked = render({ status: 200, body: { data: messageOf(1, true) } });
    await vi.waitFor(() => expect(markButtons()).toHaveLength(2));
    await act(async () => markButtons()[0]?.click());
    await vi.waitFor(() => expect(markButtons()).toHaveLength(1));
    const post = asked.find((a) => a.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/admin/contact-messages/${messageOf(1).id}/handled`);
    expect(rows()[0]?.textContent).toContain('Handled');
    await vi.waitFor(() => expect(document.body.textContent).toContain('Marked handled'));
  });

  it('shows the API sentence as a toast when marking fails', async () => {
    render({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'That contact message was not found.' },
    });
    await vi.waitFor(() => expect(markButtons()).toHaveLength(2));
    await act(async () => markButtons()[0]?.click());
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('That contact message was not found.'),
    );
    expect(markButtons()).toHaveLength(2);
  });
});
