import type { TCallSession } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  getButton,
  getByLabel,
  queryButton,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { dispatch } from '../realtime/socket-client';
import { CallScreen, formatDuration } from './call-screen';
import { IncomingCallDialog } from './incoming-call';
import { CreatorPrivateShows, FanPrivateShows, PrivateShowRequestForm } from './private-shows';

afterEach(cleanupScreen);

const id = '0198f000-0000-7000-8000-00000000ca11';
const fan = { _id: '0198f000-0000-7000-8000-0000000000f1', name: 'Ava', username: 'ava', avatar: '' };
const creator = { _id: '0198f000-0000-7000-8000-0000000000c1', name: 'Luna', username: 'luna', avatar: '' };

const session = (over: Partial<TCallSession> = {}): TCallSession => ({
  _id: id,
  kind: 'private_show',
  status: 'pending',
  fan,
  performer: creator,
  scheduledAt: '2026-07-01T18:00:00.000Z',
  timezone: 'Europe/Paris',
  note: 'Birthday',
  price: 5,
  conversationId: null,
  startedAt: null,
  endedAt: null,
  endReason: null,
  billedMinutes: 0,
  totalSeconds: 0,
  totalSpent: 0,
  paidUntil: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

const bodyText = () => document.body.textContent ?? '';
const serverSays = (event: string, payload: unknown) => act(() => dispatch(event, payload as never));
const posted = (mock: ReturnType<typeof stubFetch>, part: string) =>
  mock.mock.calls.filter(([url]) => String(url).includes(part));

describe('the private show request form', () => {
  it('sends time, time zone and note, and says it was sent', async () => {
    const fetchMock = stubFetch(() => Response.json({ data: session() }));
    renderScreen(<PrivateShowRequestForm performerId={creator._id} />, { user: { _id: fan._id } as never });
    await typeInto(getByLabel('Date and time'), '2026-07-01T20:00');
    await typeInto(getByLabel('Time zone'), 'Europe/Paris');
    await typeInto(getByLabel('Note'), 'Birthday');
    await click(getButton('Send request'));
    await vi.waitFor(() => expect(bodyText()).toContain('Your request was sent'));
    const [call] = posted(fetchMock, '/streaming/private/request');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      performerId: creator._id,
      timezone: 'Europe/Paris',
      note: 'Birthday',
      scheduledAt: new Date('2026-07-01T20:00').toISOString(),
    });
  });

  it("shows the server's sentence and a top-up link when the balance is under the minimum", async () => {
    const message =
      'You need at least $20.00 in your wallet to request a private show; you have $3.00. Top up your wallet first.';
    stubFetch(() =>
      Response.json({ statusCode: 422, code: 'INSUFFICIENT_BALANCE', message }, { status: 422 }),
    );
    renderScreen(<PrivateShowRequestForm performerId={creator._id} />, { user: { _id: fan._id } as never });
    await typeInto(getByLabel('Date and time'), '2026-07-01T20:00');
    await click(getButton('Send request'));
    await vi.waitFor(() => expect(bodyText()).toContain(message));
    expect(document.querySelector('a[href="/user/wallet"]')).not.toBeNull();
  });

  it('asks for a time before sending anything', async () => {
    const fetchMock = stubFetch(() => Response.json({ data: session() }));
    renderScreen(<PrivateShowRequestForm performerId={creator._id} />, { user: { _id: fan._id } as never });
    await click(getButton('Send request'));
    expect(bodyText()).toContain('Choose the date and time of the show.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the lists of private shows', () => {
  it('lets the fan delete a pending request and join once the server says it is live', async () => {
    let current = session();
    const fetchMock = stubFetch((_path, init) => {
      if (init?.method === 'DELETE') {
        current = session({ status: 'cancelled' });
        return Response.json({ data: current });
      }
      return Response.json({ data: [current], total: 1 });
    });
    renderScreen(<FanPrivateShows />, { user: { _id: fan._id } as never });
    await vi.waitFor(() => getButton('Delete request'));
    await click(getButton('Delete request'));
    await vi.waitFor(() => expect(bodyText()).toContain('Deleted'));
    expect(posted(fetchMock, `/streaming/private/request/${id}`)).toHaveLength(1);

    current = session({
      status: 'live',
      startedAt: new Date().toISOString(),
      billedMinutes: 1,
      totalSpent: 5,
    });
    await serverSays('call/updated', { call: current });
    await vi.waitFor(() => expect(document.querySelector(`a[href="/private-shows/${id}"]`)).not.toBeNull());
  });

  it('lets the creator approve, then start at a price per minute', async () => {
    let current = session();
    const fetchMock = stubFetch((path) => {
      if (path.includes('/approve')) current = session({ status: 'approved' });
      if (path.includes('/start'))
        current = session({ status: 'live', price: 7, billedMinutes: 1, totalSpent: 7 });
      if (path.includes(`/${id}/`)) return Response.json({ data: current });
      return Response.json({ data: [current], total: 1 });
    });
    renderScreen(<CreatorPrivateShows />, { user: { _id: creator._id, isPerformer: true } as never });
    await vi.waitFor(() => getButton('Approve'));
    expect(queryButton('Reject')).toBeDefined();
    await click(getButton('Approve'));
    await vi.waitFor(() => getButton('Start'));
    await typeInto(getByLabel('Price per minute'), '7');
    await click(getButton('Start'));
    await vi.waitFor(() => getButton('Finish'));
    const [start] = posted(fetchMock, '/start');
    expect(String(start?.[0])).toContain('price=7');
  });
});

describe('the in-call screen', () => {
  it('shows the timer and running cost, warns on a low balance, and shows why it ended with a top-up', async () => {
    const startedAt = new Date(Date.now() - 65_000).toISOString();
    let current = session({ kind: 'call', status: 'live', startedAt, billedMinutes: 2, totalSpent: 10 });
    stubFetch((path) => {
      if (path.endsWith('/join'))
        return Response.json(
          {
            statusCode: 422,
            code: 'UNPROCESSABLE',
            message: 'Live video is not available on this server right now.',
          },
          { status: 422 },
        );
      return Response.json({ data: current });
    });
    renderScreen(<CallScreen kind="call" id={id} />, { user: { _id: fan._id, balance: 2 } as never });
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="call-cost"]')?.textContent).toBe('$10.00'),
    );
    expect(document.querySelector('[data-testid="call-timer"]')?.textContent).toMatch(/^1:0\d$/);
    expect(bodyText()).toContain('running low');
    await vi.waitFor(() =>
      expect(bodyText()).toContain('Live video is not available on this server right now.'),
    );
    expect(queryButton('Hang up')).toBeDefined();

    current = session({
      kind: 'call',
      status: 'finished',
      startedAt,
      endedAt: new Date().toISOString(),
      endReason: 'insufficient_balance',
      billedMinutes: 2,
      totalSeconds: 120,
      totalSpent: 10,
    });
    await serverSays('call/ended', {
      call: current,
      reason: 'insufficient_balance',
      message: 'The call ended because your wallet cannot pay the next minute. Top up to call again.',
      offerTopUp: true,
    });
    await vi.waitFor(() => expect(bodyText()).toContain('your wallet cannot pay the next minute'));
    expect(document.querySelector('[data-testid="call-timer"]')?.textContent).toBe('2:00');
    expect(queryButton('Hang up')).toBeUndefined();
    expect(document.querySelector('a[href="/user/wallet"]')).not.toBeNull();
  });

  it('hangs up a live call and beats while it is live', async () => {
    const live = session({
      kind: 'call',
      status: 'live',
      startedAt: new Date().toISOString(),
      billedMinutes: 1,
      totalSpent: 5,
    });
    const fetchMock = stubFetch((path) => {
      if (path.endsWith('/end'))
        return Response.json({ data: { ...live, status: 'finished', endReason: 'ended_by_fan' } });
      return Response.json({ data: live });
    });
    renderScreen(<CallScreen kind="call" id={id} />, { user: { _id: fan._id, balance: 50 } as never });
    await vi.waitFor(() => getButton('Hang up'));
    await vi.waitFor(() => expect(posted(fetchMock, '/heartbeat').length).toBeGreaterThan(0));
    await click(getButton('Hang up'));
    await vi.waitFor(() => expect(posted(fetchMock, `/streaming/calls/${id}/end`)).toHaveLength(1));
  });
});

describe('the incoming call dialog', () => {
  it('rings for the creator and accepts the call', async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ data: session({ kind: 'call', status: 'live', startedAt: new Date().toISOString() }) }),
    );
    renderScreen(<IncomingCallDialog />, { user: { _id: creator._id, isPerformer: true } as never });
    await serverSays('call/ringing', { call: session({ kind: 'call', status: 'ringing' }) });
    await vi.waitFor(() => expect(bodyText()).toContain('Ava is calling you ($5.00 a minute).'));
    await click(getButton('Accept'));
    await vi.waitFor(() => expect(posted(fetchMock, `/streaming/calls/${id}/accept`)).toHaveLength(1));
  });

  it('declines, and closes by itself when the call stops ringing', async () => {
    const fetchMock = stubFetch(() => Response.json({ data: session({ kind: 'call', status: 'declined' }) }));
    renderScreen(<IncomingCallDialog />, { user: { _id: creator._id, isPerformer: true } as never });
    await serverSays('call/ringing', { call: session({ kind: 'call', status: 'ringing' }) });
    await vi.waitFor(() => getButton('Decline'));
    await serverSays('call/updated', { call: session({ kind: 'call', status: 'missed' }) });
    await vi.waitFor(() => expect(bodyText()).not.toContain('is calling you'));
    await serverSays('call/ringing', { call: session({ kind: 'call', status: 'ringing' }) });
    await vi.waitFor(() => getButton('Decline'));
    await click(getButton('Decline'));
    await vi.waitFor(() => expect(posted(fetchMock, `/streaming/calls/${id}/decline`)).toHaveLength(1));
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
