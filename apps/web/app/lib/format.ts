// No Intl number formatter is built while a page starts: the first one a page builds loads the number
// data (~13 ms here, ~50 ms of a slow phone's main thread as Lighthouse times it). Prices are written
// by hand (tested against Intl's 'en-US' currency format); the compact counts build theirs only for a
// count of a thousand or more.

/**
 * The one way money reads in the app: dollars, thousands separated, always two places ($0.00, $12.50,
 * $1,234.00, -$20.00). Balances, prices, totals and earnings all go through it, so one screen never
 * says $0 where another says $0.00.
 */
export function formatPrice(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${groupThousands(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

let compact: Intl.NumberFormat | null = null;

/** Counts on cards and stats: 950, 1.2K, 3.4M (below a thousand a count is its digits). */
export function formatCount(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return compact.format(n);
}

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

/** An integer with its thousands separated, as 'en-US' writes it (12,345), without building a formatter. */
export function groupThousands(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
