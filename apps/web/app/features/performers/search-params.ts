import { genders, performerSorts } from '@fanstage/contract';

export type PerformerSort = (typeof performerSorts)[number];
export type PerformerGender = (typeof genders)[number];

/** The explore filters, as kept in the page address (?q=&country=&gender=&sortBy=). */
export interface ExploreFilters {
  q: string;
  country: string | null;
  gender: PerformerGender | null;
  sortBy: PerformerSort;
}

export const defaultExploreFilters: ExploreFilters = {
  q: '',
  country: null,
  gender: null,
  sortBy: 'popular',
};

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** Reads the filters from the address, ignoring values the API would refuse. */
export function filtersFromSearchParams(params: URLSearchParams): ExploreFilters {
  const country = params.get('country')?.trim().toUpperCase() ?? '';
  const gender = params.get('gender');
  const sortBy = params.get('sortBy');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    gender: isOneOf(genders, gender) ? gender : null,
    sortBy: isOneOf(performerSorts, sortBy) ? sortBy : defaultExploreFilters.sortBy,
  };
}

/** The address for the filters: defaults and empty values are left out, so a plain /explore stays plain. */
export function filtersToSearchParams(filters: ExploreFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.country) params.set('country', filters.country);
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.sortBy !== defaultExploreFilters.sortBy) params.set('sortBy', filters.sortBy);
  return params;
}

/** The query of `GET /performers/user/search` for one page of results. */
export function performerSearchQuery(filters: ExploreFilters, offset: number, limit: number) {
  const q = filters.q.trim();
  return {
    offset,
    limit,
    sortBy: filters.sortBy,
    ...(q ? { q } : {}),
    ...(filters.country ? { country: filters.country } : {}),
    ...(filters.gender ? { gender: filters.gender } : {}),
  };
}

/** The offset of the next page, or undefined when every result is loaded. */
export function nextOffset(loaded: number, total: number): number | undefined {
  return loaded < total ? loaded : undefined;
}
