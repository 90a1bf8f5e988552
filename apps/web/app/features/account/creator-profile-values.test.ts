import type { TPerformerMe } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import {
  creatorProfilePayload,
  creatorProfileProblems,
  creatorProfileValuesOf,
  priceRangeText,
  pricingPayload,
  pricingProblems,
} from './creator-profile-values';

const limits = { min: 2.95, max: 300 };

const me = {
  bio: 'Hi',
  country: 'US',
  details: {
    gender: 'female',
    sexualOrientation: null,
    ethnicity: 'latina',
    height: null,
    weight: null,
    hair: null,
    eyes: null,
    bodyType: null,
  },
  socials: { twitter: 'https://x.com/luna', instagram: null, tiktok: null, website: null },
} as unknown as TPerformerMe;

describe('creator profile form', () => {
  it('turns emptied links into null and keeps an unset country out of the request', () => {
    const values = creatorProfileValuesOf({ ...me, country: '' });
    expect(values.socials.instagram).toBe('');
    const payload = creatorProfilePayload({ ...values, socials: { ...values.socials, twitter: '  ' } });
    expect(payload.socials?.twitter).toBeNull();
    expect('country' in payload).toBe(false);
    expect(payload.details?.ethnicity).toBe('latina');
  });

  it('names the field of a link that is not a web address', () => {
    const values = creatorProfileValuesOf(me);
    const payload = creatorProfilePayload({ ...values, socials: { ...values.socials, website: 'my site' } });
    expect(Object.keys(creatorProfileProblems(payload))).toEqual(['socials.website']);
  });
});

describe('pricing form', () => {
  const base = {
    monthlyPrice: 9.99,
    yearlyPrice: '' as const,
    freeSubscriptionEnabled: false,
    privateCallPrice: '' as const,
    acceptsCalls: false,
    welcomeMessage: '',
  };

  it('reads an emptied plan as not offered and an emptied call price as free', () => {
    expect(pricingPayload(base)).toMatchObject({
      monthlyPrice: 9.99,
      yearlyPrice: null,
      privateCallPrice: 0,
    });
  });

  it('refuses prices outside the site range with the API sentence', () => {
    expect(pricingProblems(pricingPayload({ ...base, monthlyPrice: 1 }), limits)).toEqual({
      monthlyPrice: 'The monthly price must be between 2.95 and 300.',
    });
    expect(pricingProblems(pricingPayload({ ...base, yearlyPrice: 300 }), limits)).toEqual({});
  });

  it('refuses more than two decimal places', () => {
    expect(pricingProblems(pricingPayload({ ...base, monthlyPrice: 9.999 }), limits)).toHaveProperty(
      'monthlyPrice',
    );
  });

  it('describes the site range', () => {
    expect(priceRangeText(limits)).toBe('From $2.95 to $300.00; leave empty to not offer it.');
  });
});
