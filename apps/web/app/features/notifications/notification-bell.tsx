import type { TNotification, TNotificationList } from '@fanstage/contract';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { timeAgo } from '../feed/feed-format';
import classes from './notifications.module.css';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  preferencesPath,
  withRead,
} from './notifications-api';

/** Header: the bell with the unread count; its dropdown lists the newest notifications. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: notificationKeys.list,
    queryFn: fetchNotifications,
    staleTime: 60_000,
  });
  const unread = data?.unreadCount ?? 0;

  const applyRead = (ids: string[] | null, unreadCount: number) =>
    queryClient.setQueryData<TNotificationList>(notificationKeys.list, (list) =>
      withRead(list, ids, unreadCount, new Date().toISOString()),
    );
  const readOne = useWriteMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unreadCount }, id) => applyRead([id], unreadCount),
  });
  const readAll = useWriteMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unreadCount }) => applyRead(null, unreadCount),
  });

  const handleOpen = (notification: TNotification) => {
    if (!notification.readAt) readOne.mutate(notification._id);
    setOpened(false);
    if (notification.link) void navigate(notification.link);
  };

  // The server counts unread notifications up to 100 (unreadNotificationsCap): past 99 it reads 99+.
  const shown = unread > 99 ? '99+' : String(unread);
  const label = unread > 0 ? `Notifications, ${shown} unread` : 'Notifications';
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="lg"
      radius="md"
      width="min(380px, calc(100vw - 16px))"
      withinPortal
      trapFocus={false}
    >
      <Popover.Target>
        <Indicator
          label={shown}
          disabled={unread === 0}
          size={18}
          offset={4}
          color="red"
          data-testid="notification-count"
          data-count={unread}
          style={{ flex: 'none' }}
        >
          <ActionIcon
            variant="subtle"
            size={36}
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={600}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            Mark all read
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
          {isPending ? (
            <Stack gap="sm" p="md" aria-label="Loading notifications" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Box key={i}>
                  <Skeleton height={12} width="60%" mb={6} />
                  <Skeleton height={10} width="90%" />
                </Box>
              ))}
            </Stack>
          ) : isError ? (
            <Stack align="center" gap="xs" p="lg">
              <Text size="sm" c="dimmed">
                Notifications could not be loaded.
              </Text>
              <Button variant="light" size="compact-sm" onClick={() => void refetch()}>
                Try again
              </Button>
            </Stack>
          ) : data.data.length === 0 ? (
            <Stack align="center" gap={4} p="xl">
              <IconBellOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
              <Text size="sm" fw={500}>
                No notifications yet
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                Tips, subscribers, orders and payouts will show up here.
              </Text>
            </Stack>
          ) : (
            <ul className={classes.list} aria-label="Latest notifications">
              {data.data.map((n) => (
                <li key={n._id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={!n.readAt || undefined}
                    onClick={() => handleOpen(n)}
                    aria-label={`${n.readAt ? '' : 'Unread: '}${n.title}`}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <span className={classes.dot} data-unread={!n.readAt || undefined} aria-hidden />
                      <Box style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" fw={n.readAt ? 400 : 600} lineClamp={2}>
                          {n.title}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={3}>
                          {n.text}
                        </Text>
                        <Text size="xs" c="dimmed" mt={2}>
                          {timeAgo(n.createdAt)}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Box px="md" py="xs">
          <Anchor component={Link} to={preferencesPath} size="sm" onClick={() => setOpened(false)}>
            Notification settings
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
