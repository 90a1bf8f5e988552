import type { TEmailTemplate } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailTemplateEditor } from './email-templates-admin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Mantine's autosize textarea listens for web fonts loading; happy-dom has no `document.fonts`.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const template: TEmailTemplate = {
  key: 'notification.order.shipped',
  name: 'Shipped orders',
  description: 'Notification: An order of yours was shipped.',
  placeholders: ['name', 'link', 'orderNumber'],
  subject: '{{title}}',
  body: 'Hello {{name}}',
  isEdited: false,
  updatedAt: null,
  defaultSubject: '{{title}}',
  defaultBody: 'Hello {{name}}',
  updatedBy: null,
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The editor against a fake API; `saveAnswer` is what PUT answers. */
function render(saveAnswer: { status: number; body: unknown }) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      asked.push({ method, path: url.pathname, body });
      if (method === 'PUT') return Response.json(saveAnswer.body, { status: saveAnswer.status });
      if (url.pathname.endsWith('/preview')) {
        return Response.json({
          data: { subject: 'Order shipped', text: 'Hello Alex', html: '<p>Hello Alex</p>' },
        });
      }
      return Response.json({ data: template });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <EmailTemplateEditor templateKey="notification.order.shipped" /> },
  ]);
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

const body = () => document.querySelector('textarea') as HTMLTextAreaElement;
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;

describe('the email template editor', () => {
  it('inserts a placeholder chip into the body and saves subject and body', async () => {
    const asked = render({
      status: 200,
      body: { data: { ...template, body: 'Hello {{name}}{{orderNumber}}', isEdited: true } },
    });
    await vi.waitFor(() => expect(body()?.value).toBe('Hello {{name}}'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Order shipped'));
    await act(async () => {
      body().setSelectionRange(body().value.length, body().value.length);
      button('{{orderNumber}}').click();
    });
    expect(body().value).toBe('Hello {{name}}{{orderNumber}}');
    await act(async () => button('Save').click());
    const put = asked.find((a) => a.method === 'PUT');
    expect(put).toMatchObject({
      path: '/api/admin/email-templates/notification.order.shipped',
      body: { subject: '{{title}}', body: 'Hello {{name}}{{orderNumber}}' },
    });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Template saved'));
  });

  it('shows the API sentence as a toast when a save is refused', async () => {
    const message = 'This mail does not know {{nmae}}. It can use {{name}}, {{link}}, {{orderNumber}}.';
    render({ status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message } });
    await vi.waitFor(() => expect(body()?.value).toBe('Hello {{name}}'));
    await act(async () => {
      body().setSelectionRange(0, 0);
      button('{{link}}').click();
    });
    await act(async () => button('Save').click());
    await vi.waitFor(() => expect(document.body.textContent).toContain(message));
  });
});
