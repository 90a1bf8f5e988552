import type { TAdminUser } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, click, renderScreen, stubFetch, typeInto } from '../../test-utils/screen';
import { UsersAdmin } from './users-admin';

afterEach(cleanupScreen);

const userOf = (i: number, over: Partial<TAdminUser> = {}): TAdminUser => ({
  _id: `0198f000-0000-7000-8000-0000000000${String(i).padStart(2, '0')}`,
  name: `Person ${i}`,
  username: `person${i}`,
  email: `person${i}@example.test`,
  avatar: '/a.svg',
  gender: null,
  role: 'user',
  status: 'active',
  verifiedEmail: true,
  balance: 0,
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
  performer: null,
  ...over,
});

/** The users screen against a fake API of 25 accounts (the 3rd inactive, the 2nd a creator); records each query. */
function renderUsers() {
  const asked: URLSearchParams[] = [];
  stubFetch((path) => {
    const url = new URL(path, 'http://localhost');
    asked.push(url.searchParams);
    const all = Array.from({ length: 25 }, (_, i) =>
      userOf(i, {
        status: i === 3 ? 'inactive' : 'active',
        role: i === 2 ? 'performer' : 'user',
        name: i === 7 ? 'Zelda Quist' : `Person ${i}`,
      }),
    ).filter(
      (u) =>
        (!url.searchParams.get('status') || u.status === url.searchParams.get('status')) &&
        (!url.searchParams.get('role') || u.role === url.searchParams.get('role')) &&
        (!url.searchParams.get('q') || u.name.toLowerCase().includes(url.searchParams.get('q')!)),
    );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    return Response.json({ data: all.slice(offset, offset + limit), total: all.length });
  });
  renderScreen(<UsersAdmin />);
  return asked;
}

const tableRows = () => [...document.querySelectorAll('[data-testid="admin-user-row"]')];
const phoneCards = () => [...document.querySelectorAll('[data-testid="admin-user-card"]')];
const segment = (text: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === text) as HTMLElement;

describe('the admin users list', () => {
  it('shows a table row and a phone card per account, with role, status badge and a link to the account', async () => {
    renderUsers();
    await vi.waitFor(() => expect(tableRows()).toHaveLength(20));
    expect(phoneCards()).toHaveLength(20);
    expect(document.body.textContent).toContain('25 accounts');
    const creator = tableRows()[2]!;
    expect(creator.textContent).toContain('Creator');
    expect(creator.querySelector('a')?.getAttribute('href')).toBe(`/admin/users/${userOf(2)._id}`);
    expect(tableRows()[3]?.textContent).toContain('Deactivated');
    expect(phoneCards()[3]?.textContent).toContain('Deactivated');
    expect(tableRows()[0]?.textContent).toContain('Active');
  });

  it('filters by status and role and starts again at the first page', async () => {
    const asked = renderUsers();
    await vi.waitFor(() => expect(tableRows()).toHaveLength(20));
    await click(segment('Deactivated'));
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(asked.at(-1)?.get('status')).toBe('inactive');
    expect(asked.at(-1)?.get('offset')).toBe('0');
    expect(asked.at(-1)?.has('role')).toBe(false);

    await click(segment('Any status'));
    await click(segment('Creators'));
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(asked.at(-1)?.get('role')).toBe('performer');
    expect(asked.at(-1)?.has('status')).toBe(false);
    expect(tableRows()[0]?.textContent).toContain('Person 2');
  });

  it('searches by name, username or email, and says what to do when nothing matches', async () => {
    const asked = renderUsers();
    await vi.waitFor(() => expect(tableRows()).toHaveLength(20));
    const search = document.querySelector<HTMLInputElement>('input[placeholder^="Search by name"]')!;
    await typeInto(search, 'zelda', { stay: true });
    await vi.waitFor(() => expect(tableRows()).toHaveLength(1), { timeout: 3000 });
    expect(asked.at(-1)?.get('q')).toBe('zelda');
    await typeInto(search, 'nobody', { stay: true });
    await vi.waitFor(() => expect(document.body.textContent).toContain('No matching accounts'), {
      timeout: 3000,
    });
    expect(document.body.textContent).toContain('Try another search');
  });
});
