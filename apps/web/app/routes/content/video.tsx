import type { TVideo } from '@fanstage/contract';
import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useCurrentUser } from '../../features/auth/use-current-user';
import classes from '../../features/content/content.module.css';
import {
  absoluteImage,
  assetLock,
  metaDescription,
  pictureOf,
  shareCardMeta,
} from '../../features/content/content-format';
import { monthlyPriceOf } from '../../features/content/content-loader';
import {
  AccessBadge,
  bylineOf,
  ContentPageFrame,
  loadContentPage,
} from '../../features/content/content-page';
import { ContentTitle, LockPanel } from '../../features/content/content-ui';
import { formatDuration } from '../../features/feed/feed-format';
import { siteNameOf } from '../../lib/meta';
import type { Route } from './+types/video';

/** A video: the player for viewers with access, the teaser and the lock for the others. */
export async function loader(args: Route.LoaderArgs) {
  const { item: video, ...rest } = await loadContentPage<TVideo>(
    args,
    `/performer-assets/videos/${encodeURIComponent(args.params.id)}`,
    'Video',
  );
  return { video, ...rest };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { video, creator, origin } = loaderData;
  const siteName = siteNameOf(matches);
  const by = bylineOf(creator);
  return shareCardMeta({
    title: `${video.title}${by} | ${siteName}`,
    description: metaDescription(video.description, `A video${by} on ${siteName}.`),
    url: `${origin}/video/${video._id}`,
    type: 'video.other',
    image:
      (video.isLocked ? null : absoluteImage(origin, pictureOf(video.thumbnail))) ??
      absoluteImage(origin, creator?.avatar),
  });
};

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const { video, creator } = loaderData;
  const isLoggedIn = Boolean(useCurrentUser());
  const poster =
    video.thumbnail?.urls?.feed ?? video.thumbnail?.urls?.thumbnail ?? video.video.urls?.posters?.[0];
  const teaserUrl = video.teaser?.urls?.video ?? video.teaser?.urls?.teaser;
  const duration = video.video.duration ? formatDuration(video.video.duration) : null;

  return (
    <ContentPageFrame kind="video" item={video} creator={creator} isLocked={video.isLocked} maw={960}>
      {video.isLocked ? (
        <Stack gap="sm">
          {teaserUrl ? (
            <>
              <video
                className={classes.video}
                src={teaserUrl}
                poster={video.teaser?.urls?.thumbnail ?? undefined}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label="Teaser"
              />
              <Text size="sm" c="dimmed">
                This is the teaser. Unlock the full video below.
              </Text>
            </>
          ) : null}
          <LockPanel
            lock={assetLock('video', video, { isLoggedIn, monthlyPrice: monthlyPriceOf(creator) })}
            background={
              video.thumbnail?.urls?.thumbnail ?? video.thumbnail?.preview ?? video.video.preview ?? null
            }
            facts={duration ? `Video · ${duration}` : 'Video'}
            ratio={16 / 9}
            unlock={{ type: 'video', id: video._id, price: video.price }}
            creator={{ performerId: video.performerId, performer: creator }}
          />
        </Stack>
      ) : video.video.urls?.video ? (
        // biome-ignore lint/a11y/useMediaCaption: creators upload their own videos; no captions exist.
        <video
          className={classes.video}
          src={video.video.urls.video}
          poster={poster}
          controls
          playsInline
          preload="metadata"
        />
      ) : (
        <VideoStatus status={video.status} />
      )}

      <ContentTitle aside={<AccessBadge item={video} />}>{video.title}</ContentTitle>
      {duration ? (
        <Group gap={6} c="dimmed">
          <IconClock size={16} />
          <Text size="sm">{duration}</Text>
        </Group>
      ) : null}
      {video.description ? <Text className={classes.description}>{video.description}</Text> : null}
      {video.tags.length > 0 ? (
        <Group gap={6} aria-label="Tags">
          {video.tags.map((tag) => (
            <Badge key={tag} variant="default" radius="sm" tt="none">
              #{tag}
            </Badge>
          ))}
        </Group>
      ) : null}
    </ContentPageFrame>
  );
}

function VideoStatus({ status }: { status: TVideo['status'] }) {
  const isFailed = status === 'failed';
  return (
    <Stack align="center" gap={8} py="xl" role="status">
      {isFailed ? <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" /> : <Loader size="sm" />}
      <Text fw={600}>
        {isFailed ? 'This video could not be processed.' : 'The video is being processed…'}
      </Text>
      <Text size="sm" c="dimmed">
        {isFailed ? 'The creator can upload it again.' : 'It plays here as soon as it is ready.'}
      </Text>
    </Stack>
  );
}
