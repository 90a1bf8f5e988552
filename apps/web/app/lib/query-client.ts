import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: no automatic retry. One client per browser tab, one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
