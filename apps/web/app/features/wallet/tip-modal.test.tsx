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
import { TipModal } from './tip-modal';

afterEach(cleanupScreen);

const luna = { _id: '0198f000-0000-7000-8000-000000000001', name: 'Luna' };

function openTip() {
  const fetchMock = stubFetch(() => Response.json({ data: { transactionId: 't', balance: 0 } }));
  renderScreen(<TipModal opened onClose={() => {}} performer={luna} />, {
    user: { _id: 'fan', role: 'user', balance: 500 } as never,
  });
  return fetchMock;
}

const tipCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/wallet/charges/tip'));

describe('the tip dialog', () => {
  it('keeps a tip below the minimum as typed, says the limit and sends nothing', async () => {
    const fetchMock = openTip();
    const amount = getByLabel('Amount');
    await typeInto(amount, '3');
    expect(amount.value).toBe('$3');
    expect(fieldError(amount)).toBe('The tip must be at least $10.00.');
    const send = getButton('Send');
    expect(send.textContent).not.toContain('$10.00');
    expect(send.disabled).toBe(true);
    await click(send);
    expect(tipCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps a tip above the maximum as typed and says the limit', async () => {
    openTip();
    const amount = getByLabel('Amount');
    await typeInto(amount, '20000');
    expect(amount.value).toBe('$20,000');
    expect(fieldError(amount)).toBe('The tip cannot be more than $10,000.00.');
    expect(getButton('Send').disabled).toBe(true);
  });

  it('sends exactly the amount typed when it is within the limits', async () => {
    const fetchMock = openTip();
    await typeInto(getByLabel('Amount'), '12.5');
    const send = getButton('Send $12.50');
    expect(send.disabled).toBe(false);
    await click(send);
    const [call] = tipCalls(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ amount: 12.5 });
  });

  it('puts a limit the server refused next to the field', async () => {
    stubFetch(() =>
      Response.json(
        {
          statusCode: 422,
          code: 'UNPROCESSABLE',
          message: 'The tip must be at least 15.00.',
          details: [{ path: 'amount', message: 'At least 15.00.' }],
        },
        { status: 422 },
      ),
    );
    renderScreen(<TipModal opened onClose={() => {}} performer={luna} />, {
      user: { _id: 'fan', role: 'user', balance: 500 } as never,
    });
    const amount = getByLabel('Amount');
    await typeInto(amount, '12');
    await click(getButton('Send $12.00'));
    await vi.waitFor(() => expect(fieldError(getByLabel('Amount'))).toBe('The tip must be at least 15.00.'));
    expect(getByLabel('Amount').value).toBe('$12');
  });
});
