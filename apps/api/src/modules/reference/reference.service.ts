import type { TCity, TCountry, TLanguage, TPhoneCode, TState, TUserAdditional } from '@fanstage/contract';
import { AppError } from '../../lib/app-error';
import { findCountry, loadCountries, loadLanguages, loadPhoneCodes } from './countries.data';
import { readFlag } from './flags.data';
import { userAdditional } from './profile-options.data';
import { loadSubdivisions } from './subdivisions.data';

const unknownCountry = (code: string) =>
  new AppError('NOT_FOUND', `There is no country with the code ${code}.`);

/** Every listed country with its capital, region, main currency and language, sorted by name. */
export function listCountries(): TCountry[] {
  return loadCountries();
}

/** The states of a country (upper-case code), sorted by name; empty for a country without subdivisions. */
export async function listStates(options: { country: string }): Promise<TState[]> {
  if (!findCountry(options.country)) throw unknownCountry(options.country);
  return (await loadSubdivisions(options.country))?.states ?? [];
}

/** The cities of one state of a country (upper-case codes), sorted by name. */
export async function listCities(options: { country: string; state: string }): Promise<TCity[]> {
  const country = findCountry(options.country);
  if (!country) throw unknownCountry(options.country);
  const cities = (await loadSubdivisions(options.country))?.citiesByState.get(options.state);
  if (!cities)
    throw new AppError('NOT_FOUND', `${country.name} has no state with the code ${options.state}.`);
  return cities;
}

/** Every ISO 639-1 language with its native name, sorted by English name. */
export function listLanguages(): TLanguage[] {
  return loadLanguages();
}

/** The main international dialling code of every listed country, sorted by country name. */
export function listPhoneCodes(): TPhoneCode[] {
  return loadPhoneCodes();
}

/** The choices of the optional profile fields (gender, orientation, looks). */
export function getUserAdditional(): TUserAdditional {
  return userAdditional;
}

/** The SVG of a flag by lower-case two-letter code; NOT_FOUND when there is no such flag. */
export async function findFlag(options: { code: string }): Promise<Buffer> {
  const svg = await readFlag(options.code);
  if (!svg) throw new AppError('NOT_FOUND', `There is no flag for the code ${options.code}.`);
  return svg;
}
