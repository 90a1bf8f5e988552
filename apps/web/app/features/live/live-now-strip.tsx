import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../../lib/format';
import classes from './live.module.css';
import { livePath, useLiveNow } from './live-api';

/** "Live now": the shows on air, one tap from their page; nothing at all when nobody is live. */
export function LiveNowStrip() {
  const live = useLiveNow();
  const shows = live.data?.data ?? [];
  if (shows.length === 0) return null;
  return (
    <Card>
      <Text fw={700} mb="sm">
        Live now
      </Text>
      <nav className={classes.strip} aria-label="Live now">
        {shows.map((show) => (
          <Link key={show._id} to={livePath(show._id)} className={classes.stripItem}>
            <Card withBorder p="sm" h="100%">
              <Stack gap={6}>
                <Group gap={8} wrap="nowrap">
                  <Avatar
                    src={show.performer.avatar || null}
                    name={show.performer.name}
                    color="initials"
                    alt=""
                    radius="xl"
                    size={36}
                  />
                  <Badge color="red" variant="filled" size="sm">
                    LIVE
                  </Badge>
                </Group>
                <Text fw={600} size="sm" lineClamp={1}>
                  {show.performer.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {show.title}
                </Text>
                <Text size="xs" fw={600}>
                  {show.price > 0 ? formatPrice(show.price) : 'Free for subscribers'}
                </Text>
              </Stack>
            </Card>
          </Link>
        ))}
      </nav>
    </Card>
  );
}
