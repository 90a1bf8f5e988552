import type { TAdminContentItem, TReport } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { ReportQueue, reportedItemOf } from './report-queue';

afterEach(cleanupScreen);

const itemOf = (over: Partial<TAdminContentItem> = {}): TAdminContentItem => ({
  target: 'feed',
  _id: '10000000-0000-4000-8000-000000000001',
  title: 'Free giveaway, click here',
  owner: { _id: '20000000-0000-4000-8000-000000000001', name: 'Luna Rivers', username: 'luna.rivers' },
  performerId: '20000000-0000-4000-8000-000000000001',
  hidden: null,
  url: '/post/10000000-0000-4000-8000-000000000001',
  createdAt: '2026-05-01T12:00:00.000Z',
  ...over,
});

const reportOf = (i: number, over: Partial<TReport> = {}): TReport => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  target: 'feed',
  targetId: `10000000-0000-4000-8000-00000000000${i}`,
  category: 'spam',
  description: `Report number ${i}`,
  status: 'open',
  reporter: { _id: 'fan', name: 'Ada', username: 'ada' },
  resolvedAt: null,
  action: null,
  resolutionNote: null,
  item: itemOf(),
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

/**
 * The queue against a fake API holding `reports`; a PUT closes one (or answers `refusal` instead).
 * Records what it was asked.
 */
function renderQueue(reports: TReport[], options: { refusal?: { status: number; body: unknown } } = {}) {
  let rows = [...reports];
  const fetchMock = stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/users/me') return Response.json({ data: null });
    if (init?.method === 'PUT') {
      if (options.refusal) return Response.json(options.refusal.body, { status: options.refusal.status });
      const id = url.pathname.split('/').at(-1);
      const body = JSON.parse(String(init.body)) as { action: TReport['action']; reason: string };
      const closed = rows.find((r) => r._id === id);
      rows = rows.filter((r) => r._id !== id);
      return Response.json({
        data: {
          ...closed,
          status: body.action === 'dismiss' ? 'dismissed' : 'resolved',
          action: body.action,
          resolutionNote: body.reason,
        },
      });
    }
    const status = url.searchParams.get('status');
    const shown = rows.filter((r) => !status || r.status === status);
    return Response.json({ data: shown, total: shown.length });
  });
  renderScreen(<ReportQueue />, { user: { _id: 'admin', isAdmin: true } });
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));
  return { puts };
}

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="report-row"]')];
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ');
const linksOf = (el: Element) =>
  [...el.querySelectorAll('a')].map((a) => ({ text: text(a).trim(), href: a.getAttribute('href') }));
const dialog = () => document.querySelector('[role="dialog"]');
/** A button of the open dialog, by its exact text (the rows have Resolve buttons too). */
const dialogButton = (name: string) => {
  const button = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => text(b).trim() === name);
  expect(button, `a "${name}" button in the dialog`).toBeDefined();
  return button as HTMLButtonElement;
};

async function openResolve(row: HTMLElement) {
  const button = [...row.querySelectorAll('button')].find((b) => text(b).includes('Resolve'));
  expect(button, 'the row has a Resolve button').toBeDefined();
  await click(button as HTMLButtonElement);
  await vi.waitFor(() => expect(text(dialog())).toContain('What do you do?'));
}

