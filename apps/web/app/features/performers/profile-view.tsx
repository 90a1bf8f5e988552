import { Messages, type TPerformerPublic } from '@fanstage/contract';
import { Avatar, Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconBroadcast,
  IconCalendar,
  IconCheck,
  IconEyeOff,
  IconLink,
  IconMapPin,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Hint } from '../../components/hint';
import { VerifiedBadge } from '../../components/verified-badge';
import { formatMonthYear } from '../../lib/dates';
import { formatCount, groupThousands, subscriptionOffer } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { CallButton } from '../calls/call-button';
import { RequestPrivateShowButton } from '../calls/request-private-show';
import type { FeedPage } from '../feed/feed-api';
import { FeedSkeleton } from '../feed/feed-skeleton';
import { FollowButton } from '../follows/follow-button';
import { useFollow } from '../follows/use-follow';
import { livePath, useCreatorLiveSession } from '../live/live-api';
import { MessageButton } from '../messages/message-button';
import { ReportButton } from '../reports/report-buttons';
import { SubscribeButton } from '../subscriptions/subscribe-box';
import { TipButton } from '../wallet/tip-button';
import { newPostPath } from './profile-path';
import classes from './profile-view.module.css';
import { SocialLinks } from './social-links';

// The tabs (posts, photos, videos, shop) come in the page's HTML, the first page of posts with them (the
// loader reads it), and their code (the tabs, the post cards with their media and comments, the infinite
// list) is a file of its own, requested as soon as this module runs: the header (name, stats, follow,
// subscribe) hydrates without waiting for it, and React keeps the server's HTML of the tabs on screen
// until their code has come. It keeps the creator page's first scripts light.
const loadProfileTabs = () => import('./profile-tabs');
const ProfileTabs = lazy(() => loadProfileTabs().then((m) => ({ default: m.ProfileTabs })));
if (typeof window !== 'undefined') void loadProfileTabs();

/** What a page opened in the browser shows while the tabs' code comes. */
function ProfileTabsSkeleton() {
  return (
    <Card p={0}>
      <Group gap="md" px="md" py="sm">
        {placeholderKeys(4).map((key) => (
          <Skeleton key={key} h={16} w={64} />
        ))}
      </Group>
      <Box maw={680} mx="auto" p={{ base: 'sm', sm: 'lg' }}>
        <FeedSkeleton />
      </Box>
    </Card>
  );
}

