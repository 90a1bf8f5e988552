import type { TUserBlock } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, click, getButton, renderScreen, stubFetch } from '../../test-utils/screen';
import { BlockedUsersList } from './blocked-list';

afterEach(cleanupScreen);

const creator = {
  _id: '0198f000-0000-7000-8000-000000000001',
  role: 'performer',
  isPerformer: true,
} as never;
const block = (n: number, name: string): TUserBlock => ({
  _id: `0198f000-0000-7000-8000-00000000010${n}`,
  target: { _id: `0198f000-0000-7000-8000-00000000020${n}`, username: `fan${n}`, name, avatar: '/a.svg' },
  reason: `Reason ${n}`,
  createdAt: '2026-06-01T12:00:00.000Z',
});

/** A small API: the list answers what is still blocked; DELETE removes one. */
function stubBlocks(initial: TUserBlock[]) {
  let rows = [...initial];
  return stubFetch((url, init) => {
    if (init?.method === 'DELETE') {
      const id = url.split('/').pop()!;
      rows = rows.filter((r) => r.target._id !== id);
      return Response.json({ data: { targetId: id, isBlocked: false } });
    }
    return Response.json({ data: rows, total: rows.length });
  });
}

const text = () => document.body.textContent ?? '';

describe('the blocked users list', () => {
  it('shows a skeleton while loading, then each blocked fan with the reason', async () => {
    stubBlocks([block(1, 'Ann'), block(2, 'Bob')]);
    renderScreen(<BlockedUsersList />, { user: creator });
    expect(document.querySelector('[aria-busy]')).not.toBeNull();
    await vi.waitFor(() => expect(text()).toContain('2 blocked people'));
    expect(text()).toContain('Ann');
    expect(text()).toContain('@fan2');
    expect(text()).toContain('Reason: Reason 1');
  });

  it('says what to do when nobody is blocked', async () => {
    stubBlocks([]);
    renderScreen(<BlockedUsersList />, { user: creator });
    await vi.waitFor(() => expect(text()).toContain('You have not blocked anyone'));
    expect(text()).toContain('use Block on their message thread');
  });

  it('unblocks after a confirmation, and the fan leaves the list', async () => {
    const fetchMock = stubBlocks([block(1, 'Ann')]);
    renderScreen(<BlockedUsersList />, { user: creator });
    await vi.waitFor(() => expect(text()).toContain('1 blocked person'));
    await click(getButton('Unblock'));
    expect(text()).toContain('Unblock Ann?');
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);
    const buttons = [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Unblock');
    await click(buttons.at(-1)!);
    await vi.waitFor(() => expect(deletes()).toHaveLength(1));
    expect(String(deletes()[0]?.[0])).toBe(`/api/block/users/${block(1, 'Ann').target._id}`);
    await vi.waitFor(() => expect(text()).toContain('You have not blocked anyone'));
    expect(text()).toContain('Ann is unblocked.');
  });
});
