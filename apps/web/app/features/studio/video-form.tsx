import '@mantine/dropzone/styles.css';
import { mediaUploadKinds } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CloseButton, FileButton, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './studio.module.css';
import { useCreateVideo } from './studio-api';
import { emptyVideoForm, formDataOf, type VideoFormValues, videoFields, ZVideoForm } from './studio-values';
import { VideoFields } from './video-fields';
import { SendProgress } from './video-parts';

const serverFields = ['title', 'description', 'tags', 'price', 'status'] as const;
const mb = 1024 * 1024;

const sizeProblem = (file: File, kind: 'asset-video' | 'video-teaser' | 'video-thumbnail') => {
  const { maxBytes, label } = mediaUploadKinds[kind];
  return file.size > maxBytes ? `The ${label} must be at most ${Math.round(maxBytes / mb)} MB.` : null;
};

/** A new video: the file (with an optional thumbnail and teaser) and its fields, sent with progress. */
export function CreateVideoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upload a video" centered size="lg">
      {opened ? <CreateVideoForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateVideoForm({ onClose }: { onClose: () => void }) {
  const create = useCreateVideo();
  const form = useForm<VideoFormValues>({ resolver: zodResolver(ZVideoForm), defaultValues: emptyVideoForm });
  const [file, setFile] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [teaser, setTeaser] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const pick =
    (kind: 'video-teaser' | 'video-thumbnail', set: (f: File | null) => void) => (picked: File | null) => {
      const problem = picked ? sizeProblem(picked, kind) : null;
      if (problem) return notifyError(problem);
      set(picked);
    };

  const submit = form.handleSubmit((values) => {
    if (!file) {
      setFileError('Choose the video to upload.');
      return;
    }
    const body = formDataOf(videoFields(values), { file: [file], thumbnail: [thumbnail], teaser: [teaser] });
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('Video uploaded: it is being processed');
        onClose();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, serverFields);
        notifyError(err);
      },
    });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {file ? (
          <Group className={classes.uploadRow} wrap="nowrap">
            <div className={classes.uploadThumb}>
              <IconVideo size={20} />
            </div>
            <div className={classes.grow}>
              <Text size="sm" fw={500} truncate>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {(file.size / mb).toFixed(1)} MB
              </Text>
            </div>
            <CloseButton
              aria-label="Choose another video"
              disabled={create.isPending}
              onClick={() => setFile(null)}
            />
          </Group>
        ) : (
          <div>
            <Dropzone
              onDrop={(files) => {
                const picked = files[0];
                if (!picked) return;
                const problem = sizeProblem(picked, 'asset-video');
                if (problem) return notifyError(problem);
                setFile(picked);
                setFileError(null);
                if (!form.getValues('title')) form.setValue('title', picked.name.replace(/\.[^.]*$/, ''));
              }}
              onReject={() => notifyError('Choose one video file (MP4, MOV, WebM…).')}
              accept={['video/*']}
              multiple={false}
              className={classes.dropzone}
              radius="md"
              aria-label="Video file"
            >
              <Group justify="center" gap="sm" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
                <Dropzone.Accept>
                  <ThemeIcon size={44} radius="xl" variant="light">
                    <IconUpload size={22} />
                  </ThemeIcon>
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <ThemeIcon size={44} radius="xl" variant="light" color="red">
                    <IconX size={22} />
                  </ThemeIcon>
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <ThemeIcon size={44} radius="xl" variant="light">
                    <IconVideo size={22} />
                  </ThemeIcon>
                </Dropzone.Idle>
                <div>
                  <Text size="sm" fw={500}>
                    Drop the video here or click to choose it
                  </Text>
                  <Text size="xs" c="dimmed">
                    Up to 2 GB. It is processed after the upload; fans see it once it is ready.
                  </Text>
                </div>
              </Group>
            </Dropzone>
            {fileError ? (
              <Text size="xs" c="red" mt={4}>
                {fileError}
              </Text>
            ) : null}
          </div>
        )}
        <Group gap="xs">
          <FileButton accept="image/*" onChange={pick('video-thumbnail', setThumbnail)}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />}>
                {thumbnail ? `Thumbnail: ${thumbnail.name}` : 'Add a thumbnail'}
              </Button>
            )}
          </FileButton>
          <FileButton accept="video/*" onChange={pick('video-teaser', setTeaser)}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconVideo size={14} />}>
                {teaser ? `Teaser: ${teaser.name}` : 'Add a teaser clip'}
              </Button>
            )}
          </FileButton>
        </Group>
        <VideoFields form={form} />
        {create.isPending ? <SendProgress progress={create.progress} what="the video" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Upload video
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
