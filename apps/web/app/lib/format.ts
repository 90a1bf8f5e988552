const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The one way money reads in the app: dollars, thousands separated, always two places ($0.00, $12.50,
 * $1,234.00, -$20.00). Balances, prices, totals and earnings all go through it, so one screen never
 * says $0 where another says $0.00.
 */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts on cards and stats: 950, 1.2K, 3.4M. */
export const formatCount = (n: number): string => compact.format(n);

/** "1 follower", "12 followers". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

export interface SubscriptionOfferInput {
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  freeSubscription: boolean;
}

export interface SubscriptionOffer {
  /** The words on the subscribe button. */
  label: string;
  /** A second line under it (the yearly plan, or what happens after the free period). */
  note: string | null;
}

/**
 * What the subscribe button of a creator says: the free period first when one is on offer,
 * else the monthly price, with the yearly plan (and what it saves) as the note.
 */
export function subscriptionOffer(p: SubscriptionOfferInput, freeDays: number): SubscriptionOffer {
  const yearly = p.yearlyPrice !== null ? yearlyNote(p.yearlyPrice, p.monthlyPrice) : null;
  if (p.freeSubscription) {
    const then = p.monthlyPrice !== null ? `then ${formatPrice(p.monthlyPrice)}/month` : null;
    return {
      label: `Free for ${freeDays} ${freeDays === 1 ? 'day' : 'days'}`,
      note: [then, yearly].filter(Boolean).join(' · ') || null,
    };
  }
  if (p.monthlyPrice !== null) {
    return { label: `Subscribe for ${formatPrice(p.monthlyPrice)}/month`, note: yearly };
  }
  if (p.yearlyPrice !== null)
    return { label: `Subscribe for ${formatPrice(p.yearlyPrice)}/year`, note: null };
  return { label: 'Subscribe', note: null };
}

function yearlyNote(yearly: number, monthly: number | null): string {
  const base = `or ${formatPrice(yearly)}/year`;
  if (monthly === null || monthly <= 0) return base;
  const saving = Math.round((1 - yearly / (monthly * 12)) * 100);
  return saving >= 1 ? `${base} (save ${saving}%)` : base;
}

/** The short price on a creator card: "Free", "$9.99/mo", or null when nothing is on offer. */
export function priceBadge(p: SubscriptionOfferInput): string | null {
  if (p.freeSubscription) return 'Free';
  if (p.monthlyPrice !== null) return `${formatPrice(p.monthlyPrice)}/mo`;
  if (p.yearlyPrice !== null) return `${formatPrice(p.yearlyPrice)}/yr`;
  return null;
}
