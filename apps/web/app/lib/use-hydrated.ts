import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and while the page hydrates, true from then on (no effect, no extra render pass). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
