import type { TCurrentUser } from '@fanstage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The live connection of a logged-in person: opened when someone logs in, closed at logout or
 * when the person changes (see realtime-session.ts). The connection's code, the socket.io client
 * included, is downloaded only when someone is logged in.
 */
export function useRealtime(user: TCurrentUser | null): void {
  const queryClient = useQueryClient();
  const userId = user?._id ?? null;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let isDone = false;
    void import('./realtime-session').then(
      ({ startRealtime }) => {
        if (!isDone) stop = startRealtime(queryClient, userId);
      },
      (error: unknown) => console.error('the live connection could not be loaded', error),
    );
    return () => {
      isDone = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
