import type { TMediaView, TVideo } from '@fanstage/contract';
import { mediaUploadKinds } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, FileButton, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconUpload, IconVideo } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDuration } from '../../features/feed/feed-format';
import classes from '../../features/studio/studio.module.css';
import { useEditVideo, useMyVideo, useRemoveVideoFile } from '../../features/studio/studio-api';
import { DeleteItemButton, StudioEditFrame } from '../../features/studio/studio-edit-page';
import { videoKind } from '../../features/studio/studio-kinds';
import { ConfirmDelete } from '../../features/studio/studio-ui';
import {
  formDataOf,
  imageOf,
  type VideoFormValues,
  videoFields,
  videoFormOf,
  ZVideoForm,
} from '../../features/studio/studio-values';
import { VideoFields } from '../../features/studio/video-fields';
import { videoDeletion } from '../../features/studio/video-list';
import { SendProgress, VideoStatusBadge, videoPictureOf } from '../../features/studio/video-parts';
import { applyFieldErrors } from '../../lib/form-errors';
import { pageTitle } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/video-edit';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Edit video', matches);

export default function VideoEditPage({ params }: Route.ComponentProps) {
  const video = useMyVideo(params.id);
  return (
    <StudioEditFrame
      kind={videoKind}
      item={video}
      notFoundIcon={<IconVideo size={28} />}
      skeleton={{
        span: 7,
        left: <Skeleton h={480} radius="md" />,
        right: <Skeleton style={{ aspectRatio: 16 / 9 }} radius="md" />,
      }}
      title={(video) => video.title}
      description={(video) => <VideoStatusBadge video={video} withReason />}
    >
      {(video) => <VideoEditor key={video._id} video={video} />}
    </StudioEditFrame>
  );
}

const serverFields = ['title', 'description', 'tags', 'price', 'status'] as const;

function VideoEditor({ video }: { video: TVideo }) {
  const edit = useEditVideo(video._id);
  const form = useForm<VideoFormValues>({
    resolver: zodResolver(ZVideoForm),
    defaultValues: videoFormOf(video),
  });

  const submit = form.handleSubmit((values) =>
    edit.mutate(formDataOf(videoFields(values)), {
      onSuccess: (saved) => {
        form.reset(videoFormOf(saved));
        notifySuccess();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, serverFields);
        notifyError(err);
      },
    }),
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card>
          <Title order={2} fz="lg" mb="md">
            Details
          </Title>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="md">
              <VideoFields form={form} />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  disabled={!form.formState.isDirty}
                  onClick={() => form.reset(videoFormOf(video))}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={edit.isPending} disabled={!form.formState.isDirty}>
                  Save changes
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        <DeleteItemButton item={video} deletion={videoDeletion} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <VideoFiles video={video} />
      </Grid.Col>
    </Grid>
  );
}

type FileField = 'file' | 'thumbnail' | 'teaser';
const fileKinds = { file: 'asset-video', thumbnail: 'video-thumbnail', teaser: 'video-teaser' } as const;
const fileWords: Record<FileField, string> = {
  file: 'the video',
  thumbnail: 'the thumbnail',
  teaser: 'the teaser',
};

