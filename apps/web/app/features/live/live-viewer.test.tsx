import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  getButton,
  queryButton,
  renderScreen,
  stubFetch,
} from '../../test-utils/screen';
import { LiveViewer } from './live-viewer';

afterEach(cleanupScreen);

const id = '0198f000-0000-7000-8000-0000000000s1';
const performerId = '0198f000-0000-7000-8000-0000000000c1';
const noMedia = 'Live video is not available on this server right now.';
const fan = { _id: 'fan', role: 'user', balance: 20, name: 'Ava' };

const show = (over: Record<string, unknown> = {}) => ({
  _id: id,
  performer: { _id: performerId, name: 'Luna', username: 'luna', avatar: '' },
  title: 'Morning run',
  price: 4.5,
  status: 'live',
  startedAt: new Date().toISOString(),
  endedAt: null,
  plannedDurationMinutes: null,
  canJoin: false,
  isPaid: false,
  isOwner: false,
  ...over,
});

const bodyText = () => document.body.textContent ?? '';

describe('the live show page', () => {
  it('says when the show has ended', async () => {
    stubFetch(() => Response.json({ data: show({ status: 'ended', endedAt: new Date().toISOString() }) }));
    renderScreen(<LiveViewer id={id} />, { user: fan as never });
    await vi.waitFor(() => expect(bodyText()).toContain('This show has ended'));
  });

  it('asks a fan who is not subscribed to subscribe, linking to the creator', async () => {
    stubFetch((path) =>
      path.includes('/subscriptions/') ? Response.json({ data: null }) : Response.json({ data: show() }),
    );
    renderScreen(<LiveViewer id={id} />, { user: fan as never });
    await vi.waitFor(() => expect(bodyText()).toContain('Subscribe to Luna'));
    expect(document.querySelector('a[href="/luna"]')).not.toBeNull();
    expect(queryButton('Join for')).toBeUndefined();
  });

  it('charges a subscriber once with an Idempotency-Key, then shows why there is no video', async () => {
    let isPaid = false;
    const fetchMock = stubFetch((path) => {
      if (path.includes('/subscriptions/performers/'))
        return Response.json({ data: { isActive: true, performerId } });
      if (path.startsWith('/api/wallet/charges/stream/')) {
        isPaid = true;
        return Response.json({ data: { balance: 15.5 } });
      }
      if (path.startsWith('/api/streaming/join/'))
        return Response.json({ statusCode: 422, code: 'UNPROCESSABLE', message: noMedia }, { status: 422 });
      if (path === `/api/streaming/${id}`) return Response.json({ data: show({ isPaid, canJoin: isPaid }) });
      return Response.json({ data: null });
    });
    renderScreen(<LiveViewer id={id} />, { user: fan as never });
    await vi.waitFor(() => getButton('Join for $4.50'));
    await click(getButton('Join for $4.50'));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="live-balance"]')?.textContent).toBe('$20.00'),
    );
    const pay = getButton('Pay $4.50');
    await click(pay);
    await click(pay);
    await vi.waitFor(() => expect(bodyText()).toContain(noMedia));
    const charges = fetchMock.mock.calls.filter(([url]) => String(url).includes('/wallet/charges/stream/'));
    expect(charges).toHaveLength(1);
    const headers = charges[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/.{8,}/);
  });
});
