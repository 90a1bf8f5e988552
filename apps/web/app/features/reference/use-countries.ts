import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface CountryOption {
  value: string;
  label: string;
  /** Its flag image (`/api/flags/<code>.svg`), when the API names one. */
  flag?: string;
}

/** Countries for a select (GET /countries/list); an empty list when the API has none or fails. */
export function useCountries() {
  return useQuery({
    queryKey: ['countries', 'list'],
    queryFn: async (): Promise<CountryOption[]> => {
      const res = await api.get<{ data?: { name?: unknown; code?: unknown; flag?: unknown }[] }>(
        '/countries/list',
      );
      const rows = Array.isArray(res?.data) ? res.data : [];
      return rows
        .filter(
          (c): c is { name: string; code: string; flag?: unknown } =>
            typeof c.name === 'string' && typeof c.code === 'string',
        )
        .map((c) => ({
          value: c.code.toUpperCase(),
          label: c.name,
          ...(typeof c.flag === 'string' ? { flag: c.flag } : {}),
        }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