/** The video itself, its thumbnail and its teaser: each replaced at once (with progress) or removed. */
function VideoFiles({ video }: { video: TVideo }) {
  const edit = useEditVideo(video._id);
  const removeFile = useRemoveVideoFile(video._id);
  const [sending, setSending] = useState<FileField | null>(null);
  const [removing, setRemoving] = useState<'thumbnail' | 'teaser' | null>(null);
  const poster = videoPictureOf(video);
  // Without a teaser of its own, the server offers a clip cut from the video (same file id).
  const ownTeaser = video.teaser && video.teaser._id !== video.video._id ? video.teaser : null;

  const send = (field: FileField, file: File | null) => {
    if (!file) return;
    const { maxBytes, label } = mediaUploadKinds[fileKinds[field]];
    if (file.size > maxBytes)
      return notifyError(`The ${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    setSending(field);
    edit.mutate(formDataOf({}, { [field]: [file] }), {
      onSuccess: () =>
        notifySuccess(field === 'file' ? 'New video uploaded: it is being processed' : 'Changes saved'),
      onError: (err) => notifyError(err),
      onSettled: () => setSending(null),
    });
  };

  const picker = (field: FileField, accept: string, label: string) => (
    <FileButton accept={accept} onChange={(file) => send(field, file)} disabled={edit.isPending}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconUpload size={14} />}
          loading={sending === field}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="md">
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Video
        </Title>
        <div className={`${classes.tile} ${classes.wide}`}>
          {video.video.urls?.video ? (
            // biome-ignore lint/a11y/useMediaCaption: the creator's own upload has no captions to offer
            <video src={video.video.urls.video} poster={poster ?? undefined} controls preload="metadata" />
          ) : poster ? (
            <img src={poster} alt="" />
          ) : (
            <div className={classes.tileEmpty}>
              <Stack align="center" gap={4}>
                <IconVideo size={32} />
                <Text size="xs">{video.status === 'failed' ? 'Processing failed' : 'Processing…'}</Text>
              </Stack>
            </div>
          )}
        </div>
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {video.video.duration ? formatDuration(video.video.duration) : 'Length known once processed'}
          </Text>
          {picker('file', 'video/*', 'Replace video')}
        </Group>
      </Card>
      <Card>
        <ExtraFile
          title="Thumbnail"
          help="The picture on your video’s tile. Without one, a frame of the video is used."
          media={video.thumbnail}
          kind="image"
          action={picker('thumbnail', 'image/*', video.thumbnail ? 'Change' : 'Upload thumbnail')}
          onRemove={() => setRemoving('thumbnail')}
        />
      </Card>
      <Card>
        <ExtraFile
          title="Teaser"
          help={
            ownTeaser || !video.teaser
              ? 'A short clip fans without access may watch.'
              : 'Fans without access see a clip cut from your video; upload your own to replace it.'
          }
          media={ownTeaser}
          kind="video"
          action={picker('teaser', 'video/*', ownTeaser ? 'Change' : 'Upload teaser')}
          onRemove={() => setRemoving('teaser')}
        />
      </Card>
      {sending ? <SendProgress progress={edit.progress} what={fileWords[sending]} /> : null}
      <ConfirmDelete
        opened={removing !== null}
        title={`Remove the ${removing ?? 'file'}?`}
        isPending={removeFile.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          removeFile.mutate(removing, {
            onSuccess: () => {
              notifySuccess(removing === 'teaser' ? 'Teaser removed' : 'Thumbnail removed');
              setRemoving(null);
            },
            onError: (err) => notifyError(err),
          })
        }
      >
        The video stays; you can upload another {removing ?? 'file'} at any time.
      </ConfirmDelete>
    </Stack>
  );
}

function ExtraFile(props: {
  title: string;
  help: string;
  media: TMediaView | null;
  kind: 'image' | 'video';
  action: ReactNode;
  onRemove: () => void;
}) {
  const { media } = props;
  const picture = imageOf(media);
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <div className={`${classes.tile} ${classes.wide}`} style={{ width: 120, flexShrink: 0 }}>
        {props.kind === 'video' && media?.urls?.video ? (
          <video src={media.urls.video} muted preload="metadata" aria-label="Teaser" />
        ) : picture ? (
          <img src={picture} alt="" />
        ) : (
          <div className={classes.tileEmpty}>
            {props.kind === 'video' ? <IconVideo size={22} /> : <IconPhoto size={22} />}
          </div>
        )}
      </div>
      <div className={classes.grow}>
        <Text fw={600}>{props.title}</Text>
        <Text size="xs" c="dimmed" mb="xs">
          {props.help}
        </Text>
        <Group gap="xs">
          {props.action}
          {media ? (
            <Button variant="subtle" color="red" size="xs" onClick={props.onRemove}>
              Remove
            </Button>
          ) : null}
        </Group>
      </div>
    </Group>
  );
}