describe('the admin report queue', () => {
  it('shows each reported item: its title linking to it, its owner linking to their admin page, and an urgent mark for a minor', async () => {
    renderQueue([reportOf(1), reportOf(2, { category: 'underage' })]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0] as HTMLElement;
    expect(text(first)).toContain('Spam or scam');
    expect(linksOf(first)).toEqual([
      { text: 'Free giveaway, click here', href: '/post/10000000-0000-4000-8000-000000000001' },
      { text: 'Luna Rivers', href: '/admin/users/20000000-0000-4000-8000-000000000001' },
    ]);
    expect(text(first)).toContain('(@luna.rivers)');
    expect(text(rows()[1])).toContain('A minor may be involved');
    expect(text(rows()[1])).toContain('urgent');
  });

  it('marks an item moderators hid already, with the reason', async () => {
    const hidden = { at: '2026-06-02T09:00:00.000Z', reason: 'Spam links in the text' };
    renderQueue([reportOf(1, { item: itemOf({ hidden }) })]);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const item = rows()[0]?.querySelector('[data-testid="reported-item"]');
    expect(text(item)).toContain('Hidden');
    expect(text(item)).toContain('Spam links in the text');
  });

  it('names a deleted item, and links a creator report to the profile', async () => {
    renderQueue([
      reportOf(1, { item: null }),
      reportOf(2, { target: 'performer', targetId: 'luna', item: null }),
    ]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(text(rows()[0])).toContain('Post · deleted');
    expect(linksOf(rows()[1] as HTMLElement)).toEqual([{ text: 'Creator profile', href: '/luna' }]);
  });

  it('shows a closed report with the action taken and the note, and no Resolve button', async () => {
    renderQueue([
      reportOf(1, {
        status: 'resolved',
        action: 'hide',
        resolutionNote: 'Spam links in the text',
        resolvedAt: '2026-06-02T09:00:00.000Z',
      }),
    ]);
    // Closed reports are under "all", "resolved" or "dismissed", not the default "open".
    await click(
      [...document.querySelectorAll<HTMLElement>('label')].find((l) => text(l).trim() === 'resolved')!,
    );
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(text(rows()[0]?.querySelector('[data-testid="report-outcome"]'))).toContain(
      'Content hidden Spam links in the text',
    );
    expect(text(rows()[0])).not.toContain('Resolve');
  });
});

describe('the resolve dialog', () => {
  it('needs a reason to hide the content, in the contract’s words, and sends nothing without one', async () => {
    const { puts } = renderQueue([reportOf(1)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await openResolve(rows()[0] as HTMLElement);
    expect(text(dialog())).toContain(
      'The owner is told this reason. The fan who reported it is told what was done, never why.',
    );

    await click(dialogButton('Resolve'));
    expect(text(dialog())).toContain('Choose what to do.');
    await click(getByLabel('Hide content'));
    await typeInto(getByLabel('Reason'), 'no');
    await click(dialogButton('Resolve'));
    expect(fieldError(getByLabel('Reason'))).toBe(
      'Give a reason of at least 3 characters: the people affected are told it.',
    );
    expect(puts()).toHaveLength(0);
  });

  it('hides the content with the reason, says so, and the report leaves the open queue', async () => {
    const { puts } = renderQueue([reportOf(1), reportOf(2)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await openResolve(rows()[0] as HTMLElement);
    await click(getByLabel('Hide content'));
    await typeInto(getByLabel('Reason'), '  Spam links in the text  ');
    await click(dialogButton('Resolve'));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(puts()).toEqual([
      {
        url: `/api/admin/reports/${reportOf(1)._id}`,
        body: { action: 'hide', reason: 'Spam links in the text' },
      },
    ]);
    expect(document.body.textContent).toContain('Report resolved: the content is hidden.');
  });

  it('dismisses without a reason', async () => {
    const { puts } = renderQueue([reportOf(1)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await openResolve(rows()[0] as HTMLElement);
    await click(getByLabel('Dismiss'));
    expect(text(dialog())).toContain('Optional. Kept with the report and in the audit log');
    await click(dialogButton('Dismiss'));
    await vi.waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ action: 'dismiss', reason: '' });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Report dismissed.'));
  });

  it('shows the API’s refusal as a toast and stays open', async () => {
    const { puts } = renderQueue([reportOf(1)], {
      refusal: {
        status: 422,
        body: { statusCode: 422, code: 'UNPROCESSABLE', message: 'This is already hidden.' },
      },
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await openResolve(rows()[0] as HTMLElement);
    await click(getByLabel('Warn'));
    await typeInto(getByLabel('Reason'), 'Please stop posting links.');
    await click(dialogButton('Resolve'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('This is already hidden.'));
    expect(puts()).toHaveLength(1);
    expect(text(dialog())).toContain('What do you do?');
  });

  it('disables what does not apply to a creator report, saying why', async () => {
    renderQueue([reportOf(1, { target: 'performer', targetId: 'luna', item: null })]);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await openResolve(rows()[0] as HTMLElement);
    expect(getByLabel('Hide content').disabled).toBe(true);
    expect(getByLabel('Block for the creator').disabled).toBe(true);
    expect(getByLabel('Warn').disabled).toBe(false);
    expect(getByLabel('Deactivate account').disabled).toBe(false);
    expect(text(dialog())).toContain('A creator’s profile cannot be hidden');
    expect(text(dialog())).toContain('Only for a reported comment');
  });
});

describe('reportedItemOf', () => {
  it('names every kind of reported item and where to see it', () => {
    expect(reportedItemOf({ target: 'performer', targetId: 'u1' })).toEqual({
      label: 'Creator profile',
      to: '/u1',
    });
    expect(reportedItemOf({ target: 'video', targetId: 'v1' })).toEqual({ label: 'Video', to: '/video/v1' });
    expect(reportedItemOf({ target: 'comment', targetId: 'c1' })).toEqual({ label: 'Comment', to: null });
  });
});
