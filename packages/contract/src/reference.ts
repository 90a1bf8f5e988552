import { z } from 'zod';
import { dataOf } from './common';
import { genders } from './field-values';

/** Continents a country may be placed in (product-spec.md section 3); Antarctic lands are mapped into these. */
export const regions = ['EU', 'AS', 'AF', 'OC', 'NA', 'SA'] as const;
export const ZRegion = z.enum(regions);
export type TRegion = z.infer<typeof ZRegion>;

export const sexualOrientations = ['straight', 'lesbian', 'gay', 'bisexual', 'transgender'] as const;
export const ZSexualOrientation = z.enum(sexualOrientations, {
  message: 'Sexual orientation must be straight, lesbian, gay, bisexual or transgender.',
});

export const ZCountry = z.object({
  name: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  code: z.string().length(2),
  /** Empty for lands without a capital. */
  capital: z.string(),
  region: ZRegion,
  currency: z.object({ code: z.string().length(3), name: z.string(), symbol: z.string() }),
  language: z.object({
    /** ISO 639-1. */
    code: z.string().length(2),
    name: z.string(),
    iso639_2: z.string().length(3).optional(),
    nativeName: z.string().optional(),
  }),
  /** `/api/flags/<lowercase code>.svg` */
  flag: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZState = z.object({ code: z.string(), name: z.string() });
export type TState = z.infer<typeof ZState>;

export const ZCity = z.object({ name: z.string() });
export type TCity = z.infer<typeof ZCity>;

export const ZLanguage = z.object({ code: z.string().length(2), name: z.string(), nativeName: z.string() });
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZPhoneCode = z.object({
  code: z.string().length(2),
  name: z.string(),
  dialCode: z.string().regex(/^\+\d{1,6}$/),
});
export type TPhoneCode = z.infer<typeof ZPhoneCode>;

/** One choice of a select box: the stored value and the words shown. */
export const ZOption = z.object({ value: z.string(), text: z.string() });
export type TOption = z.infer<typeof ZOption>;

/** The choices of the optional profile fields. */
export const ZUserAdditional = z.object({
  genders: z.array(z.object({ value: z.enum(genders), text: z.string() })),
  sexualOrientations: z.array(z.object({ value: ZSexualOrientation, text: z.string() })),
  ethnicities: z.array(ZOption),
  heights: z.array(ZOption),
  weights: z.array(ZOption),
  hairs: z.array(ZOption),
  eyes: z.array(ZOption),
  butts: z.array(ZOption),
  bodyTypes: z.array(ZOption),
});
export type TUserAdditional = z.infer<typeof ZUserAdditional>;

/** Lower or upper case on the way in; upper case after parsing. */
export const ZCountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Country code must be two letters (ISO 3166-1 alpha-2), like US.')
  .transform((code) => code.toUpperCase());

/** ISO 3166-2 subdivision part after the country, like CA in US-CA. */
export const ZStateCode = z
  .string()
  .regex(/^[A-Za-z0-9]{1,3}$/, 'State code must be one to three letters or digits, like CA.')
  .transform((code) => code.toUpperCase());

export const ZStatesParams = z.object({ country: ZCountryCode });
export const ZCitiesParams = z.object({ country: ZCountryCode, state: ZStateCode });
/** Flags are addressed by the lower-case code only, which also keeps paths inside the flags folder. */
export const ZFlagParams = z.object({
  code: z.string().regex(/^[a-z]{2}$/, 'Flag code must be two lower-case letters, like us.'),
});

export const ZCountriesResponse = dataOf(z.array(ZCountry));
export const ZStatesResponse = dataOf(z.array(ZState));
export const ZCitiesResponse = dataOf(z.array(ZCity));
export const ZLanguagesResponse = dataOf(z.array(ZLanguage));
export const ZPhoneCodesResponse = dataOf(z.array(ZPhoneCode));
export const ZUserAdditionalResponse = dataOf(ZUserAdditional);

/** Where the client finds the flag of a country. */
export const flagUrl = (code: string) => `/api/flags/${code.toLowerCase()}.svg`;
