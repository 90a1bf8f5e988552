import type { TPerformerPublic } from '@fanstage/contract';
import { Avatar, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { VerifiedBadge } from '../../components/verified-badge';
import { plural, priceBadge } from '../../lib/format';
import classes from './performer-card.module.css';
import { profilePath } from './profile-path';

/** One creator in a grid: cover, avatar, name, @username, followers and the price badge. */
export function PerformerCard({ performer }: { performer: TPerformerPublic }) {
  const price = priceBadge(performer);
  return (
    <Link to={profilePath(performer)} className={classes.link} prefetch="intent">
      <Card p={0} className={classes.card}>
        <div className={classes.cover}>
          {performer.cover ? (
            <img src={performer.cover} alt="" className={classes.coverImage} loading="lazy" />
          ) : null}
          {price ? (
            <Badge className={classes.price} variant="white" color="dark" size="lg" radius="sm" tt="none">
              {price}
            </Badge>
          ) : null}
        </div>
        <Stack px="md" pb="md" gap={6}>
          <Avatar src={performer.avatar} alt="" size={64} radius={999} className={classes.avatar} />
          <div style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap">
              <Text fw={700} truncate>
                {performer.name}
              </Text>
              {performer.verifiedDocument ? <VerifiedBadge size={16} /> : null}
            </Group>
            {performer.username ? (
              <Text size="sm" c="dimmed" truncate>
                @{performer.username}
              </Text>
            ) : null}
          </div>
          <Group gap={4} c="dimmed">
            <IconUsers size={14} stroke={1.7} />
            <Text size="xs">{plural(performer.stats.followers, 'follower')}</Text>
          </Group>
        </Stack>
      </Card>
    </Link>
  );
}

/** The card's shape while results load. */
export function PerformerCardSkeleton() {
  return (
    <Card p={0} style={{ overflow: 'hidden' }}>
      <Skeleton radius={0} style={{ aspectRatio: '3 / 1' }} />
      <Stack px="md" pb="md" gap={8}>
        <Skeleton h={64} w={64} circle mt={-32} />
        <Skeleton h={12} w="70%" />
        <Skeleton h={10} w="45%" />
        <Skeleton h={10} w="35%" />
      </Stack>
    </Card>
  );
}

/** A round avatar and first name: one creator in the "Top creators" strip. */
export function PerformerStripItem({ performer }: { performer: TPerformerPublic }) {
  return (
    <Link to={profilePath(performer)} className={classes.stripItem} prefetch="intent">
      <div className={classes.stripAvatar}>
        <Avatar src={performer.avatar} alt="" size={64} radius={999} />
      </div>
      <Text size="xs" fw={600} ta="center" w="100%" truncate>
        {performer.name}
      </Text>
    </Link>
  );
}
