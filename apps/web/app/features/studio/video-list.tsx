import type { TVideo } from '@fanstage/contract';
import { ActionIcon, Badge, Card, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDuration } from '../feed/feed-format';
import classes from './studio.module.css';
import { useDeleteVideo } from './studio-api';
import { ConfirmDelete, cardCols } from './studio-ui';
import { accessLabel } from './studio-values';
import { VideoStatusBadge, videoPictureOf } from './video-parts';

/** Video cards: picture, status (followed while processing), length, who can see it; edit or delete. */
export function VideoList({ videos }: { videos: TVideo[] }) {
  const [deleting, setDeleting] = useState<TVideo | null>(null);
  const remove = useDeleteVideo();

  return (
    <>
      <SimpleGrid cols={cardCols} spacing="md">
        {videos.map((video) => {
          const picture = videoPictureOf(video);
          const to = `/creator/videos/${video._id}`;
          return (
            <Card key={video._id} padding={0} data-testid="studio-video">
              <Link to={to} className={classes.tileLink} aria-label={`Edit ${video.title}`}>
                <div className={`${classes.tile} ${classes.wide}`} style={{ borderRadius: 0 }}>
                  {picture ? (
                    <img src={picture} alt="" loading="lazy" />
                  ) : (
                    <div className={classes.tileEmpty}>
                      <IconVideo size={32} />
                    </div>
                  )}
                  <div className={classes.topLeft}>
                    <VideoStatusBadge video={video} />
                    <Badge size="sm" variant="filled" color="grape">
                      {accessLabel(video)}
                    </Badge>
                  </div>
                  {video.video.duration ? (
                    <div className={classes.caption} style={{ textAlign: 'right' }}>
                      <Text size="xs" fw={600}>
                        {formatDuration(video.video.duration)}
                      </Text>
                    </div>
                  ) : null}
                </div>
              </Link>
              <Group className={classes.cardBody} justify="space-between" wrap="nowrap" gap="xs">
                <div className={classes.grow}>
                  <Text fw={600} truncate component={Link} to={to} c="inherit" td="none" display="block">
                    {video.title}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {video.tags.length > 0 ? video.tags.map((t) => `#${t}`).join(' ') : 'No tags'}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${video.title}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={to} leftSection={<IconPencil size={16} />}>
                      Edit
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setDeleting(video)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <DeleteVideoDialog
        video={deleting}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(video) =>
          remove.mutate(video._id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess('Video deleted');
            },
            onError: (err) => notifyError(err),
          })
        }
      />
    </>
  );
}

export function DeleteVideoDialog(props: {
  video: TVideo | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (video: TVideo) => void;
}) {
  const { video } = props;
  return (
    <ConfirmDelete
      opened={video !== null}
      title="Delete this video?"
      isPending={props.isPending}
      onCancel={props.onCancel}
      onConfirm={() => video && props.onConfirm(video)}
    >
      {video
        ? `“${video.title}”, its teaser and thumbnail are removed for good. Fans who bought it lose access.`
        : null}
    </ConfirmDelete>
  );
}
