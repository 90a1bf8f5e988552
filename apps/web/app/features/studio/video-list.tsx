import type { TVideo } from '@fanstage/contract';
import { Badge, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { formatDuration } from '../feed/feed-format';
import { type Deletion, useConfirmDelete } from './confirm-delete';
import classes from './studio.module.css';
import { useDeleteVideo } from './studio-api';
import { StudioCardGrid, StudioItemCard } from './studio-card';
import { videoKind } from './studio-kinds';
import { accessLabel } from './studio-values';
import { VideoStatusBadge, videoPictureOf } from './video-parts';

export const videoDeletion: Deletion<TVideo> = {
  kind: videoKind,
  consequence: (video) =>
    `“${video.title}”, its teaser and thumbnail are removed for good. Fans who bought it lose access.`,
  useRemove: useDeleteVideo,
};

/** Video cards: picture, status (followed while processing), length, who can see it; edit or delete. */
export function VideoList({ videos }: { videos: TVideo[] }) {
  const confirmation = useConfirmDelete(videoDeletion);
  return (
    <StudioCardGrid confirmation={confirmation}>
      {videos.map((video) => (
        <StudioItemCard
          key={video._id}
          testId="studio-video"
          to={`/creator/videos/${video._id}`}
          name={video.title}
          picture={videoPictureOf(video)}
          placeholderIcon={<IconVideo size={32} />}
          badges={
            <>
              <VideoStatusBadge video={video} />
              <Badge size="sm" variant="filled" color="grape">
                {accessLabel(video)}
              </Badge>
            </>
          }
          caption={
            video.video.duration ? (
              <div className={classes.caption} style={{ textAlign: 'right' }}>
                <Text size="xs" fw={600}>
                  {formatDuration(video.video.duration)}
                </Text>
              </div>
            ) : null
          }
          details={video.tags.length > 0 ? video.tags.map((t) => `#${t}`).join(' ') : 'No tags'}
          hidden={video.hidden}
          onDelete={() => confirmation.ask(video)}
        />
      ))}
    </StudioCardGrid>
  );
}
