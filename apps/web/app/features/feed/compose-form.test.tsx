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
import { ComposeForm } from './compose-form';

afterEach(cleanupScreen);

/** The API as far as publishing goes: every POST answers a published post. */
const stubApi = () =>
  stubFetch((_path, init) =>
    Response.json({ data: { _id: 'p1', status: 'published', ...JSON.parse(String(init?.body ?? '{}')) } }),
  );

const render = () =>
  renderScreen(<ComposeForm username="luna" />, {
    routes: [{ path: '/luna', element: <p>Creator page</p> }],
  });

const posted = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('/performer/feeds') && init?.method === 'POST',
  );

describe('the poll composer', () => {
  it('publishes once the duplicate options are corrected, without a reload', async () => {
    const fetchMock = stubApi();
    render();
    await typeInto(getByLabel('Text'), 'Where next?');
    await click(getByLabel('Add a poll'));
    await typeInto(getByLabel('Poll option 1'), 'Lisbon');
    await typeInto(getByLabel('Poll option 2'), 'lisbon');
    await click(getButton('Publish'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Each option must be different.'));
    expect(posted(fetchMock)).toHaveLength(0);

    await typeInto(getByLabel('Poll option 2'), 'Osaka');
    await click(getButton('Publish'));
    await vi.waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(posted(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({ type: 'poll', text: 'Where next?', pollOptions: ['Lisbon', 'Osaka'] });
  });
});

describe('the public teaser line', () => {
  it('is sent with the post', async () => {
    const fetchMock = stubApi();
    render();
    await typeInto(getByLabel('Text'), 'Chapter one, in full.');
    await typeInto(getByLabel('Public teaser line (optional)'), 'The first chapter of my novel');
    await click(getButton('Publish'));
    await vi.waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posted(fetchMock)[0]?.[1]?.body))).toMatchObject({
      type: 'text',
      previewText: 'The first chapter of my novel',
    });
  });

  it('longer than 200 characters is refused next to the field, not cut short', async () => {
    const fetchMock = stubApi();
    render();
    await typeInto(getByLabel('Text'), 'Body');
    await typeInto(getByLabel('Public teaser line (optional)'), 'x'.repeat(201));
    await click(getButton('Publish'));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'The public teaser line can be at most 200 characters long.',
      ),
    );
    expect(getByLabel('Public teaser line (optional)').value).toHaveLength(201);
    expect(posted(fetchMock)).toHaveLength(0);
  });
});
