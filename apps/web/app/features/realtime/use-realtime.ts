import type { TCurrentUser } from '@fanstage/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserKey } from '../auth/use-current-user';
import { bindMessageEvents } from '../messages/message-events';
import { bindNotificationEvents } from '../notifications/notification-events';
import { closeSocket, onServerEvent, openSocket } from './socket-client';

/**
 * The live connection of a logged-in person: opened when someone logs in, closed at logout or
 * when the person changes. Balance and notifications are handled here, messages by their feature.
 */
export function useRealtime(user: TCurrentUser | null): void {
  const queryClient = useQueryClient();
  const userId = user?._id ?? null;
  useEffect(() => {
    if (!userId) {
      closeSocket();
      return;
    }
    openSocket();
    const offs = [
      onServerEvent('wallet/balance', ({ balance }) => {
        queryClient.setQueryData<TCurrentUser | null>(currentUserKey, (old) =>
          old ? { ...old, balance } : old,
        );
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      }),
      onServerEvent('notification', (event) => {
        // The checkout page shows the outcome of its own payment already.
        if (event.type === 'top-up' && window.location.pathname.startsWith('/payment/')) return;
        notifications.show({ title: event.title, message: event.text, autoClose: 5000 });
      }),
      bindMessageEvents(queryClient, userId),
      bindNotificationEvents(queryClient),
    ];
    return () => {
      for (const off of offs) off();
      closeSocket();
    };
  }, [queryClient, userId]);
}
