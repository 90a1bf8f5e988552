import { describe, expect, it } from 'vitest';
import {
  defaultExploreFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  nextOffset,
  performerSearchQuery,
} from './search-params';

describe('explore filters in the address', () => {
  it('reads valid filters and normalises the country code', () => {
    const params = new URLSearchParams('q=luna&country=us&gender=female&sortBy=newest');
    expect(filtersFromSearchParams(params)).toEqual({
      q: 'luna',
      country: 'US',
      gender: 'female',
      sortBy: 'newest',
    });
  });

  it('falls back to the defaults for values the API would refuse', () => {
    const params = new URLSearchParams('country=USA&gender=robot&sortBy=cheapest');
    expect(filtersFromSearchParams(params)).toEqual(defaultExploreFilters);
  });

  it('leaves defaults and empty values out of the address', () => {
    expect(filtersToSearchParams({ ...defaultExploreFilters, q: '  ' }).toString()).toBe('');
    expect(
      filtersToSearchParams({ q: ' ava ', country: 'GB', gender: null, sortBy: 'online' }).toString(),
    ).toBe('q=ava&country=GB&sortBy=online');
  });

  it('round-trips through the address', () => {
    const filters = { q: 'mia', country: 'FR', gender: 'male' as const, sortBy: 'newest' as const };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });
});

describe('performerSearchQuery', () => {
  it('sends the page window and only the filters that are set', () => {
    expect(performerSearchQuery({ ...defaultExploreFilters, q: ' x ' }, 24, 12)).toEqual({
      offset: 24,
      limit: 12,
      sortBy: 'popular',
      q: 'x',
    });
  });
});

describe('nextOffset', () => {
  it('asks for more only while fewer than the total are loaded', () => {
    expect(nextOffset(12, 30)).toBe(12);
    expect(nextOffset(30, 30)).toBeUndefined();
  });
});
