import { z } from 'zod';
import { dataOf } from './common';

/** The most countries one list may hold (there are 249 ISO 3166-1 codes). */
export const maxBlockedCountries = 250;

/** A list of countries to block; codes are checked against `GET /countries/list` by the server. */
export const ZBlockedCountriesRequest = z.object({
  countryCodes: z
    .array(
      z
        .string({ message: 'Each country must be a two-letter code.' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Each country must be a two-letter code such as DE.'),
      { message: 'The countries must be a list of two-letter codes.' },
    )
    .max(maxBlockedCountries, `At most ${maxBlockedCountries} countries can be blocked.`),
});
export type TBlockedCountriesRequest = z.infer<typeof ZBlockedCountriesRequest>;

/** A creator's (or the site's) blocked countries, sorted by code. */
export const ZBlockedCountries = z.object({ countryCodes: z.array(z.string().length(2)) });
export type TBlockedCountries = z.infer<typeof ZBlockedCountries>;
export const ZBlockedCountriesResponse = dataOf(ZBlockedCountries);

/** `GET /block/countries/check`: whether the site is closed to the requester's country. */
export const ZCountryBlockCheck = z.object({ blocked: z.boolean() });
export const ZCountryBlockCheckResponse = dataOf(ZCountryBlockCheck);
export type TCountryBlockCheck = z.infer<typeof ZCountryBlockCheck>;

/** The API's answer to a visitor from a country the site is closed to. */
export const siteGeoBlockedMessage = 'This site is not available in your country.';
