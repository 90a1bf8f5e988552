import type { TNotificationList } from '@fanstage/contract';
import { notifications as toasts } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { onReconnect, onServerEvent } from '../realtime/socket-client';
import { notificationKeys, withNotification, withRead } from './notifications-api';

/**
 * Keeps the bell of this tab live: a new notification goes on top of the list (and shows a toast),
 * a read in another tab is followed here, and after a reconnect the list loads again so nothing
 * sent meanwhile is missing.
 */
export function bindNotificationEvents(queryClient: QueryClient): () => void {
  const offs = [
    onServerEvent('notification/created', ({ notification, unreadCount }) => {
      const cached = queryClient.getQueryData<TNotificationList>(notificationKeys.list);
      if (cached) {
        queryClient.setQueryData<TNotificationList>(notificationKeys.list, (list) =>
          withNotification(list, notification, unreadCount),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      }
      toasts.show({ title: notification.title, message: notification.text, autoClose: 5000 });
    }),
    onServerEvent('notification/read', ({ ids, unreadCount }) => {
      queryClient.setQueryData<TNotificationList>(notificationKeys.list, (list) =>
        withRead(list, ids, unreadCount, new Date().toISOString()),
      );
    }),
    onReconnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.list })),
  ];
  return () => {
    for (const off of offs) off();
  };
}
