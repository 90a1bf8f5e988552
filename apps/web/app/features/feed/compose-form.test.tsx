import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposeForm } from './compose-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Mantine's autosizing text area listens for web fonts; happy-dom has no font set.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The API as far as publishing goes: every POST answers a published post. */
function stubApi() {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    Response.json({
      data: { _id: 'p1', status: 'published', ...JSON.parse(String(init?.body ?? '{}')) },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <ComposeForm username="luna" /> },
    { path: '/luna', element: <p>Creator page</p> },
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
}

/** The form control a person finds by its label (aria-label, a <label for>, or a label around it). */
function byLabel(label: string): HTMLInputElement {
  const aria = document.querySelector<HTMLInputElement>(`[aria-label="${label}"]`);
  if (aria) return aria;
  const text = [...document.querySelectorAll('label, label span')].find(
    (l) => l.textContent?.trim() === label,
  );
  const tag = text?.closest('label');
  const input = tag?.htmlFor ? document.getElementById(tag.htmlFor) : tag?.querySelector('input, textarea');
  if (!input) throw new Error(`No field labelled ${label}`);
  return input as HTMLInputElement;
}

const buttonNamed = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`No button named ${name}`);
  return found;
};

/** Types like a person: replaces the field's value and fires the input event React listens to. */
async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const click = (element: HTMLElement) => act(async () => element.click());

const posted = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('/performer/feeds') && init?.method === 'POST',
  );

describe('the poll composer', () => {
  it('publishes once the duplicate options are corrected, without a reload', async () => {
    const fetchMock = stubApi();
    render();
    await type(byLabel('Text'), 'Where next?');
    await click(byLabel('Add a poll'));
    await type(byLabel('Poll option 1'), 'Lisbon');
    await type(byLabel('Poll option 2'), 'lisbon');
    await click(buttonNamed('Publish'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Each option must be different.'));
    expect(posted(fetchMock)).toHaveLength(0);

    await type(byLabel('Poll option 2'), 'Osaka');
    await click(buttonNamed('Publish'));
    await vi.waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(posted(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({ type: 'poll', text: 'Where next?', pollOptions: ['Lisbon', 'Osaka'] });
  });
});

describe('the public teaser line', () => {
  it('is sent with the post', async () => {
    const fetchMock = stubApi();
    render();
    await type(byLabel('Text'), 'Chapter one, in full.');
    await type(byLabel('Public teaser line (optional)'), 'The first chapter of my novel');
    await click(buttonNamed('Publish'));
    await vi.waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posted(fetchMock)[0]?.[1]?.body))).toMatchObject({
      type: 'text',
      previewText: 'The first chapter of my novel',
    });
  });

  it('longer than 200 characters is refused next to the field, not cut short', async () => {
    const fetchMock = stubApi();
    render();
    await type(byLabel('Text'), 'Body');
    await type(byLabel('Public teaser line (optional)'), 'x'.repeat(201));
    await click(buttonNamed('Publish'));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'The public teaser line can be at most 200 characters long.',
      ),
    );
    expect(byLabel('Public teaser line (optional)').value).toHaveLength(201);
    expect(posted(fetchMock)).toHaveLength(0);
  });
});
