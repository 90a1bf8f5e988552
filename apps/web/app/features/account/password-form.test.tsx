import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordForm } from './password-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <PasswordForm source="user" /> }]);
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

/** The input a person finds by its label text. */
const field = (label: string) => {
  const node = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = node?.htmlFor ? document.getElementById(node.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
  return input;
};

/** Types into a field as a person does (React sees an input event). */
const type = (label: string, value: string) =>
  act(() => {
    const input = field(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

const submit = async () => {
  const button = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'Change password',
  );
  await act(async () => {
    button?.click();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
};

describe('the password form', () => {
  it('asks for the current password and sends it with the new one', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { success: true } }));
    vi.stubGlobal('fetch', fetchMock);
    render();
    type('Current password', 'old-password-1');
    type('New password', 'new-password-1');
    type('Repeat the new password', 'new-password-1');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/auth/users/me/password');
    expect(JSON.parse(String(init.body))).toMatchObject({
      currentPassword: 'old-password-1',
      password: 'new-password-1',
    });
  });

  it('shows the server refusal of a wrong current password next to that field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            statusCode: 422,
            code: 'UNPROCESSABLE',
            message: 'Your current password is not correct.',
            details: [{ path: 'currentPassword', message: 'Not correct.' }],
          },
          { status: 422 },
        ),
      ),
    );
    render();
    type('Current password', 'wrong-password');
    type('New password', 'new-password-1');
    type('Repeat the new password', 'new-password-1');
    await submit();
    const errorId = field('Current password').getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(errorId.split(' ').find((id) => id.includes('error')) ?? '')?.textContent,
    ).toBe('Not correct.');
  });
});
