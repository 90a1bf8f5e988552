import type { Executor } from '@fanstage/db';
import { asc, eq, performerBlockedCountries, siteBlockedCountries } from '@fanstage/db';

/** A creator's blocked country codes, sorted. */
export async function findPerformerBlockedCountries(db: Executor, performerId: string): Promise<string[]> {
  const rows = await db
    .select({ code: performerBlockedCountries.countryCode })
    .from(performerBlockedCountries)
    .where(eq(performerBlockedCountries.performerId, performerId))
    .orderBy(asc(performerBlockedCountries.countryCode));
  return rows.map((r) => r.code);
}

/** Replaces a creator's list (call inside a transaction). */
export async function replacePerformerBlockedCountries(
  db: Executor,
  options: { performerId: string; codes: string[] },
): Promise<void> {
  await db
    .delete(performerBlockedCountries)
    .where(eq(performerBlockedCountries.performerId, options.performerId));
  if (options.codes.length === 0) return;
  await db
    .insert(performerBlockedCountries)
    .values(options.codes.map((countryCode) => ({ performerId: options.performerId, countryCode })));
}

/** The site-wide list, sorted. */
export async function findSiteBlockedCountries(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ code: siteBlockedCountries.countryCode })
    .from(siteBlockedCountries)
    .orderBy(asc(siteBlockedCountries.countryCode));
  return rows.map((r) => r.code);
}

/** Replaces the site-wide list (call inside a transaction). */
export async function replaceSiteBlockedCountries(db: Executor, codes: string[]): Promise<void> {
  await db.delete(siteBlockedCountries);
  if (codes.length === 0) return;
  await db.insert(siteBlockedCountries).values(codes.map((countryCode) => ({ countryCode })));
}
