import type { TNotificationChannel, TNotificationPreference } from '@fanstage/contract';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api';

const channels: { value: TNotificationChannel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'in-app', label: 'In-app' },
  { value: 'off', label: 'Off' },
];

/**
 * Account settings: for each kind of notification the person can get, where it goes. "Email" also
 * shows it in the bell; "In-app" only in the bell. A change is saved at once.
 */
export function NotificationPreferences() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: fetchPreferences,
  });
  const save = useWriteMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences, saved);
      notifySuccess('Notification settings saved');
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2}>Notifications</Title>
        <Text c="dimmed" size="sm">
          Choose how you hear about each kind of news. Email also puts it in the bell; in-app puts it in the
          bell only.
        </Text>
      </div>
      <Card withBorder radius="md" padding={0}>
        {isPending ? (
          <Stack p="md" gap="lg" aria-busy="true" aria-label="Loading notification settings">
            {[0, 1, 2, 3].map((i) => (
              <Group key={i} justify="space-between">
                <Skeleton height={14} width="40%" />
                <Skeleton height={30} width={200} />
              </Group>
            ))}
          </Stack>
        ) : isError ? (
          <Text p="md" c="dimmed">
            Your notification settings could not be loaded.
          </Text>
        ) : (
          data.map((preference, index) => (
            <PreferenceRow
              key={preference.type}
              preference={preference}
              isLast={index === data.length - 1}
              onChange={(channel) => save.mutate([{ type: preference.type, channel }])}
            />
          ))
        )}
      </Card>
    </Stack>
  );
}

function PreferenceRow({
  preference,
  isLast,
  onChange,
}: {
  preference: TNotificationPreference;
  isLast: boolean;
  onChange: (channel: TNotificationChannel) => void;
}) {
  const labelId = `notification-pref-${preference.type}`;
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="sm"
      p="md"
      style={isLast ? undefined : { borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text fw={500} id={labelId}>
          {preference.label}
        </Text>
        <Text size="sm" c="dimmed">
          {preference.description}
        </Text>
      </div>
      <SegmentedControl
        aria-labelledby={labelId}
        data={channels}
        value={preference.channel}
        onChange={(value) => onChange(value as TNotificationChannel)}
        style={{ flex: '0 1 auto' }}
      />
    </Group>
  );
}
