import {
  performerDetailFields,
  socialNetworks,
  type TPerformerDetailField,
  type TPerformerMe,
  type TSocialNetwork,
  type TUpdatePerformerMe,
  ZUpdatePerformerMe,
} from '@fanstage/contract';
import { formatPrice } from '../../lib/format';

export interface CreatorProfileValues {
  bio: string;
  country: string | null;
  details: Record<TPerformerDetailField, string | null>;
  socials: Record<TSocialNetwork, string>;
}

export const creatorProfileValuesOf = (me: TPerformerMe): CreatorProfileValues => ({
  bio: me.bio,
  country: /^[A-Z]{2}$/.test(me.country) ? me.country : null,
  details: Object.fromEntries(
    performerDetailFields.map((f) => [f, me.details[f]]),
  ) as CreatorProfileValues['details'],
  socials: Object.fromEntries(
    socialNetworks.map((n) => [n, me.socials[n] ?? '']),
  ) as CreatorProfileValues['socials'],
});

/** The form as `PUT /performers/me` wants it: emptied links are cleared (null), the country is kept when unset. */
export function creatorProfilePayload(values: CreatorProfileValues): TUpdatePerformerMe {
  return {
    bio: values.bio,
    ...(values.country ? { country: values.country } : {}),
    details: values.details as TUpdatePerformerMe['details'],
    socials: Object.fromEntries(
      socialNetworks.map((n) => [n, values.socials[n].trim() || null]),
    ) as TUpdatePerformerMe['socials'],
  };
}

export interface PricingValues {
  monthlyPrice: number | '';
  yearlyPrice: number | '';
  freeSubscriptionEnabled: boolean;
  privateCallPrice: number | '';
  acceptsCalls: boolean;
  welcomeMessage: string;
}

export const pricingValuesOf = (me: TPerformerMe): PricingValues => ({
  monthlyPrice: me.monthlyPrice ?? '',
  yearlyPrice: me.yearlyPrice ?? '',
  freeSubscriptionEnabled: me.freeSubscriptionEnabled,
  privateCallPrice: me.privateCallPrice,
  acceptsCalls: me.acceptsCalls,
  welcomeMessage: me.welcomeMessage,
});

/** An emptied subscription price means "not offered" (null); an emptied call price means free (0). */
export const pricingPayload = (values: PricingValues): TUpdatePerformerMe => ({
  monthlyPrice: values.monthlyPrice === '' ? null : values.monthlyPrice,
  yearlyPrice: values.yearlyPrice === '' ? null : values.yearlyPrice,
  freeSubscriptionEnabled: values.freeSubscriptionEnabled,
  privateCallPrice: values.privateCallPrice === '' ? 0 : values.privateCallPrice,
  acceptsCalls: values.acceptsCalls,
  welcomeMessage: values.welcomeMessage,
});

export interface PriceLimits {
  min: number;
  max: number;
}

/** The site's subscription price range in words, for the fields' descriptions. */
export const priceRangeText = ({ min, max }: PriceLimits) =>
  `From ${formatPrice(min)} to ${formatPrice(max)}; leave empty to not offer it.`;

/**
 * The problems the server would report, found before sending: the contract's own rules, then the
 * site's price range (the same sentence as the API's 422). Answers field path → message.
 */
export function pricingProblems(payload: TUpdatePerformerMe, limits: PriceLimits): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = ZUpdatePerformerMe.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  }
  for (const label of ['monthly', 'yearly'] as const) {
    const path = `${label}Price` as const;
    const price = payload[path];
    if (problems[path] || price === null || price === undefined) continue;
    if (
      Math.round(price * 100) < Math.round(limits.min * 100) ||
      Math.round(price * 100) > Math.round(limits.max * 100)
    ) {
      problems[path] = `The ${label} price must be between ${limits.min} and ${limits.max}.`;
    }
  }
  return problems;
}

/** The contract's rules for the profile part, as field path → message. */
export function creatorProfileProblems(payload: TUpdatePerformerMe): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = ZUpdatePerformerMe.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  }
  return problems;
}
