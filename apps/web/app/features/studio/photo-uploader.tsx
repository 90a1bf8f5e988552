import '@mantine/dropzone/styles.css';
import { ActionIcon, Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconCheck, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { notifyError } from '../../lib/notify';
import { isUploadRunning, type UploadItem, useUploadQueue } from '../feed/use-uploads';
import classes from './studio.module.css';
import { useGalleryPhotoSender } from './studio-api';
import { splitImages } from './studio-values';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Drop many photos into a gallery: each file is sent on its own with a progress bar; finished rows
 * can be cleared, failed ones say why. Without a gallery the zone is disabled and says so.
 */
export function PhotoUploader({ galleryId }: { galleryId: string | null }) {
  const uploads = useUploadQueue(useGalleryPhotoSender(galleryId));
  const finished = uploads.items.filter((i) => i.status === 'ready');
  const running = uploads.items.filter(isUploadRunning).length;

  const handleDrop = (files: File[]) => {
    const { images, skipped } = splitImages(files);
    if (skipped > 0) notifyError(`${skipped === 1 ? 'One file is' : `${skipped} files are`} not a photo.`);
    for (const file of images) {
      const problem = uploads.add('gallery-photo', file);
      if (problem) notifyError(`${file.name}: ${problem}`);
    }
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={handleDrop}
        onReject={(rejected) => notifyError(`${rejected.length} file(s) were not photos or were too large.`)}
        accept={IMAGE_MIME_TYPE}
        maxSize={20 * 1024 * 1024}
        multiple
        disabled={!galleryId}
        className={classes.dropzone}
        radius="md"
        aria-label="Upload photos"
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
            <ThemeIcon size={44} radius="xl" variant="light" color={galleryId ? undefined : 'gray'}>
              <IconPhoto size={22} />
            </ThemeIcon>
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={500}>
              {galleryId ? 'Drop photos here or click to choose' : 'Choose a gallery first'}
            </Text>
            <Text size="xs" c="dimmed">
              JPEG, PNG, WebP or GIF, up to 20 MB each; as many as you like
            </Text>
          </div>
        </Group>
      </Dropzone>

      {uploads.items.length > 0 ? (
        <Stack gap={6} aria-label="Photo uploads">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {running > 0
                ? `Uploading ${running} of ${uploads.items.length}…`
                : `${finished.length} of ${uploads.items.length} uploaded`}
            </Text>
            {finished.length > 0 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  for (const item of finished) uploads.remove(item.key);
                }}
              >
                Clear finished
              </Button>
            ) : null}
          </Group>
          {uploads.items.map((item) => (
            <UploadRow key={item.key} item={item} onRemove={() => uploads.remove(item.key)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function UploadRow({ item, onRemove }: { item: UploadItem<'gallery-photo'>; onRemove: () => void }) {
  return (
    <div className={classes.uploadRow}>
      {item.previewUrl ? (
        <img src={item.previewUrl} alt="" className={classes.uploadThumb} />
      ) : (
        <div className={classes.uploadThumb}>
          <IconPhoto size={20} />
        </div>
      )}
      <div className={classes.grow}>
        <Text size="sm" fw={500} truncate>
          {item.name}
        </Text>
        {item.status === 'uploading' ? (
          <Group gap="xs" wrap="nowrap" mt={4}>
            <Progress
              value={item.progress}
              size="sm"
              style={{ flex: 1 }}
              aria-label={`Uploading ${item.name}`}
              animated
              striped
            />
            <Text size="xs" c="dimmed" w={36} ta="right">
              {item.progress}%
            </Text>
          </Group>
        ) : item.status === 'failed' ? (
          <Text size="xs" c="red" mt={2}>
            Upload failed: {item.error ?? 'please try again.'}
          </Text>
        ) : (
          <Group gap={4} mt={2}>
            <IconCheck size={14} color="var(--mantine-color-teal-6)" />
            <Text size="xs" c="teal">
              Uploaded · {megabytes(item.size)}
            </Text>
          </Group>
        )}
      </div>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={isUploadRunning(item) ? `Cancel ${item.name}` : `Dismiss ${item.name}`}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </div>
  );
}
