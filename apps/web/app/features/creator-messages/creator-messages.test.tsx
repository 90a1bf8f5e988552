import type { TMassMessage, TWelcomeMessage } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MassMessageForm } from './mass-message-form';
import { MassMessageList } from './mass-message-list';
import { WelcomeMessageSettings } from './welcome-message-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Mantine's autosize textarea listens for web fonts loading; happy-dom has no `document.fonts`.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const massMessage = (over: Partial<TMassMessage>): TMassMessage => ({
  _id: '0198f000-0000-7000-8000-0000000000a1',
  text: 'See you on Friday',
  price: 0,
  filesCount: 0,
  audience: 'followers',
  status: 'sent',
  recipientsCount: 12,
  scheduledAt: null,
  sentAt: '2030-05-01T12:00:00.000Z',
  createdAt: '2030-05-01T12:00:00.000Z',
  ...over,
});

const storedWelcome: TWelcomeMessage = {
  enabled: false,
  text: 'Thanks for following!',
  fileIds: [],
  files: [],
  price: 0,
  trigger: 'subscribe',
};

/** A fake API that records what was sent and answers the creator's messages. */
function stubApi(options: { mass?: TMassMessage[] } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/messages/mass' && method === 'POST') {
      return Response.json({ data: massMessage({ status: 'sending', recipientsCount: 0, ...body }) });
    }
    if (path === '/api/messages/mass') {
      const data = options.mass ?? [];
      return Response.json({ data, total: data.length });
    }
    if (path.startsWith('/api/messages/mass/') && method === 'DELETE') {
      return Response.json({ data: massMessage({ status: 'cancelled' }) });
    }
    if (path === '/api/messages/welcome' && method === 'PUT') {
      return Response.json({ data: { ...storedWelcome, ...body, files: [], price: body.price ?? 0 } });
    }
    if (path === '/api/messages/welcome') return Response.json({ data: storedWelcome });
    return Response.json({ data: [], total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function render(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
      </MantineProvider>,
    ),
  );
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
const byLabel = <T extends HTMLElement>(label: string) => {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.htmlFor;
  return (id ? document.getElementById(id) : null) as T | null;
};
const bodyText = () => document.body.textContent ?? '';

async function type(element: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  expect(element).not.toBeNull();
  await act(async () => {
    const proto =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (element: HTMLElement | null | undefined) => act(async () => element?.click());

describe('the mass message form', () => {
  it('asks who gets the message before sending anything', async () => {
    const calls = stubApi();
    render(<MassMessageForm />);
    await type(byLabel('Message'), 'Hello everyone');
    await click(button('Send now'));
    await vi.waitFor(() => expect(bodyText()).toContain('Choose who gets this message.'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a price on a text-only message', async () => {
    const calls = stubApi();
    render(<MassMessageForm />);
    await click(document.querySelector<HTMLElement>('[data-testid="audience-followers"]'));
    await type(byLabel('Message'), 'Pay to read this');
    await type(byLabel('Price to unlock'), '5');
    await click(button('Send now'));
    await vi.waitFor(() => expect(bodyText()).toMatch(/Attach a photo or video to charge/));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends a text message to the chosen audience', async () => {
    const calls = stubApi();
    render(<MassMessageForm />);
    await click(document.querySelector<HTMLElement>('[data-testid="audience-active-subscribers"]'));
    await type(byLabel('Message'), '  New video tonight  ');
    await click(button('Send now'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/messages/mass',
      body: { text: 'New video tonight', fileIds: [], audience: 'active-subscribers' },
    });
    // The form starts over for the next message.
    await vi.waitFor(() => expect(byLabel<HTMLTextAreaElement>('Message')?.value).toBe(''));
  });
});

describe('the mass message list', () => {
  it('says what to do when there is none yet', async () => {
    stubApi({ mass: [] });
    render(<MassMessageList />);
    await vi.waitFor(() => expect(document.querySelector('[data-testid="mass-empty"]')).not.toBeNull());
  });

  it('shows status, audience and recipients, and cancels a scheduled one after confirming', async () => {
    const scheduled = massMessage({
      _id: '0198f000-0000-7000-8000-0000000000b2',
      status: 'scheduled',
      recipientsCount: 0,
      sentAt: null,
      scheduledAt: '2030-06-01T09:30:00.000Z',
      audience: 'subscribers',
    });
    const calls = stubApi({ mass: [scheduled, massMessage({})] });
    render(<MassMessageList />);
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="mass-row"]')).toHaveLength(2));
    expect(bodyText()).toContain('to 12 fans');
    expect(bodyText()).toContain('All subscribers, past and present');
    expect(document.querySelectorAll('[data-testid="mass-row"] button')).toHaveLength(1);
    await click(button('Cancel'));
    await vi.waitFor(() => expect(button('Cancel message')).toBeDefined());
    await click(button('Cancel message'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/messages/mass/${scheduled._id}`),
    );
  });
});

describe('the welcome message settings', () => {
  it('loads what is stored, and saves it on, on follow', async () => {
    const calls = stubApi();
    render(<WelcomeMessageSettings />);
    await vi.waitFor(() =>
      expect(byLabel<HTMLTextAreaElement>('Message')?.value).toBe('Thanks for following!'),
    );
    await click(byLabel('Send a welcome message'));
    await click(
      document.querySelector<HTMLInputElement>(
        '[data-testid="trigger-follow"] input, input[data-testid="trigger-follow"]',
      ),
    );
    await click(button('Save welcome message'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      text: 'Thanks for following!',
      fileIds: [],
      trigger: 'follow',
    });
  });

  it('will not turn on an empty welcome message', async () => {
    const calls = stubApi();
    render(<WelcomeMessageSettings />);
    await vi.waitFor(() => expect(byLabel('Message')).not.toBeNull());
    await type(byLabel('Message'), '');
    await click(byLabel('Send a welcome message'));
    await click(button('Save welcome message'));
    await vi.waitFor(() => expect(bodyText()).toMatch(/before turning it on/));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