/** The creator page: cover, avatar, name, stats, bio, links, follow and the subscription offer. */
export function ProfileView({
  performer,
  region,
  firstPosts = null,
}: {
  performer: TPerformerPublic;
  /** The creator's country by name ("United States"), from the page's loader (country-name.ts). */
  region: string | null;
  /** The first page of posts, read by the page's loader (null: the list loads them itself). */
  firstPosts?: FeedPage | null;
}) {
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const isSelf = user?._id === performer._id;
  const follow = useFollow(performer._id, {
    isFollowed: performer.isFollowed,
    followers: performer.stats.followers,
  });
  const offer = subscriptionOffer(performer, settings.freeSubscriptionDuration);
  const stats = [
    { label: 'Posts', value: performer.stats.posts },
    { label: 'Photos', value: performer.stats.photos },
    { label: 'Videos', value: performer.stats.videos },
    { label: 'Followers', value: follow.followers },
    { label: 'Likes', value: performer.stats.likes },
  ];

  return (
    <Stack gap="lg">
      <Card p={0} className={classes.card}>
        <div className={classes.cover}>
          {/* The page's largest picture: fetched first, before the avatars and post media below it. */}
          {performer.cover ? (
            <img src={performer.cover} alt="" className={classes.coverImage} fetchPriority="high" />
          ) : null}
        </div>
        <Box px={{ base: 'md', sm: 'xl' }} pb={{ base: 'md', sm: 'xl' }}>
          <div className={classes.headRow}>
            <Avatar src={performer.avatar} alt={performer.name} className={classes.avatar} radius={999} />
            <Group gap={8} className={classes.actions} wrap="nowrap" justify="flex-end">
              <CopyLinkButton path={`/${performer.username ?? performer._id}`} />
              {isSelf ? (
                <>
                  <Button component={Link} to="/creator/account" variant="default" visibleFrom="sm">
                    Edit profile
                  </Button>
                  <Button
                    component={Link}
                    to={newPostPath}
                    variant="gradient"
                    leftSection={<IconPlus size={16} />}
                  >
                    New post
                  </Button>
                </>
              ) : (
                <>
                  <ReportButton
                    target="performer"
                    targetId={performer._id}
                    ownerId={performer._id}
                    isCompact
                  />
                  <MessageButton performerId={performer._id} />
                  <TipButton performer={performer} />
                  <FollowButton
                    isFollowed={follow.isFollowed}
                    onToggle={() => void follow.toggle()}
                    visibleFrom="sm"
                  />
                  <FollowButton
                    isFollowed={follow.isFollowed}
                    onToggle={() => void follow.toggle()}
                    isCompact
                    hiddenFrom="sm"
                  />
                </>
              )}
            </Group>
          </div>

          <Stack gap={4} mt="sm">
            <Group gap={6} wrap="nowrap">
              <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} className={classes.name}>
                {performer.name}
              </Title>
              {performer.verifiedDocument ? <VerifiedBadge size={24} /> : null}
              <LiveBadge performerId={performer._id} />
            </Group>
            {performer.username ? <Text c="dimmed">@{performer.username}</Text> : null}
          </Stack>
          {!isSelf && user && !user.isPerformer ? (
            <Group gap="xs" mt="sm">
              <CallButton performer={performer} />
              <RequestPrivateShowButton performerId={performer._id} performerName={performer.name} />
            </Group>
          ) : null}

          <Group gap="lg" mt="sm" c="dimmed">
            {region ? (
              <Group gap={4}>
                <IconMapPin size={16} stroke={1.6} />
                <Text size="sm">{region}</Text>
              </Group>
            ) : null}
            <Group gap={4}>
              <IconCalendar size={16} stroke={1.6} />
              <Text size="sm">Joined {formatMonthYear(performer.createdAt)}</Text>
            </Group>
          </Group>
          {isSelf && !performer.verifiedDocument ? (
            <Group gap={6} mt="sm" wrap="nowrap" c="yellow.8">
              <IconEyeOff size={16} stroke={1.8} style={{ flexShrink: 0 }} />
              <Text size="sm">Only you can see this page until we have checked your ID.</Text>
            </Group>
          ) : null}

          <Group gap={0} mt="md" className={classes.stats} component="dl" aria-label="Creator stats">
            {stats.map((stat) => (
              <div key={stat.label} className={classes.stat}>
                <Text component="dt" size="xs" c="dimmed">
                  {stat.label}
                </Text>
                <Text component="dd" fw={700} fz="lg" lh={1.2} title={groupThousands(stat.value)}>
                  {formatCount(stat.value)}
                </Text>
              </div>
            ))}
          </Group>

          {performer.bio ? (
            <Text mt="md" className={classes.bio}>
              {performer.bio}
            </Text>
          ) : null}
          <Box mt="md">
            <SocialLinks socials={performer.socials} name={performer.name} />
          </Box>

          {performer.welcomeVideo?.urls?.video ? (
            // biome-ignore lint/a11y/useMediaCaption: creators upload their own clips; there is no caption track to offer.
            <video
              className={classes.welcomeVideo}
              src={performer.welcomeVideo.urls.video}
              poster={performer.welcomeVideo.urls.posters?.[1] ?? performer.welcomeVideo.urls.posters?.[0]}
              controls
              preload="metadata"
              aria-label={`A welcome from ${performer.name}`}
            />
          ) : null}

          {isSelf ? null : (
            <Card withBorder radius="md" mt="lg" p="md" className={classes.subscribeBox}>
              <Group justify="space-between" gap="sm">
                <div>
                  <Text fw={700}>Subscribe to {performer.name}</Text>
                  <Text size="sm" className={classes.subscribeNote}>
                    Get full access to posts, photos and videos.
                  </Text>
                </div>
                <Stack gap={4} align="center" className={classes.subscribeButton}>
                  <SubscribeButton performer={performer} label={offer.label} />
                  {offer.note ? (
                    <Text size="xs" ta="center" className={classes.subscribeNote}>
                      {offer.note}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </Card>
          )}
        </Box>
      </Card>

      <Suspense fallback={<ProfileTabsSkeleton />}>
        <ProfileTabs performer={performer} isSelf={isSelf} firstPosts={firstPosts} />
      </Suspense>
    </Stack>
  );
}

/** "Live" beside the name while the creator is on air, linking to the show. */
function LiveBadge({ performerId }: { performerId: string }) {
  const live = useCreatorLiveSession(performerId);
  if (!live.data) return null;
  return (
    <Badge
      component={Link}
      to={livePath(live.data._id)}
      color="red"
      variant="filled"
      leftSection={<IconBroadcast size={12} />}
      style={{ cursor: 'pointer', flexShrink: 0 }}
    >
      Live
    </Badge>
  );
}

/** Copies the address of this page (spec: "Copied to clipboard"). */
function CopyLinkButton({ path }: { path: string }) {
  const clipboard = useClipboard();
  return (
    <Hint label="Copy link to this page">
      <Button
        variant="default"
        px={10}
        aria-label="Copy link to this page"
        onClick={() => {
          clipboard.copy(`${window.location.origin}${path}`);
          notifySuccess(Messages.copied);
        }}
      >
        {clipboard.copied ? <IconCheck size={18} /> : <IconLink size={18} />}
      </Button>
    </Hint>
  );
}
