import type { TPerformerPublic } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionOffer } from '../../lib/format';
import {
  cleanupScreen,
  click,
  getButton,
  queryButton,
  renderScreen,
  stubFetch,
} from '../../test-utils/screen';
import { SubscribeButton } from './subscribe-box';

afterEach(cleanupScreen);

const creator = (over: Partial<TPerformerPublic>) =>
  ({
    _id: '0198f000-0000-7000-8000-000000000001',
    name: 'Luna Park',
    username: 'luna',
    avatar: '/avatar.png',
    monthlyPrice: 9.99,
    yearlyPrice: 99,
    freeSubscription: true,
    hasUsedFreeSubscription: false,
    ...over,
  }) as TPerformerPublic;

/** The subscribe box of a creator page as the profile builds it, for a logged-in fan. */
function openBox(performer: TPerformerPublic) {
  stubFetch((path) => {
    if (path.includes('/mine')) return Response.json({ data: null });
    if (path.includes('/payment/gateway')) {
      return Response.json({ data: { gateway: null, stripePublishableKey: null, stripeConnect: false } });
    }
    return Response.json({ data: [], total: 0 });
  });
  const label = subscriptionOffer(performer, 3).label;
  renderScreen(<SubscribeButton performer={performer} label={label} />, {
    user: { _id: 'fan', role: 'user', balance: 20 } as never,
  });
}

const planCards = () =>
  [...document.querySelectorAll('[data-testid^="plan-"]')].map((el) => el.getAttribute('data-testid'));

describe('the subscribe box and the free trial', () => {
  it('offers the free trial to a fan who has not used it', async () => {
    openBox(creator({}));
    await vi.waitFor(() => expect(getButton('Free for 3 days').disabled).toBe(false));
    await click(getButton('Free for 3 days'));
    await vi.waitFor(() => expect(planCards()).toEqual(['plan-monthly', 'plan-yearly', 'plan-free']));
    expect(document.querySelector('[data-testid="free-trial-used"]')).toBeNull();
  });

  it('shows the paid offer to a fan who used the free trial, and says why the free plan is gone', async () => {
    openBox(creator({ freeSubscription: false, hasUsedFreeSubscription: true }));
    await vi.waitFor(() => expect(getButton('Subscribe for $9.99/month').disabled).toBe(false));
    expect(queryButton('Free for')).toBeUndefined();

    await click(getButton('Subscribe for $9.99/month'));
    await vi.waitFor(() => expect(planCards()).toEqual(['plan-monthly', 'plan-yearly']));
    expect(document.querySelector('[data-testid="free-trial-used"]')?.textContent).toBe(
      'You have already used your free trial with Luna Park.',
    );
    expect(queryButton('Start free subscription')).toBeUndefined();
    expect(queryButton('Subscribe for $9.99')).toBeDefined();
  });
});
