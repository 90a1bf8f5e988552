import type { TBlockedCountries, TBlockedCountriesRequest } from '@fanstage/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';

/** Whose list: the creator's own (`/block/countries`) or the whole site's (`/admin/block/countries`). */
export type BlockListOwner = 'creator' | 'site';

const pathOf = (owner: BlockListOwner) =>
  owner === 'creator' ? '/block/countries' : '/admin/block/countries';
export const blockedCountriesKey = (owner: BlockListOwner) => ['block', 'countries', owner] as const;

/** The blocked country codes of the creator or of the site. */
export function useBlockedCountries(owner: BlockListOwner) {
  return useQuery({
    queryKey: blockedCountriesKey(owner),
    queryFn: async () => (await api.get<{ data: TBlockedCountries }>(pathOf(owner))).data.countryCodes,
  });
}

/** Replaces the list (POST for a creator, PUT for the site, as the API declares them). */
export function useSaveBlockedCountries(owner: BlockListOwner) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: async (input: TBlockedCountriesRequest) => {
      const res =
        owner === 'creator'
          ? await api.post<{ data: TBlockedCountries }>(pathOf(owner), input)
          : await api.put<{ data: TBlockedCountries }>(pathOf(owner), input);
      return res.data.countryCodes;
    },
    onSuccess: (codes) => queryClient.setQueryData(blockedCountriesKey(owner), codes),
  });
}
