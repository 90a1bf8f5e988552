import type { TPerformerPublic } from '@fanstage/contract';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCalendar,
  IconCoin,
  IconLayoutGrid,
  IconLock,
  IconMapPin,
  IconMessageCircle,
  IconPhoto,
  IconRosetteDiscountCheckFilled,
  IconUserPlus,
  IconVideo,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { placeholderKeys } from '../../lib/placeholders';
import { useCurrentUser } from '../auth/use-current-user';
import classes from './profile-view.module.css';

const comingSoon = 'Coming soon';

/** The creator page shell: cover, avatar, name, bio and the (not yet wired) fan actions. */
export function ProfileView({ performer }: { performer: TPerformerPublic }) {
  const user = useCurrentUser();
  const isSelf = user?._id === performer._id;
  const region = countryName(performer.country);

  return (
    <Stack gap="lg">
      <Card p={0} className={classes.card}>
        <div className={classes.cover}>
          {performer.cover ? <Image src={performer.cover} alt="" h="100%" w="100%" fit="cover" /> : null}
        </div>
        <Box px={{ base: 'md', sm: 'xl' }} pb={{ base: 'md', sm: 'xl' }}>
          <div className={classes.headRow}>
            <Avatar src={performer.avatar} alt={performer.name} className={classes.avatar} radius={999} />
            <Group gap="xs" className={classes.actions} wrap="wrap" justify="flex-end">
              {isSelf ? (
                <Button component={Link} to="/creator/account" variant="default">
                  Edit profile
                </Button>
              ) : (
                <>
                  <SoonAction label="Message" icon={<IconMessageCircle size={18} />} />
                  <SoonAction label="Send a tip" icon={<IconCoin size={18} />} />
                  <Tooltip label={comingSoon}>
                    <Button
                      variant="default"
                      leftSection={<IconUserPlus size={16} />}
                      data-disabled
                      onClick={(e) => e.preventDefault()}
                    >
                      Follow
                    </Button>
                  </Tooltip>
                </>
              )}
            </Group>
          </div>

          <Stack gap={4} mt="sm">
            <Group gap={6} wrap="nowrap">
              <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} className={classes.name}>
                {performer.name}
              </Title>
              {performer.verifiedDocument ? (
                <Tooltip label="Verified creator">
                  <IconRosetteDiscountCheckFilled
                    size={24}
                    className={classes.verified}
                    aria-label="Verified creator"
                  />
                </Tooltip>
              ) : null}
            </Group>
            {performer.username ? <Text c="dimmed">@{performer.username}</Text> : null}
          </Stack>

          <Group gap="lg" mt="sm" c="dimmed">
            {region ? (
              <Group gap={4}>
                <IconMapPin size={16} stroke={1.6} />
                <Text size="sm">{region}</Text>
              </Group>
            ) : null}
            <Group gap={4}>
              <IconCalendar size={16} stroke={1.6} />
              <Text size="sm">Joined {dayjs(performer.createdAt).format('MMMM YYYY')}</Text>
            </Group>
            {isSelf && !performer.verifiedDocument ? (
              <Badge color="yellow" variant="light">
                Only you can see this page until your ID is checked
              </Badge>
            ) : null}
          </Group>

          {performer.bio ? (
            <Text mt="md" className={classes.bio}>
              {performer.bio}
            </Text>
          ) : null}

          {isSelf ? null : (
            <Card withBorder radius="md" mt="lg" p="md" className={classes.subscribeBox}>
              <Group justify="space-between" gap="sm">
                <div>
                  <Text fw={700}>Subscribe to {performer.name}</Text>
                  <Text size="sm" c="dimmed">
                    Get full access to posts, photos and videos.
                  </Text>
                </div>
                <Tooltip label={comingSoon}>
                  <Button
                    variant="gradient"
                    size="md"
                    data-disabled
                    onClick={(e) => e.preventDefault()}
                    className={classes.subscribeButton}
                  >
                    Subscribe
                  </Button>
                </Tooltip>
              </Group>
            </Card>
          )}
        </Box>
      </Card>

      <Card p={0}>
        <Tabs defaultValue="posts" classNames={{ list: classes.tabsList }}>
          <Tabs.List grow>
            <Tabs.Tab value="posts" leftSection={<IconLayoutGrid size={16} />}>
              Posts
            </Tabs.Tab>
            <Tabs.Tab value="photos" leftSection={<IconPhoto size={16} />}>
              Photos
            </Tabs.Tab>
            <Tabs.Tab value="videos" leftSection={<IconVideo size={16} />}>
              Videos
            </Tabs.Tab>
          </Tabs.List>
          {(['posts', 'photos', 'videos'] as const).map((tab) => (
            <Tabs.Panel key={tab} value={tab} p={{ base: 'lg', sm: 'xl' }}>
              <EmptyState
                icon={<IconLock size={26} />}
                variant="light"
                title={`No ${tab} yet`}
                description={
                  isSelf
                    ? `Your ${tab} will appear here once you publish them.`
                    : `When ${performer.name} publishes ${tab}, they will appear here.`
                }
              />
              <SimpleGrid cols={3} spacing={4} mt="xl" aria-hidden className={classes.ghostGrid}>
                {placeholderKeys(3).map((key) => (
                  <div key={key} className={classes.ghostTile} />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </Stack>
  );
}

function SoonAction({ label, icon }: { label: string; icon: React.ReactNode }) {
  return (
    <Tooltip label={`${label}: ${comingSoon.toLowerCase()}`}>
      <Button variant="default" px={10} aria-label={label} data-disabled onClick={(e) => e.preventDefault()}>
        {icon}
      </Button>
    </Tooltip>
  );
}

const regionNames =
  typeof Intl !== 'undefined' && 'DisplayNames' in Intl
    ? new Intl.DisplayNames(['en'], { type: 'region' })
    : null;

function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
