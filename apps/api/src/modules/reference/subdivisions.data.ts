/*
 * States (first-level subdivisions) and cities of each country.
 * Source: the npm package countries-states-cities-service (code MIT, © Alessandro Casazza), which bundles
 * the data of dr5hn/countries-states-cities-database, published under the Open Database License 1.0
 * (ODbL-1.0). Attribution: "Countries States Cities Database, © dr5hn and contributors, ODbL-1.0".
 * We serve the data as published (only regrouped, de-duplicated and sorted in memory), no adapted copy is
 * stored in this repository.
 *
 * The package holds about 5,300 subdivisions and 156,000 cities (~16 MB on disk, ~40 MB of heap once
 * decoded), so it is imported on the first states or cities request and indexed once.
 */
import type { TCity, TState } from '@fanstage/contract';

interface CountrySubdivisions {
  states: TState[];
  /** City names by upper-case state code; a state without cities has an empty list. */
  citiesByState: Map<string, TCity[]>;
}

const collator = new Intl.Collator('en');

async function buildIndex(): Promise<Map<string, CountrySubdivisions>> {
  const [{ States }, { Cities }] = await Promise.all([
    import('countries-states-cities-service/states'),
    import('countries-states-cities-service/cities'),
  ]);
  const index = new Map<string, CountrySubdivisions>();
  const entryOf = (country: string) => {
    let entry = index.get(country);
    if (!entry) {
      entry = { states: [], citiesByState: new Map() };
      index.set(country, entry);
    }
    return entry;
  };

  for (const state of States.getStates()) {
    const entry = entryOf(state.country_code);
    entry.states.push({ code: state.state_code, name: state.name });
    entry.citiesByState.set(state.state_code, []);
  }

  const namesByState = new Map<string, Set<string>>();
  for (const city of Cities.getCities()) {
    const key = `${city.country_code}-${city.state_code}`;
    let names = namesByState.get(key);
    if (!names) {
      names = new Set();
      namesByState.set(key, names);
    }
    // A few states list two places of the same name (different districts); a picker needs the name once.
    names.add(city.name);
  }

  for (const [country, entry] of index) {
    entry.states.sort((a, b) => collator.compare(a.name, b.name));
    for (const state of entry.states) {
      const names = [...(namesByState.get(`${country}-${state.code}`) ?? [])].sort(collator.compare);
      entry.citiesByState.set(
        state.code,
        names.map((name) => ({ name })),
      );
    }
  }
  return index;
}

let loading: Promise<Map<string, CountrySubdivisions>> | undefined;

/** The states and cities of one country (upper-case code), or undefined when the data has none. */
export async function loadSubdivisions(country: string): Promise<CountrySubdivisions | undefined> {
  loading ??= buildIndex().catch((error: unknown) => {
    // Let a later request try again instead of caching the failure.
    loading = undefined;
    throw error;
  });
  return (await loading).get(country);
}
