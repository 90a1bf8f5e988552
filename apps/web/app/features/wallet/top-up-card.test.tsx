import { afterEach, describe, expect, it } from 'vitest';
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
import { TopUpCard } from './top-up-card';

afterEach(cleanupScreen);

function openTopUp() {
  const fetchMock = stubFetch(() => Response.json({ data: [], total: 0 }));
  renderScreen(<TopUpCard />, { user: { _id: 'fan', role: 'user', balance: 0 } as never });
  return fetchMock;
}

const topUps = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/payment/wallet/top-up'));

describe('the top-up card', () => {
  it('keeps a top-up of 1 as typed, says the minimum and starts no payment', async () => {
    const fetchMock = openTopUp();
    const amount = getByLabel('Amount');
    await typeInto(amount, '1');
    expect(amount.value).toBe('$1');
    expect(fieldError(amount)).toBe('The top-up must be at least $2.95.');
    const topUp = getButton('Top up');
    expect(topUp.disabled).toBe(true);
    await click(topUp);
    expect(topUps(fetchMock)).toHaveLength(0);
    expect(document.body.textContent).not.toContain('added to your wallet');
    expect(document.body.textContent).toContain('To pay: —');
  });
});
