import type { TGallery, TMediaView, TVideo } from '@fanstage/contract';
import { Badge, Button, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock, IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { formatPrice, plural } from '../../lib/format';
import { placeholderKeys } from '../../lib/placeholders';
import { formatDuration } from '../feed/feed-format';
import { HiddenBadge } from '../moderation/hidden-notice';
import classes from './asset-grids.module.css';

interface Page<T> {
  data: T[];
  total: number;
}

const assetPageSize = 12;

function useAssetSearch<T>(kind: 'galleries' | 'videos', performerId: string) {
  return useInfiniteQuery({
    queryKey: ['performer-assets', kind, performerId],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(`/performer-assets/${kind}/search`, {
        query: { performerId, offset: pageParam, limit: assetPageSize, sortBy: 'createdAt' },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
    },
  });
}

/** The picture of a tile: the thumbnail when the viewer may see it, else the blurred preview. */
const imageOf = (media: TMediaView | null | undefined): string | null =>
  media?.urls?.thumbnail ?? media?.urls?.feed ?? media?.preview ?? null;

/** The creator's galleries: cover, title, photo count, and a lock when the viewer has no access. */
export function GalleryGrid({ performerId, empty }: { performerId: string; empty: ReactNode }) {
  const query = useAssetSearch<TGallery>('galleries', performerId);
  return (
    <AssetGrid query={query} empty={empty} cols={{ base: 2, sm: 3 }}>
      {(gallery) => {
        const cover = imageOf(gallery.cover);
        return (
          <Link key={gallery._id} to={`/gallery/${gallery._id}`} className={classes.tile}>
            {cover ? (
              <img
                src={cover}
                alt=""
                className={gallery.isLocked ? classes.blurred : undefined}
                loading="lazy"
              />
            ) : (
              <Center h="100%">
                <IconPhoto size={32} opacity={0.5} />
              </Center>
            )}
            {gallery.isLocked ? (
              <div className={classes.lock}>
                <IconLock size={20} role="img" aria-label="Locked" />
              </div>
            ) : null}
            {gallery.hidden ? (
              <div className={classes.hiddenMark}>
                <HiddenBadge hidden={gallery.hidden} />
              </div>
            ) : null}
            {gallery.isSale && gallery.price > 0 ? (
              <Badge className={classes.corner} color="grape" variant="filled">
                {formatPrice(gallery.price)}
              </Badge>
            ) : null}
            <div className={classes.shade}>
              <Text fw={700} size="sm" truncate>
                {gallery.title}
              </Text>
              <Text size="xs" opacity={0.85}>
                {plural(gallery.numPhotos, 'photo')}
              </Text>
            </div>
          </Link>
        );
      }}
    </AssetGrid>
  );
}

/** The creator's videos: thumbnail, title, length, and a lock when the viewer has no access. */
export function VideoGrid({ performerId, empty }: { performerId: string; empty: ReactNode }) {
  const query = useAssetSearch<TVideo>('videos', performerId);
  return (
    <AssetGrid query={query} empty={empty} cols={{ base: 1, xs: 2, sm: 3 }}>
      {(video) => {
        const picture = imageOf(video.thumbnail) ?? imageOf(video.video);
        return (
          <Link key={video._id} to={`/video/${video._id}`} className={`${classes.tile} ${classes.videoTile}`}>
            {picture ? (
              <img
                src={picture}
                alt=""
                className={video.isLocked ? classes.blurred : undefined}
                loading="lazy"
              />
            ) : null}
            <div className={classes.lock}>
              {video.isLocked ? (
                <IconLock size={20} role="img" aria-label="Locked" />
              ) : (
                <IconPlayerPlayFilled size={18} aria-hidden />
              )}
            </div>
            {video.hidden ? (
              <div className={classes.hiddenMark}>
                <HiddenBadge hidden={video.hidden} />
              </div>
            ) : null}
            {video.isSale && video.price > 0 ? (
              <Badge className={classes.corner} color="grape" variant="filled">
                {formatPrice(video.price)}
              </Badge>
            ) : null}
            <div className={classes.shade}>
              <Text fw={700} size="sm" truncate>
                {video.title}
              </Text>
              {video.video.duration ? (
                <Text size="xs" opacity={0.85}>
                  {formatDuration(video.video.duration)}
                </Text>
              ) : null}
            </div>
          </Link>
        );
      }}
    </AssetGrid>
  );
}

function AssetGrid<T>({
  query,
  empty,
  cols,
  children,
}: {
  query: ReturnType<typeof useAssetSearch<T>>;
  empty: ReactNode;
  cols: Record<string, number>;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <SimpleGrid cols={cols} spacing="sm" aria-busy aria-label="Loading">
        {placeholderKeys(6).map((key) => (
          <Skeleton key={key} style={{ aspectRatio: 1 }} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (query.isError) return <Text c="dimmed">This list could not be loaded. Please try again later.</Text>;
  const items = query.data.pages.flatMap((p) => p.data);
  if (items.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md">
      <SimpleGrid cols={cols} spacing="sm">
        {items.map(children)}
      </SimpleGrid>
      {query.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
