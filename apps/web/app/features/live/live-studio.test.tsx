import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { LiveStudio } from './live-studio';

afterEach(cleanupScreen);

const creator = { _id: '0198f000-0000-7000-8000-0000000000c1', name: 'Luna', isPerformer: true };
const noMedia = 'Live video is not available on this server right now.';

const session = (over: Record<string, unknown> = {}) => ({
  _id: '0198f000-0000-7000-8000-0000000000s1',
  performer: { _id: creator._id, name: 'Luna', username: 'luna', avatar: '' },
  title: 'Morning run',
  price: 12.5,
  status: 'live',
  startedAt: new Date().toISOString(),
  endedAt: null,
  plannedDurationMinutes: null,
  canJoin: true,
  isPaid: false,
  isOwner: true,
  ...over,
});

function openStudio() {
  let live: ReturnType<typeof session> | null = null;
  const fetchMock = stubFetch((path, init) => {
    if (path.startsWith('/api/streaming/user/search'))
      return Response.json({ data: live ? [live] : [], total: live ? 1 : 0 });
    if (path === '/api/streaming/live' && init?.method === 'POST') {
      live = session(JSON.parse(String(init.body)));
      return Response.json({ data: live });
    }
    if (path.startsWith('/api/streaming/join/'))
      return Response.json({ statusCode: 422, code: 'UNPROCESSABLE', message: noMedia }, { status: 422 });
    return Response.json({ data: null });
  });
  renderScreen(<LiveStudio />, { user: creator as never });
  return fetchMock;
}

const goLiveCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/streaming/live' && init?.method === 'POST',
  );

describe('the live studio', () => {
  it('keeps a price over the limit as typed, says the limit and does not go live', async () => {
    const fetchMock = openStudio();
    await vi.waitFor(() => getByLabel('Title'));
    await typeInto(getByLabel('Title'), 'Morning run');
    const price = getByLabel('Price per session');
    await typeInto(price, '20000');
    expect(price.value).toBe('$20,000');
    expect(fieldError(price)).toBe('The price cannot be more than $10,000.00.');
    await click(getButton('Go live'));
    expect(goLiveCalls(fetchMock)).toHaveLength(0);
    expect(price.value).toBe('$20,000');
  });

  it('goes live with the typed title and price, then says the server has no live video', async () => {
    const fetchMock = openStudio();
    await vi.waitFor(() => getByLabel('Title'));
    await typeInto(getByLabel('Title'), '  Morning run ');
    await typeInto(getByLabel('Price per session'), '12.5');
    await click(getButton('Go live'));
    const [call] = goLiveCalls(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ title: 'Morning run', price: 12.5 });
    await vi.waitFor(() => expect(document.body.textContent).toContain(noMedia));
    expect(document.body.textContent).toContain('Your show stays listed');
    expect(document.body.textContent).toContain('$12.50 per session');
    expect(getButton('End show')).toBeDefined();
  });
});
