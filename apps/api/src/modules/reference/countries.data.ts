/*
 * Countries, currencies, languages and dialling codes, all bundled, no network.
 * Sources:
 *   countries-list (MIT, annexare/Countries): names, capitals, continents, ISO 4217 currencies with names
 *     and symbols, ISO 639-1 languages, calling codes.
 *   langs (MIT): ISO 639-1 → ISO 639-2 codes, English and native language names.
 */
import { flagUrl, type TCountry, type TLanguage, type TPhoneCode, type TRegion } from '@fanstage/contract';
import { countries, type ICountry, type TContinentCode, type TCountryCode } from 'countries-list';
import { getCurrency } from 'countries-list/currencies';
import langs from 'langs';

const collator = new Intl.Collator('en');
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/**
 * countries-list puts Antarctica and the sub-Antarctic islands in a seventh continent ('AN') that the
 * product does not have. Each goes to the region its UN M49 geoscheme (or its nearest mainland) gives.
 */
const antarcticRegions: Partial<Record<TCountryCode, TRegion>> = {
  BV: 'SA', // Bouvet Island: South Atlantic, M49 lists it under South America
  GS: 'SA', // South Georgia and the South Sandwich Islands: M49 South America
  HM: 'OC', // Heard Island and McDonald Islands: M49 Australia and New Zealand
  TF: 'AF', // French Southern Territories: M49 Eastern Africa
};

/**
 * Antarctica (AQ) itself is left out: it has no currency, language, capital or residents, so it cannot
 * fill the country shape and nobody lives there to pick it.
 */
const isListed = (code: TCountryCode, country: ICountry) =>
  code !== 'AQ' && country.currency.length > 0 && country.languages.length > 0;

const regionOf = (code: TCountryCode, continent: TContinentCode): TRegion => {
  if (continent !== 'AN') return continent;
  const region = antarcticRegions[code];
  if (!region) throw new Error(`No region is mapped for the Antarctic land ${code}.`);
  return region;
};

const languageOf = (code: string): TCountry['language'] => {
  const found = langs.where('1', code);
  if (!found) return { code, name: code };
  return { code, name: found.name, iso639_2: found['2'], nativeName: found.local };
};

const currencyOf = (code: string): TCountry['currency'] => {
  const found = getCurrency(code as Parameters<typeof getCurrency>[0]);
  return { code, name: found.name, symbol: found.symbol };
};

const listedCountries = () =>
  (Object.entries(countries) as [TCountryCode, ICountry][]).filter(([code, country]) =>
    isListed(code, country),
  );

/** Sorted by English name; built once on first use. */
let countryList: TCountry[] | undefined;
export function loadCountries(): TCountry[] {
  countryList ??= listedCountries()
    .map(([code, country]): TCountry => {
      // The first currency and language are the main ones (CHF before the WIR units, USD before USN).
      const [currency] = country.currency;
      const [language] = country.languages;
      return {
        name: country.name,
        code,
        capital: country.capital,
        region: regionOf(code, country.continent),
        currency: currencyOf(currency as string),
        language: languageOf(language as string),
        flag: flagUrl(code),
      };
    })
    .sort(byName);
  return countryList;
}

let countryCodes: Map<string, TCountry> | undefined;
/** The listed country with this upper-case code, if any. */
export function findCountry(code: string): TCountry | undefined {
  countryCodes ??= new Map(loadCountries().map((c) => [c.code, c]));
  return countryCodes.get(code);
}

let languageList: TLanguage[] | undefined;
/** Every ISO 639-1 language, sorted by English name. */
export function loadLanguages(): TLanguage[] {
  languageList ??= langs
    .all()
    .map((l) => ({ code: l['1'], name: l.name, nativeName: l.local }))
    .sort(byName);
  return languageList;
}

/**
 * A few lands list several calling codes, and not always their own first (Kosovo gives +377, Monaco's,
 * before its own +383). The main one is the first no other country uses; when all are shared (the
 * +1 countries) the first.
 */
const mainDialCodes = () => {
  const users = new Map<number, number>();
  for (const [, country] of listedCountries()) {
    for (const phone of country.phone) users.set(phone, (users.get(phone) ?? 0) + 1);
  }
  return (phones: number[]) => phones.find((p) => users.get(p) === 1) ?? phones[0];
};

let phoneCodeList: TPhoneCode[] | undefined;
/** One dialling code per listed country, sorted by country name. */
export function loadPhoneCodes(): TPhoneCode[] {
  if (!phoneCodeList) {
    const mainDialCode = mainDialCodes();
    phoneCodeList = listedCountries()
      .map(([code, country]) => ({ code, name: country.name, dialCode: `+${mainDialCode(country.phone)}` }))
      .sort(byName);
  }
  return phoneCodeList;
}
