import type { TCurrentUser } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const currentUserKey = ['users', 'me'] as const;

/** Who is logged in: null for visitors. A 401 here just means "nobody", it does not log out. */
export async function fetchCurrentUser(): Promise<TCurrentUser | null> {
  const res = await api.get<{ data: TCurrentUser } | null>('/users/me', { allowUnauthenticated: true });
  return res?.data ?? null;
}

/** The current user from the cache (the root loader seeds it on every page load). */
export function useCurrentUser(): TCurrentUser | null {
  const { data } = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 60_000 });
  return data ?? null;
}
