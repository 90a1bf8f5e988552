import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockedCountriesCard } from './blocked-countries-card';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const countries = [
  { name: 'Germany', code: 'DE', flag: '/api/flags/de.svg' },
  { name: 'France', code: 'FR', flag: '/api/flags/fr.svg' },
];

/** The API as the card sees it: the country list, the saved list, and the save. */
function stubApi(saved: string[], owner: 'creator' | 'site') {
  const path = owner === 'creator' ? '/api/block/countries' : '/api/admin/block/countries';
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/countries/list')) return Response.json({ data: countries });
    if (String(url).includes(path) && (init?.method ?? 'GET') === 'GET') {
      return Response.json({ data: { countryCodes: saved } });
    }
    const body = JSON.parse(String(init?.body)) as { countryCodes: string[] };
    return Response.json({ data: { countryCodes: body.countryCodes } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function render(owner: 'creator' | 'site') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <BlockedCountriesCard owner={owner} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await until(() => !document.querySelector('[aria-busy]'));
}

/** Waits (within act) until the screen shows what a person would wait for, or fails after 3 s. */
async function until(isReady: () => boolean) {
  for (let waited = 0; !isReady(); waited += 20) {
    if (waited > 3000) throw new Error('The screen did not get there in 3 s.');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('the blocked countries picker', () => {
  it("shows the creator's saved countries by name, with Save off until something changes", async () => {
    stubApi(['DE'], 'creator');
    await render('creator');
    expect(document.body.textContent).toContain('Germany');
    expect(document.body.textContent).toContain('1 blocked');
    expect(button('Save blocked countries')?.disabled).toBe(true);
  });

  it('saves the list without a removed country and says so', async () => {
    const fetchMock = stubApi(['DE', 'FR'], 'creator');
    await render('creator');
    const remove = document.querySelector<HTMLButtonElement>('.mantine-Pill-remove');
    expect(remove).not.toBeNull();
    await act(async () => {
      remove?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      remove?.click();
    });
    expect(button('Save blocked countries')?.disabled).toBe(false);
    await act(async () => {
      button('Save blocked countries')?.click();
    });
    await until(() => document.body.textContent?.includes('Your blocked countries are saved.') ?? false);
    const save = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(save?.[0])).toContain('/api/block/countries');
    expect(JSON.parse(String(save?.[1]?.body))).toEqual({ countryCodes: ['FR'] });
    expect(document.body.textContent).toContain('Your blocked countries are saved.');
  });

  it("tells an admin the site is open to every country when the site's list is empty", async () => {
    stubApi([], 'site');
    await render('site');
    expect(document.body.textContent).toContain('The site is open to every country.');
  });
});
