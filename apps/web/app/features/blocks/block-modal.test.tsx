import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getButton,
  getByLabel,
  queryButton,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { BlockButton } from './block-button';
import { BlockModal } from './block-modal';

afterEach(cleanupScreen);

const fan = { _id: '0198f000-0000-7000-8000-000000000002', name: 'Rude Fan' };
const creator = {
  _id: '0198f000-0000-7000-8000-000000000001',
  role: 'performer',
  isPerformer: true,
} as never;

const blockCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('/block/users') && init?.method === 'POST',
  );

function openModal(onClose = () => {}) {
  const fetchMock = stubFetch(() =>
    Response.json({
      data: {
        _id: '0198f000-0000-7000-8000-000000000009',
        target: { ...fan, username: 'rude', avatar: '/a.svg' },
        reason: 'Spam',
        createdAt: '2026-06-01T12:00:00.000Z',
      },
    }),
  );
  renderScreen(<BlockModal opened onClose={onClose} target={fan} />, { user: creator });
  return fetchMock;
}

describe('the block dialog', () => {
  it('needs a reason: Block stays disabled and nothing is sent without one', async () => {
    const fetchMock = openModal();
    const block = getButton('Block');
    expect(block.disabled).toBe(true);
    await typeInto(getByLabel('Reason'), '   ');
    expect(getButton('Block').disabled).toBe(true);
    await click(getButton('Block'));
    expect(blockCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps a reason over the limit as typed, says the limit and sends nothing', async () => {
    const fetchMock = openModal();
    const reason = getByLabel('Reason');
    await typeInto(reason, 'x'.repeat(501));
    expect(reason.value).toHaveLength(501);
    expect(fieldError(getByLabel('Reason'))).toBe('The reason can be at most 500 characters.');
    expect(getButton('Block').disabled).toBe(true);
    expect(blockCalls(fetchMock)).toHaveLength(0);
  });

  it('blocks with the reason typed, says so and closes', async () => {
    const onClose = vi.fn();
    const fetchMock = openModal(onClose);
    await typeInto(getByLabel('Reason'), '  Spam in my messages  ');
    await click(getButton('Block'));
    const [call] = blockCalls(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ targetId: fan._id, reason: 'Spam in my messages' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(document.body.textContent).toContain('Rude Fan is blocked.');
  });

  it("shows the server's refusal as a toast and stays open", async () => {
    stubFetch(() =>
      Response.json(
        { statusCode: 422, code: 'UNPROCESSABLE', message: 'Administrators cannot be blocked.' },
        { status: 422 },
      ),
    );
    const onClose = vi.fn();
    renderScreen(<BlockModal opened onClose={onClose} target={fan} />, { user: creator });
    await typeInto(getByLabel('Reason'), 'Why not');
    await click(getButton('Block'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Administrators cannot be blocked.'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the Block button', () => {
  it('is offered to a creator about a fan, and opens the dialog', async () => {
    stubFetch(() => Response.json({}));
    renderScreen(<BlockButton target={fan} />, { user: creator });
    await click(getButton('Block Rude Fan'));
    expect(document.body.textContent).toContain('Block Rude Fan?');
  });

  it('is not offered to a fan, nor to a creator about themself', () => {
    stubFetch(() => Response.json({}));
    renderScreen(<BlockButton target={fan} />, {
      user: { _id: 'x', role: 'user', isPerformer: false } as never,
    });
    expect(queryButton('Block')).toBeUndefined();
    cleanupScreen();
    renderScreen(<BlockButton target={{ _id: (creator as { _id: string })._id, name: 'Me' }} />, {
      user: creator,
    });
    expect(queryButton('Block')).toBeUndefined();
  });
});
