import { Select } from '@mantine/core';
import { genderOptions } from '../auth/gender-options';
import { useCountries } from '../reference/use-countries';
import type { ExploreFilters } from './search-params';

/**
 * The explore page's country and gender pickers. The page loads them after its first paint (Mantine's
 * searchable Select brings the combobox and its positioning code, ~30 KB); the server renders them, so
 * they look the same from the start and answer as soon as their code arrives.
 */
export function ExploreSelects({
  filters,
  onChange,
}: {
  filters: ExploreFilters;
  onChange: (next: Partial<ExploreFilters>) => void;
}) {
  const countries = useCountries();
  return (
    <>
      <Select
        aria-label="Country"
        placeholder="Any country"
        data={countries.data ?? []}
        value={filters.country}
        onChange={(country) => onChange({ country })}
        searchable
        clearable
        nothingFoundMessage="No country matches"
        style={{ flex: '1 1 180px' }}
      />
      <Select
        aria-label="Gender"
        placeholder="Any gender"
        data={genderOptions}
        value={filters.gender}
        onChange={(gender) => onChange({ gender: gender as ExploreFilters['gender'] })}
        clearable
        style={{ flex: '1 1 140px' }}
      />
    </>
  );
}
