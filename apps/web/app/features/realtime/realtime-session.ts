import type { TCurrentUser } from '@fanstage/contract';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../auth/use-current-user';
import { bindMessageEvents } from '../messages/message-events';
import { bindNotificationEvents } from '../notifications/notification-events';
import { closeSocket, onServerEvent, openSocket } from './socket-client';

/**
 * The live connection of one logged-in person and its listeners: balance and notifications here,
 * messages by their feature. Loaded by useRealtime only once someone is logged in, so a visitor's
 * pages carry none of it. Returns the function that ends it all (logout, or the person changed).
 */
export function startRealtime(queryClient: QueryClient, userId: string): () => void {
  void openSocket();
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
}
