import type { TCurrentUser } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { currentUserKey } from '../features/auth/use-current-user';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Mantine's autosizing text area listens for web fonts; happy-dom has no font set.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/*
 * A small stand-in for Testing Library (not a dependency of this project): render a screen with the
 * app's providers, find elements as a person does (by label, by role and name) and type or click.
 */

let root: Root | null = null;

/**
 * Renders one screen inside Mantine, react-query (with the given user) and a memory router at `/`.
 * `routes` are the pages the screen may navigate to (matched before the screen's own catch-all);
 * `staleTime` keeps seeded query data from being fetched again.
 */
export function renderScreen(
  element: ReactNode,
  options: { user?: Partial<TCurrentUser> | null; routes?: RouteObject[]; staleTime?: number } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: options.staleTime ?? 0 } },
  });
  queryClient.setQueryData(currentUserKey, (options.user ?? null) as TCurrentUser | null);
  const router = createMemoryRouter([...(options.routes ?? []), { path: '*', element }]);
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
  return { queryClient, router };
}

/** Unmounts the screen and forgets stubs; call in afterEach. */
export function cleanupScreen() {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  // The toast store is a module singleton, shared by the files of a worker (isolate: false).
  act(() => notifications.clean());
  vi.unstubAllGlobals();
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The form field whose label starts with `label` (a `<label for>` or aria-label). */
export function getByLabel(label: string): HTMLInputElement {
  for (const l of document.querySelectorAll('label')) {
    if (
      text(l)
        .replace(/\s*\*$/, '')
        .startsWith(label) &&
      l.htmlFor
    ) {
      const input = document.getElementById(l.htmlFor);
      if (input) return input as HTMLInputElement;
    }
  }
  const aria = [...document.querySelectorAll<HTMLInputElement>('[aria-label]')].find((el) =>
    el.getAttribute('aria-label')?.startsWith(label),
  );
  expect(aria, `a field labelled "${label}"`).toBeDefined();
  return aria as HTMLInputElement;
}

/** The button whose accessible text contains `name`, or undefined. */
export const queryButton = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => text(b).includes(name) || b.getAttribute('aria-label')?.includes(name),
  );

export function getButton(name: string): HTMLButtonElement {
  const button = queryButton(name);
  expect(button, `a button named "${name}"`).toBeDefined();
  return button as HTMLButtonElement;
}

/** The error text Mantine shows under a field (its aria-describedby). */
export function fieldError(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el && id.endsWith('-error')) return text(el);
  }
  return null;
}

/** Replaces a field's text as typing would, and leaves the field (unless `stay`, as in a search box). */
export async function typeInto(
  input: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  options: { stay?: boolean } = {},
) {
  await act(async () => {
    input.focus();
    const proto =
      input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  if (options.stay) return;
  await act(async () => {
    input.blur();
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export const click = (element: HTMLElement) =>
  act(async () => {
    element.click();
  });

/** A fetch stub: `handler(path, init)` answers each call; every call is recorded. */
export function stubFetch(
  handler: (path: string, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => handler(String(url), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
