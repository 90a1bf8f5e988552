import type { TPerformerPublic } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import { defaultPlan, payLabel, paymentChoicesFor, plansOf, subscribeLabel } from './subscription-plans';

const performer = (over: Partial<TPerformerPublic>) =>
  ({ monthlyPrice: 9.99, yearlyPrice: 99, freeSubscription: false, ...over }) as TPerformerPublic;

describe('subscription plans', () => {
  it('offers monthly, yearly and the free one when the creator does, monthly first', () => {
    const plans = plansOf(performer({ freeSubscription: true }), 3);
    expect(plans.map((p) => [p.type, p.price])).toEqual([
      ['monthly', 9.99],
      ['yearly', 99],
      ['free', 0],
    ]);
    expect(plans[2]?.detail).toBe('3 days free, once per creator');
  });
  it('leaves out a plan without a price', () => {
    expect(plansOf(performer({ yearlyPrice: null }), 1).map((p) => p.type)).toEqual(['monthly']);
  });
  it('defaults to monthly, else the first plan offered', () => {
    expect(defaultPlan(performer({}))).toBe('monthly');
    expect(defaultPlan(performer({ monthlyPrice: null }))).toBe('yearly');
    expect(defaultPlan(performer({ monthlyPrice: null, yearlyPrice: null, freeSubscription: true }))).toBe(
      'free',
    );
  });
  it('labels the button with the price', () => {
    const [monthly] = plansOf(performer({}), 1);
    expect(subscribeLabel(monthly)).toBe('Subscribe for $9.99');
    expect(subscribeLabel(plansOf(performer({ freeSubscription: true }), 1)[2])).toBe(
      'Start free subscription',
    );
  });
});

describe('paying for a plan', () => {
  const [monthly, , free] = plansOf(performer({ freeSubscription: true }), 1);
  it('offers a card only with a card gateway and a plan that costs something', () => {
    expect(paymentChoicesFor(monthly, 'sandbox')).toEqual(['wallet', 'card']);
    expect(paymentChoicesFor(monthly, 'stripe')).toEqual(['wallet', 'card']);
    expect(paymentChoicesFor(monthly, null)).toEqual(['wallet']);
    expect(paymentChoicesFor(free, 'stripe')).toEqual(['wallet']);
  });
  it('says where the card button leads', () => {
    expect(payLabel(monthly, 'wallet', 'sandbox')).toBe('Subscribe for $9.99');
    expect(payLabel(monthly, 'card', 'sandbox')).toBe('Continue to checkout ($9.99)');
    expect(payLabel(monthly, 'card', 'stripe')).toBe('Pay $9.99 by card');
  });
});
