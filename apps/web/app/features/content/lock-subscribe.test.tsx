import type { TCurrentUser, TFeed, TPerformerPublic } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../auth/use-current-user';
import { LockedMedia } from '../feed/post-media';
import { LockPanel } from './content-ui';

// React asks for this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const creator = {
  _id: '0198f000-0000-7000-8000-000000000001',
  name: 'Luna Park',
  username: 'luna',
  avatar: '/avatar.png',
  monthlyPrice: 9.99,
  yearlyPrice: 99,
  freeSubscription: false,
} as TPerformerPublic;

const lockedPost = {
  _id: '0198f000-0000-7000-8000-000000000002',
  type: 'photo',
  text: '',
  performer: { _id: creator._id, name: creator.name, username: creator.username, avatar: creator.avatar },
  isSale: false,
  price: 0,
  canView: false,
  isLocked: true,
  reason: 'needs-subscription',
  files: [],
  thumbnail: { url: 'data:image/webp;base64,AAAA', source: 'default' },
} as unknown as TFeed;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Renders inside the providers a page has, as a fan with 20.00 in the wallet. */
function render(element: React.ReactNode, options: { cachedCreator: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, {
    _id: 'fan',
    role: 'user',
    balance: 20,
  } as unknown as TCurrentUser);
  if (options.cachedCreator) queryClient.setQueryData(['performer', creator._id], creator);
  const router = createMemoryRouter([{ path: '/', element }]);
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
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(text));

async function pressSubscribe() {
  const subscribe = document.querySelector<HTMLButtonElement>('[data-testid="lock-subscribe-button"]');
  expect(subscribe).not.toBeNull();
  await act(async () => subscribe?.click());
  await vi.waitFor(() => expect(document.body.textContent).toContain('Monthly'));
}

describe('the Subscribe button of a locked item', () => {
  it('on a locked post opens the subscription modal with the monthly plan chosen, not a "coming soon" note', async () => {
    render(<LockedMedia post={lockedPost} monthlyPrice={9.99} />, { cachedCreator: true });
    await pressSubscribe();
    const text = document.body.textContent ?? '';
    expect(text).not.toContain('arrive soon');
    expect(text).toContain('Yearly');
    expect(button('Subscribe for $9.99')).toBeDefined();
  });

  it('reads the creator’s plans when the page does not have them', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ data: { ...creator, monthlyPrice: 4.5 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<LockedMedia post={lockedPost} />, { cachedCreator: false });
    await pressSubscribe();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/performers/${creator._id}`);
    expect(button('Subscribe for $4.50')).toBeDefined();
  });

  it('on a locked video opens the same modal for the page’s creator', async () => {
    render(
      <LockPanel
        lock={{
          kind: 'subscribe',
          title: 'Subscribe to see this video',
          action: 'Subscribe for $9.99/month',
        }}
        background={null}
        unlock={{ type: 'video', id: 'v1', price: 0 }}
        creator={{ performerId: creator._id, performer: creator }}
      />,
      { cachedCreator: false },
    );
    await pressSubscribe();
    expect(document.body.textContent).not.toContain('arrive soon');
    expect(button('Subscribe for $9.99')).toBeDefined();
  });
});
