import type { TPerformerPublic } from '@fanstage/contract';
import { Box, Button, Card, Center, Loader, Tabs, type TabsTabProps } from '@mantine/core';
import {
  IconLayoutGrid,
  IconLock,
  IconPhoto,
  IconPlus,
  IconShoppingBag,
  IconVideo,
} from '@tabler/icons-react';
import { lazy, type MouseEvent, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyNotice } from '../../components/empty-notice';
import { placeholderKeys } from '../../lib/placeholders';
import type { FeedPage } from '../feed/feed-api';
import { useCreatorFeed } from '../feed/feed-lists';
import { LazyPostOwnerMenu } from '../feed/lazy-post-owner-menu';
import { PostList } from '../feed/post-list';
import { newPostPath } from './profile-path';
import classes from './profile-view.module.css';

// The photos, videos and shop tabs are downloaded when one is pointed at, focused or opened: the page
// opens on the posts, and most visitors never leave them.
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

const profileTabs = ['posts', 'photos', 'videos', 'shop'] as const;
type ProfileTab = (typeof profileTabs)[number];
/** The tab an address opens (`?tab=photos`); the posts for none or one we do not have. */
export const profileTabOf = (param: string | null): ProfileTab =>
  (profileTabs as readonly string[]).includes(param ?? '') ? (param as ProfileTab) : 'posts';

/** A click that asks the browser for a new tab or window, which the link's own address serves. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A tab that is also a link to its own address (`?tab=photos`). The tabs come in the page's HTML before
 * their code (profile-view.tsx): a click on them then is a plain link the browser follows, and the page
 * opens on that tab, where a button would do nothing. Once the code runs, a click switches in place.
 */
function TabLink({ value, ...props }: TabsTabProps) {
  const { pathname } = useLocation();
  const href = value === 'posts' ? pathname : `${pathname}?tab=${value}`;
  const renderRoot = ({ onClick, type: _button, ...root }: Record<string, unknown>) => (
    <a
      {...root}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        (onClick as (event: MouseEvent) => void)(event);
      }}
    />
  );
  return <Tabs.Tab value={value} {...props} {...({ renderRoot } as object)} />;
}

/** The creator page's tabs: posts (their first page read by the page's loader), photos, videos, shop. */
export function ProfileTabs({
  performer,
  isSelf,
  firstPosts,
}: {
  performer: TPerformerPublic;
  isSelf: boolean;
  /** The first page of posts, read by the page's loader (null: the list loads them itself). */
  firstPosts: FeedPage | null;
}) {
  const [params, setParams] = useSearchParams();
  const choose = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (profileTabOf(value) === 'posts') next.delete('tab');
    else next.set('tab', profileTabOf(value));
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <Card p={0}>
      <Tabs
        value={profileTabOf(params.get('tab'))}
        onChange={choose}
        keepMounted={false}
        classNames={{ list: classes.tabsList }}
      >
        <Tabs.List>
          <TabLink value="posts" leftSection={<IconLayoutGrid size={16} />}>
            Posts
          </TabLink>
          <TabLink value="photos" {...preloadOf(loadAssetGrids)} leftSection={<IconPhoto size={16} />}>
            Photos
          </TabLink>
          <TabLink value="videos" {...preloadOf(loadAssetGrids)} leftSection={<IconVideo size={16} />}>
            Videos
          </TabLink>
          <TabLink value="shop" {...preloadOf(loadProductGrid)} leftSection={<IconShoppingBag size={16} />}>
            Shop
          </TabLink>
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

/** A creator page's empty tab: what will appear there, and for the creator, how to start. */
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
