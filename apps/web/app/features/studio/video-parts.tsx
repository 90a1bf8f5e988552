import type { TVideo } from '@fanstage/contract';
import { Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useVideoFileStatus } from './studio-api';
import { imageOf, videoStatusView } from './studio-values';

/** The picture of a video: its own thumbnail, else a generated poster, else the blurred preview. */
export const videoPictureOf = (video: TVideo): string | null =>
  imageOf(video.thumbnail) ?? video.video.urls?.posters?.[0] ?? imageOf(video.video);

/**
 * The status of a video as a badge. While it is processed the server is asked every two seconds
 * (with its progress); a failed one says why, from the file's status.
 */
export function VideoStatusBadge({ video, withReason = false }: { video: TVideo; withReason?: boolean }) {
  const file = useVideoFileStatus(video);
  const view = videoStatusView[video.status];
  const progress = video.status === 'processing' ? file.data?.progress : undefined;
  const reason =
    video.status === 'failed' ? (file.data?.reason ?? 'The video could not be processed.') : null;
  const badge = (
    <Badge
      component="span"
      size="sm"
      variant="filled"
      color={view.color}
      leftSection={reason ? <IconAlertTriangle size={12} /> : undefined}
      data-testid="video-status"
    >
      {view.label}
      {progress !== undefined ? ` ${progress}%` : ''}
    </Badge>
  );
  if (reason && withReason)
    return (
      <span style={{ display: 'block' }}>
        {badge}
        <Text component="span" display="block" size="xs" c="red" mt={4}>
          {reason} Upload the file again to retry.
        </Text>
      </span>
    );
  if (reason)
    return (
      <Tooltip label={reason} multiline maw={280} withArrow>
        {badge}
      </Tooltip>
    );
  return badge;
}

/** Progress of a form being sent, with its words. */
export function SendProgress({ progress, what }: { progress: number; what: string }) {
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          {progress < 100 ? `Uploading ${what}…` : 'Saving…'}
        </Text>
        <Text size="xs" c="dimmed">
          {progress}%
        </Text>
      </Group>
      <Progress value={progress} size="sm" animated striped aria-label={`Uploading ${what}`} />
    </div>
  );
}
