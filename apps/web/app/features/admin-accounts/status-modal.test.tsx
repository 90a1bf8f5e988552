import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { AccountStatusModal } from './status-modal';

afterEach(cleanupScreen);

const mira = { _id: '0198f000-0000-7000-8000-000000000009', name: 'Mira', role: 'performer' as const };

function open(to: 'inactive' | 'active', onClose = vi.fn()) {
  const fetchMock = stubFetch(() => Response.json({ data: { ...mira, status: to } }));
  renderScreen(<AccountStatusModal user={mira} to={to} onClose={onClose} />);
  const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/admin/users/'));
  return { calls, onClose };
}

describe('the deactivate dialog', () => {
  it('says what happens, needs a reason and sends nothing without one', async () => {
    const { calls } = open('inactive');
    expect(document.body.textContent).toContain('Mira is logged out everywhere at once');
    expect(document.body.textContent).toContain('a live show or call they are in ends');
    const confirm = getButton('Deactivate');
    expect(confirm.disabled).toBe(true);
    await typeInto(getByLabel('Reason'), '    ');
    expect(getButton('Deactivate').disabled).toBe(true);
    await click(getButton('Deactivate'));
    expect(calls()).toHaveLength(0);
  });

  it('sends the trimmed reason to the deactivate route, then closes', async () => {
    const { calls, onClose } = open('inactive');
    await typeInto(getByLabel('Reason'), '  Chargebacks on three cards.  ');
    await click(getButton('Deactivate'));
    await vi.waitFor(() => expect(calls()).toHaveLength(1));
    const [url, init] = calls()[0]!;
    expect(String(url)).toBe(`/api/admin/users/${mira._id}/deactivate`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Chargebacks on three cards.' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('cancel sends nothing', async () => {
    const { calls, onClose } = open('inactive');
    await typeInto(getByLabel('Reason'), 'Spam');
    await click(getButton('Cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(calls()).toHaveLength(0);
  });
});

describe('the reactivate dialog', () => {
  it('may be confirmed without a reason', async () => {
    const { calls } = open('active');
    const confirm = getButton('Reactivate');
    expect(confirm.disabled).toBe(false);
    await click(confirm);
    await vi.waitFor(() => expect(calls()).toHaveLength(1));
    expect(String(calls()[0]?.[0])).toBe(`/api/admin/users/${mira._id}/reactivate`);
    expect(JSON.parse(String(calls()[0]?.[1]?.body))).toEqual({});
  });
});
