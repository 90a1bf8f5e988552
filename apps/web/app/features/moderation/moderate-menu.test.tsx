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
import { HiddenNotice } from './hidden-notice';
import { ModerateMenu } from './moderate-menu';

afterEach(cleanupScreen);

const videoId = '10000000-0000-4000-8000-000000000007';
const hidden = { at: '2026-06-02T09:00:00.000Z', reason: 'Nudity without an age check' };
const admin = { _id: 'admin', isAdmin: true };

/** The menu of a video against a fake API that answers every write, or refuses with `refusal`. */
function renderMenu(
  props: { hidden?: typeof hidden | null; leaveTo?: string } = {},
  refusal?: { status: number; message: string },
) {
  const fetchMock = stubFetch((path) => {
    if (path.startsWith('/api/users/me')) return Response.json({ data: admin });
    if (refusal)
      return Response.json(
        { statusCode: refusal.status, message: refusal.message },
        { status: refusal.status },
      );
    return Response.json({ data: { target: 'video', _id: videoId, deleted: true } });
  });
  const { router } = renderScreen(
    <ModerateMenu
      item={{ target: 'video', id: videoId }}
      hidden={props.hidden ?? null}
      leaveTo={props.leaveTo}
    />,
    { user: admin, routes: [{ path: '/luna', element: <p>Luna’s page</p> }] },
  );
  const writes = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .map(([url, init]) => ({
        method: init?.method,
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }));
  return { writes, router };
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ');
const dialog = () => document.querySelector('[role="dialog"]');
const menuItem = (name: string) => {
  const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((b) =>
    text(b).includes(name),
  );
  expect(item, `a menu item "${name}"`).toBeDefined();
  return item as HTMLElement;
};
const dialogButton = (name: string) => {
  const button = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => text(b).trim() === name);
  expect(button, `a "${name}" button in the dialog`).toBeDefined();
  return button as HTMLButtonElement;
};

async function choose(name: string) {
  const trigger = [...document.querySelectorAll('button')].find((b) => text(b).includes('Moderate'));
  await click(trigger as HTMLButtonElement);
  await vi.waitFor(() => menuItem(name));
  await click(menuItem(name));
}

describe('the Moderate menu', () => {
  it('hides the video with a reason the contract accepts, and says so', async () => {
    const { writes } = renderMenu();
    await choose('Hide');
    await vi.waitFor(() => expect(text(dialog())).toContain('Hide this video?'));
    expect(text(dialog())).toContain('Its owner still sees it');

    await typeInto(getByLabel('Reason'), 'ok');
    await click(dialogButton('Hide'));
    expect(fieldError(getByLabel('Reason'))).toBe(
      'Give a reason of at least 3 characters: the creator is told it.',
    );
    expect(writes()).toHaveLength(0);

    await typeInto(getByLabel('Reason'), ' Nudity without an age check ');
    await click(dialogButton('Hide'));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: `/api/admin/content/video/${videoId}/hide`,
      body: { reason: 'Nudity without an age check' },
    });
    await vi.waitFor(() => expect(document.body.textContent).toContain('The video is hidden from fans.'));
  });

  it('offers Show again for a hidden video, and shows it at once', async () => {
    const { writes } = renderMenu({ hidden });
    await choose('Show again');
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'POST', url: `/api/admin/content/video/${videoId}/unhide` });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Fans can see the video again.'));
  });

  it('deletes after confirming with a reason, then leaves the page for the creator’s', async () => {
    const { writes, router } = renderMenu({ leaveTo: '/luna' });
    await choose('Delete');
    await vi.waitFor(() => expect(text(dialog())).toContain('Delete this video?'));
    expect(text(dialog())).toContain('This cannot be undone.');
    await typeInto(getByLabel('Reason'), 'Stolen from another site');
    await click(dialogButton('Delete'));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'DELETE',
      url: `/api/admin/content/video/${videoId}?reason=Stolen+from+another+site`,
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/luna'));
  });

  it('shows the API’s refusal as a toast and keeps the dialog open', async () => {
    const { writes } = renderMenu({}, { status: 422, message: 'This is already hidden.' });
    await choose('Hide');
    await vi.waitFor(() => expect(text(dialog())).toContain('Hide this video?'));
    await typeInto(getByLabel('Reason'), 'Spam links in the text');
    await click(dialogButton('Hide'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('This is already hidden.'));
    expect(writes()).toHaveLength(1);
    expect(text(dialog())).toContain('Hide this video?');
  });
});

describe('the hidden notice', () => {
  it('tells the owner moderators hid it, why, and that fans cannot see it', () => {
    renderScreen(<HiddenNotice hidden={hidden} noun="post" />);
    const notice = document.querySelector('[data-testid="hidden-notice"]');
    expect(text(notice)).toContain('Hidden by moderators');
    expect(text(notice)).toContain('Fans cannot see this post. Reason: Nudity without an age check');
  });

  it('says nothing when the item is shown', () => {
    renderScreen(<HiddenNotice hidden={null} noun="post" />);
    expect(document.querySelector('[data-testid="hidden-notice"]')).toBeNull();
  });
});
