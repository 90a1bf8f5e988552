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
import { LiveChat } from './live-chat';

afterEach(cleanupScreen);

const id = '0198f000-0000-7000-8000-0000000000s1';
const chatId = '0198f000-0000-7000-8000-0000000000a1';
const performer = { _id: '0198f000-0000-7000-8000-0000000000c1', name: 'Luna', username: 'luna', avatar: '' };
const ava = { _id: '0198f000-0000-7000-8000-0000000000f1', name: 'Ava', username: 'ava', avatar: '' };

const show = (over: Record<string, unknown> = {}) =>
  ({
    _id: id,
    performer,
    title: 'Morning run',
    price: 0,
    status: 'live',
    startedAt: new Date().toISOString(),
    endedAt: null,
    plannedDurationMinutes: null,
    canJoin: true,
    canReadChat: true,
    isPaid: false,
    isOwner: false,
    conversationId: chatId,
    viewerCount: 3,
    isMuted: false,
    isRemoved: false,
    ...over,
  }) as never;

const message = (over: Record<string, unknown> = {}) => ({
  _id: `m-${Math.random()}`,
  conversationId: chatId,
  senderId: ava._id,
  sender: ava,
  type: 'text',
  text: 'hello',
  isDeleted: false,
  isSale: false,
  price: 0,
  isLocked: false,
  isBought: false,
  files: [],
  tipAmount: null,
  isSeen: false,
  createdAt: new Date().toISOString(),
  ...over,
});

const bodyText = () => document.body.textContent ?? '';
const fan = { _id: ava._id, role: 'user', balance: 50, name: 'Ava' } as never;

describe('the live chat panel', () => {
  it('shows a skeleton while loading, then the empty state and the viewer count', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderScreen(<LiveChat session={show()} />, { user: fan });
    expect(document.querySelector('[data-testid="chat-skeleton"]')).not.toBeNull();
    expect(bodyText()).toContain('3 watching');
    answer(Response.json({ data: [], total: 0 }));
    await vi.waitFor(() => expect(bodyText()).toContain('No messages yet'));
  });

  it('lists messages with their authors and highlights tips', async () => {
    stubFetch(() =>
      Response.json({
        data: [message({ text: 'hi Luna' }), message({ type: 'tip', text: 'tipped $10.00', tipAmount: 10 })],
        total: 2,
      }),
    );
    renderScreen(<LiveChat session={show()} />, { user: fan });
    await vi.waitFor(() => expect(bodyText()).toContain('hi Luna'));
    const tip = document.querySelector('[data-testid="chat-tip"]');
    expect(tip?.textContent).toContain('Ava');
    expect(tip?.textContent).toContain('tipped $10.00');
  });

  it('sends a message once, shows it, and shows the server’s sentence when refused', async () => {
    let refuse = false;
    const fetchMock = stubFetch((_path, init) => {
      if (init?.method === 'POST') {
        if (refuse)
          return Response.json(
            {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'This live show has ended; its chat is read-only.',
            },
            { status: 409 },
          );
        return Response.json({ data: message({ _id: 'sent-1', text: JSON.parse(String(init.body)).text }) });
      }
      return Response.json({ data: [], total: 0 });
    });
    renderScreen(<LiveChat session={show()} />, { user: fan });
    await vi.waitFor(() => expect(bodyText()).toContain('No messages yet'));
    await click(getButton('Send message'));
    expect(bodyText()).toContain('Write a message first.');
    await typeInto(getByLabel('Message'), 'good morning');
    await click(getButton('Send message'));
    await vi.waitFor(() => expect(bodyText()).toContain('good morning'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(String(posts[0]?.[0])).toContain(`/api/messages/stream/${chatId}`);
    expect(getByLabel('Message').value).toBe('');
    refuse = true;
    await typeInto(getByLabel('Message'), 'again');
    await click(getButton('Send message'));
    await vi.waitFor(() => expect(bodyText()).toContain('This live show has ended; its chat is read-only.'));
  });

  it('tells a muted viewer why they cannot post, and keeps the chat readable', async () => {
    stubFetch(() => Response.json({ data: [message({ text: 'still here' })], total: 1 }));
    renderScreen(<LiveChat session={show({ isMuted: true })} />, { user: fan });
    await vi.waitFor(() => expect(bodyText()).toContain('still here'));
    expect(bodyText()).toContain('The creator muted you in this show');
    expect(getByLabel('Message').disabled).toBe(true);
  });

  it('sends a tip from the show with the stream id and an Idempotency-Key', async () => {
    const fetchMock = stubFetch((path) =>
      path.includes('/wallet/charges/tip/')
        ? Response.json({ data: { balance: 40 } })
        : Response.json({ data: [], total: 0 }),
    );
    renderScreen(<LiveChat session={show()} />, { user: fan });
    await click(getButton('Tip'));
    await vi.waitFor(() => getButton('Send $10.00'));
    await click(getButton('Send $10.00'));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/wallet/charges/tip/'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/wallet/charges/tip/'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 10, streamId: id });
    expect((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('lets the creator clear the chat for everyone and moderate an author; no tip button for them', async () => {
    const fetchMock = stubFetch((_path, init) =>
      init?.method === 'DELETE' || init?.method === 'POST'
        ? Response.json({ data: { removed: 1 } })
        : Response.json({ data: [message({ text: 'spam' })], total: 1 }),
    );
    renderScreen(<LiveChat session={show({ isOwner: true })} />, {
      user: { _id: performer._id, role: 'performer', name: 'Luna' } as never,
    });
    await vi.waitFor(() => expect(bodyText()).toContain('spam'));
    expect(queryButton('Tip')).toBeUndefined();
    // The creator's chat controls are downloaded for the creator only (lazy-owner-chat-controls.tsx).
    await vi.waitFor(() => getButton('Moderate Ava'));
    await click(getButton('Moderate Ava'));
    await vi.waitFor(() => getButton('Mute Ava'));
    await click(getButton('Mute Ava'));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).endsWith(`/streaming/live/${id}/viewers/${ava._id}/mute`),
        ),
      ).toBe(true),
    );
    await click(getButton('Clear chat'));
    await vi.waitFor(() => getButton('Clear for everyone'));
    await click(getButton('Clear for everyone'));
    await vi.waitFor(() => expect(bodyText()).toContain('No messages yet'));
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(String(deletes[0]?.[0])).toContain(`/api/messages/stream/${chatId}/remove-all-message`);
  });
});
