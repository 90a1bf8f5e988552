import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorAdminCard } from './two-factor-admin-card';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const userId = '0b6f0a52-7f5e-4c8e-9b1a-3d2f1e0c9a77';
const wait = () => act(async () => new Promise((resolve) => setTimeout(resolve, 150)));
const button = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe("the admin's two-factor card", () => {
  it('shows that two-factor is on and resets it with the reason after confirmation', async () => {
    let enabled = true;
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
          enabled = false;
          return Response.json({ data: { success: true } });
        }
        return Response.json({
          data: {
            enabled,
            enabledAt: enabled ? '2026-05-01T10:00:00.000Z' : null,
            recoveryCodesLeft: 7,
            required: false,
          },
        });
      }),
    );
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root?.render(
        <MantineProvider>
          <Notifications />
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <TwoFactorAdminCard user={{ _id: userId, name: 'Ann Lee' }} />
          </QueryClientProvider>
        </MantineProvider>,
      ),
    );
    await wait();
    expect(document.body.textContent).toContain('7 recovery codes left');
    await act(async () => button('Reset two-factor').click());
    await wait();
    expect(posts).toHaveLength(0);
    const reason = document.querySelector('textarea');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        reason,
        'Lost phone',
      );
      reason?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button('Reset').click());
    await wait();
    expect(posts).toEqual([{ url: `/api/admin/users/${userId}/2fa/reset`, body: { reason: 'Lost phone' } }]);
    expect(document.body.textContent).toContain('This account logs in with the password alone.');
  });
});
