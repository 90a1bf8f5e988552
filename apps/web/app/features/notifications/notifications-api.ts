import type {
  TNotification,
  TNotificationChannel,
  TNotificationList,
  TNotificationPreference,
  TNotificationType,
} from '@fanstage/contract';
import { api } from '../../lib/api';

/* The notification centre's calls and cache keys. */

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** How many the bell's list holds (the newest). */
export const bellPageSize = 20;

export const preferencesPath = '/account/notifications';

export const fetchNotifications = () =>
  api.get<TNotificationList>('/notifications', { query: { offset: 0, limit: bellPageSize } });

export const markNotificationRead = async (id: string) =>
  (await api.post<{ data: { unreadCount: number } }>(`/notifications/${encodeURIComponent(id)}/read`)).data;

export const markAllNotificationsRead = async () =>
  (await api.post<{ data: { unreadCount: number } }>('/notifications/read-all')).data;

export const fetchPreferences = async () =>
  (await api.get<{ data: TNotificationPreference[] }>('/notifications/preferences')).data;

export const savePreferences = async (
  preferences: { type: TNotificationType; channel: TNotificationChannel }[],
) => (await api.put<{ data: TNotificationPreference[] }>('/notifications/preferences', { preferences })).data;

/** The cached list with one notification added on top (a push), keeping the page size. */
export function withNotification(
  list: TNotificationList | undefined,
  notification: TNotification,
  unreadCount: number,
): TNotificationList | undefined {
  if (!list) return list;
  if (list.data.some((n) => n._id === notification._id)) return { ...list, unreadCount };
  return {
    data: [notification, ...list.data].slice(0, bellPageSize),
    total: list.total + 1,
    unreadCount,
  };
}

/** The cached list after some (ids) or all (null) were read. */
export function withRead(
  list: TNotificationList | undefined,
  ids: string[] | null,
  unreadCount: number,
  readAt: string,
): TNotificationList | undefined {
  if (!list) return list;
  return {
    ...list,
    unreadCount,
    data: list.data.map((n) => (!n.readAt && (ids === null || ids.includes(n._id)) ? { ...n, readAt } : n)),
  };
}
