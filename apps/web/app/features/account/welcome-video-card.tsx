import type { TMediaFile, TMediaFileStatus, TPerformerMe } from '@fanstage/contract';
import { Button, Card, FileButton, Group, Progress, Skeleton, Text, Title } from '@mantine/core';
import { IconTrash, IconVideoPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, apiUpload } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { performerKeys } from '../performers/performers-api';
import classes from './cover-card.module.css';

const maxWelcomeVideoBytes = 200 * 1024 * 1024;

/**
 * The short video at the top of the creator page: upload with progress, then the server's processing
 * status (polled) until it plays here; remove it with one click.
 */
export function WelcomeVideoCard({ me }: { me: TPerformerMe | undefined }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const video = me?.welcomeVideo ?? null;
  const isProcessing = video !== null && (video.status === 'uploaded' || video.status === 'processing');

  const status = useQuery({
    queryKey: ['file-status', video?._id],
    queryFn: () => api.get<{ data: TMediaFileStatus }>(`/files/${video?._id}/status`).then((r) => r.data),
    enabled: isProcessing,
    refetchInterval: 2000,
  });
  const done = status.data?.status === 'ready' || status.data?.status === 'failed';
  useEffect(() => {
    // Processed: reload the profile, which now carries the video's URLs (or the failure).
    if (isProcessing && done) void queryClient.invalidateQueries({ queryKey: performerKeys.me });
  }, [isProcessing, done, queryClient]);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('video/')) return notifyError('Please choose a video (MP4, MOV, WebM, …).');
    if (file.size > maxWelcomeVideoBytes) return notifyError('The welcome video must be at most 200 MB.');
    const body = new FormData();
    body.set('file', file);
    setProgress(0);
    try {
      await apiUpload<{ data: TMediaFile }>('/performers/welcome-video/upload', body, {
        onProgress: setProgress,
      });
      await queryClient.invalidateQueries({ queryKey: performerKeys.me });
      notifySuccess('Uploaded: your welcome video is being processed');
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await api.delete('/performers/welcome-video');
      queryClient.setQueryData<TPerformerMe>(performerKeys.me, (old) =>
        old ? { ...old, welcomeVideo: null } : old,
      );
      notifySuccess('Welcome video removed');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card>
      <Title order={2} fz="md">
        Welcome video
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        A short hello on top of your page, for everyone who visits it (up to 200 MB).
      </Text>
      {!me ? (
        <Skeleton style={{ aspectRatio: '16 / 9' }} radius="md" />
      ) : progress !== null ? (
        <div className={classes.banner} style={{ aspectRatio: '16 / 9' }}>
          <div className={classes.overlay}>
            <Progress value={progress} size="md" radius="xl" animated aria-label="Upload progress" />
            <Text c="white" fw={700} size="sm" ta="center">
              Uploading… {progress}%
            </Text>
          </div>
        </div>
      ) : video?.status === 'failed' || status.data?.status === 'failed' ? (
        <Text size="sm" c="red">
          {status.data?.reason ?? 'This video could not be processed; please try another file.'}
        </Text>
      ) : isProcessing ? (
        <div className={classes.banner} style={{ aspectRatio: '16 / 9' }}>
          <div className={classes.overlay}>
            <Progress
              value={status.data?.progress ?? 100}
              size="md"
              radius="xl"
              color="violet"
              animated
              striped
            />
            <Text c="white" fw={700} size="sm" ta="center">
              Processing…{status.data?.progress !== undefined ? ` ${status.data.progress}%` : ''}
            </Text>
          </div>
        </div>
      ) : video?.urls?.video ? (
        // biome-ignore lint/a11y/useMediaCaption: creators upload their own clips; there is no caption track to offer.
        <video
          src={video.urls.video}
          poster={video.urls.posters?.[1] ?? video.urls.posters?.[0]}
          controls
          preload="metadata"
          style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)', background: '#000' }}
          aria-label="Your welcome video"
        />
      ) : (
        <Text size="sm" c="dimmed">
          No welcome video yet.
        </Text>
      )}
      <Group mt="sm" gap="xs" grow>
        <FileButton onChange={(file) => void upload(file)} accept="video/*">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconVideoPlus size={14} />}
              loading={progress !== null}
              disabled={!me}
            >
              {video ? 'Replace video' : 'Upload a video'}
            </Button>
          )}
        </FileButton>
        {video ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => void remove()}
          >
            Remove
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
