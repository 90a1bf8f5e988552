import type { TBlockedCountries, TBlockedCountriesRequest } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { forgetGeoState, type GeoViewer, isSiteBlocked } from '../access/geo';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { assertCreator } from '../performers/performers.access';
import { findCountry } from '../reference/countries.data';
import { forgetAccounts } from '../users/account-cache';
import {
  findPerformerBlockedCountries,
  findSiteBlockedCountries,
  replacePerformerBlockedCountries,
  replaceSiteBlockedCountries,
} from './geo-blocks.repo';

/**
 * The codes of a request, each once and sorted; a code missing from `GET /countries/list` is a 400
 * that names it (and the others, counted), so nothing is saved.
 */
function knownCountryCodes(input: TBlockedCountriesRequest): string[] {
  const codes = [...new Set(input.countryCodes)].sort();
  const unknown = codes.filter((code) => !findCountry(code));
  const [first] = unknown;
  if (first !== undefined) {
    const more = unknown.length > 1 ? ` (and ${unknown.length - 1} more unknown codes)` : '';
    throw new AppError(
      'VALIDATION_FAILED',
      `There is no country with the code ${first}${more}.`,
      unknown.map((code) => ({
        path: `countryCodes.${input.countryCodes.indexOf(code)}`,
        message: `There is no country with the code ${code}.`,
      })),
    );
  }
  return codes;
}

/** The creator's own blocked countries. */
export async function getMyBlockedCountries(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TBlockedCountries> {
  assertCreator(options.actor);
  return { countryCodes: await findPerformerBlockedCountries(ctx.db.db, options.actor.id) };
}

/** Replaces the creator's blocked countries; visitors from them stop seeing the creator at once. */
export async function setMyBlockedCountries(
  ctx: AppContext,
  options: { actor: Actor; input: TBlockedCountriesRequest },
): Promise<TBlockedCountries> {
  assertCreator(options.actor);
  const codes = knownCountryCodes(options.input);
  await ctx.db.db.transaction((tx) =>
    replacePerformerBlockedCountries(tx, { performerId: options.actor.id, codes }),
  );
  forgetGeoState(ctx);
  // Signed-out views of the profile are cached per country.
  forgetAccounts(ctx, [options.actor.id]);
  return { countryCodes: codes };
}

/** The countries the whole site is closed to (admin). */
export async function getSiteBlockedCountries(ctx: AppContext): Promise<TBlockedCountries> {
  return { countryCodes: await findSiteBlockedCountries(ctx.db.db) };
}

/**
 * Replaces the site-wide list (admin); other nodes follow within a few seconds. A change is written
 * to the audit log with the codes added and removed, in the same transaction.
 */
export async function setSiteBlockedCountries(
  ctx: AppContext,
  options: { actor: Actor; input: TBlockedCountriesRequest },
): Promise<TBlockedCountries> {
  const codes = knownCountryCodes(options.input);
  await ctx.db.db.transaction(async (tx) => {
    const before = await findSiteBlockedCountries(tx);
    await replaceSiteBlockedCountries(tx, codes);
    const added = codes.filter((code) => !before.includes(code));
    const removed = before.filter((code) => !codes.includes(code));
    if (added.length === 0 && removed.length === 0) return;
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: 'geo-block.update',
      targetType: 'settings',
      targetId: 'blocked-countries',
      before: { countryCodes: before },
      after: { countryCodes: codes, added, removed },
    });
  });
  forgetGeoState(ctx);
  return { countryCodes: codes };
}

/** `GET /block/countries/check`: whether the site is closed to the requester (admins never are). */
export async function checkSiteBlock(
  ctx: AppContext,
  options: { viewer: GeoViewer },
): Promise<{ blocked: boolean }> {
  return { blocked: await isSiteBlocked(ctx, options.viewer) };
}
