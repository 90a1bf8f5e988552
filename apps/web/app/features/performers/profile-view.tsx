import { Messages, type TPerformerPublic } from '@fanstage/contract';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconBroadcast,
  IconCalendar,
  IconCheck,
  IconEyeOff,
  IconLayoutGrid,
  IconLink,
  IconLock,
  IconMapPin,
  IconPhoto,
  IconPlus,
  IconShoppingBag,
  IconVideo,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { EmptyNotice } from '../../components/empty-notice';
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
import { useCreatorFeed } from '../feed/feed-lists';
import { LazyPostOwnerMenu } from '../feed/lazy-post-owner-menu';
import { PostList } from '../feed/post-list';
import { FollowButton } from '../follows/follow-button';
import { useFollow } from '../follows/use-follow';
import { livePath, useCreatorLiveSession } from '../live/live-api';
import { MessageButton } from '../messages/message-button';
import { ReportButton } from '../reports/report-buttons';
import { SubscribeButton } from '../subscriptions/subscribe-box';
import { TipButton } from '../wallet/tip-button';
import classes from './profile-view.module.css';
import { SocialLinks } from './social-links';

export const newPostPath = '/creator/posts/new';

// The photos, videos and shop tabs are downloaded when one is pointed at, focused or opened: the page
// opens on the posts, and most visitors never leave them (it keeps the creator page's first load light).
const loadAssetGrids = () => import('./asset-grids');
const loadProductGrid = () => import('../content/product-grid');
const GalleryGrid = lazy(() => loadAssetGrids().then((m) => ({ default: m.GalleryGrid })));
const VideoGrid = lazy(() => loadAssetGrids().then((m) => ({ default: m.VideoGrid })));
const ProductGrid = lazy(() => loadProductGrid().then((m) => ({ default: m.ProductGrid })));
const preloadOf = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
});
const tabLoading = (
  <Center py="xl">
    <Loader size="sm" aria-label="Loading" />
  </Center>
);

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

      <Card p={0}>
        <Tabs defaultValue="posts" keepMounted={false} classNames={{ list: classes.tabsList }}>
          <Tabs.List>
            <Tabs.Tab value="posts" leftSection={<IconLayoutGrid size={16} />}>
              Posts
            </Tabs.Tab>
            <Tabs.Tab value="photos" {...preloadOf(loadAssetGrids)} leftSection={<IconPhoto size={16} />}>
              Photos
            </Tabs.Tab>
            <Tabs.Tab value="videos" {...preloadOf(loadAssetGrids)} leftSection={<IconVideo size={16} />}>
              Videos
            </Tabs.Tab>
            <Tabs.Tab
              value="shop"
              {...preloadOf(loadProductGrid)}
              leftSection={<IconShoppingBag size={16} />}
            >
              Shop
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="posts" p={{ base: 'sm', sm: 'lg' }}>
            <CreatorPosts performer={performer} isSelf={isSelf} firstPage={firstPosts} />
          </Tabs.Panel>
          <Tabs.Panel value="photos" p={{ base: 'sm', sm: 'lg' }}>
            <Suspense fallback={tabLoading}>
              <GalleryGrid
                performerId={performer._id}
                empty={<NothingYet performer={performer} isSelf={isSelf} what="photos" />}
              />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="videos" p={{ base: 'sm', sm: 'lg' }}>
            <Suspense fallback={tabLoading}>
              <VideoGrid
                performerId={performer._id}
                empty={<NothingYet performer={performer} isSelf={isSelf} what="videos" />}
              />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="shop" p={{ base: 'sm', sm: 'lg' }}>
            <Suspense fallback={tabLoading}>
              <ProductGrid
                performerId={performer._id}
                empty={<NothingYet performer={performer} isSelf={isSelf} what="products" />}
              />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Card>
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

/** The creator's posts, pinned first, page by page. */
function CreatorPosts({
  performer,
  isSelf,
  firstPage,
}: {
  performer: TPerformerPublic;
  isSelf: boolean;
  firstPage: FeedPage | null;
}) {
  const feed = useCreatorFeed(performer.username ?? performer._id, firstPage);
  return (
    <Box maw={680} mx="auto">
      <PostList
        query={feed}
        monthlyPrice={performer.freeSubscription ? null : performer.monthlyPrice}
        renderActions={isSelf ? (post) => <LazyPostOwnerMenu post={post} /> : undefined}
        empty={<NothingYet performer={performer} isSelf={isSelf} what="posts" />}
      />
    </Box>
  );
}

function NothingYet({
  performer,
  isSelf,
  what,
}: {
  performer: TPerformerPublic;
  isSelf: boolean;
  what: 'posts' | 'photos' | 'videos' | 'products';
}) {
  return (
    <Box py="md">
      <EmptyNotice
        icon={<IconLock size={26} />}
        title={`No ${what} yet`}
        description={
          isSelf
            ? `Your ${what} will appear here once you publish them.`
            : `When ${performer.name} publishes ${what}, they will appear here.`
        }
      >
        {isSelf && what === 'posts' ? (
          <Button component={Link} to={newPostPath} variant="gradient" leftSection={<IconPlus size={16} />}>
            Write your first post
          </Button>
        ) : null}
      </EmptyNotice>
      <div aria-hidden className={classes.ghostGrid}>
        {placeholderKeys(6).map((key) => (
          <div key={key} className={classes.ghostTile} />
        ))}
      </div>
    </Box>
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
