import { maximumMoneyAmount, messageMaxFiles, type TMediaView } from '@fanstage/contract';
import { Box, Button, CloseButton, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconPhoto, IconVideo } from '@tabler/icons-react';
import { AmountInput } from '../../components/amount-input';
import type { useUploadQueue } from '../feed/use-uploads';
import classes from './creator-messages.module.css';

type MessageUploads = ReturnType<typeof useUploadQueue<'photo' | 'video'>>;

const kindOf = (file: File): 'photo' | 'video' | null =>
  file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'photo' : null;

/**
 * Photos and videos of a mass or welcome message: each file is sent as soon as it is picked, with
 * its progress; files saved before (a welcome message's) show first and can be removed too.
 */
export function MessageAttachments({
  uploads,
  existing = [],
  onRemoveExisting,
  onProblem,
}: {
  uploads: MessageUploads;
  existing?: TMediaView[];
  onRemoveExisting?: (id: string) => void;
  onProblem: (message: string) => void;
}) {
  const count = existing.length + uploads.items.length;

  function handleFiles(files: File[]) {
    let room = messageMaxFiles - count;
    for (const file of files) {
      const kind = kindOf(file);
      if (!kind) {
        onProblem(`${file.name} is not a photo or a video.`);
        continue;
      }
      if (room <= 0) {
        onProblem(`A message can carry at most ${messageMaxFiles} files.`);
        return;
      }
      const problem = uploads.add(kind, file);
      if (problem) onProblem(problem);
      else room -= 1;
    }
  }

  return (
    <Stack gap="xs">
      {count > 0 ? (
        <div className={classes.files}>
          {existing.map((file) => (
            <Tile
              key={file._id}
              name={file.kind.endsWith('video') ? 'Video' : 'Photo'}
              isVideo={file.kind.endsWith('video')}
              imageUrl={file.urls?.thumbnail ?? file.preview ?? null}
              onRemove={() => onRemoveExisting?.(file._id)}
            />
          ))}
          {uploads.items.map((item) => (
            <Tile
              key={item.key}
              name={item.name}
              isVideo={item.kind === 'video'}
              imageUrl={item.previewUrl}
              progress={item.status === 'uploading' ? item.progress : null}
              error={item.status === 'failed' ? (item.error ?? 'Upload failed') : null}
              onRemove={() => uploads.remove(item.key)}
            />
          ))}
        </div>
      ) : null}
      <Group gap="xs">
        <FileButton
          onChange={handleFiles}
          accept="image/jpeg,image/png,image/webp,image/gif,video/*"
          multiple
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} />}
              disabled={count >= messageMaxFiles}
            >
              Add photos or videos
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Up to {messageMaxFiles} files.
        </Text>
      </Group>
    </Stack>
  );
}

function Tile(props: {
  name: string;
  isVideo: boolean;
  imageUrl: string | null;
  progress?: number | null;
  error?: string | null;
  onRemove: () => void;
}) {
  const Icon = props.isVideo ? IconVideo : IconPhoto;
  return (
    <Box className={classes.tile} data-testid="attachment">
      {props.imageUrl && !props.isVideo ? (
        <Image src={props.imageUrl} alt="" className={classes.thumb} />
      ) : (
        <Stack className={classes.thumb} align="center" justify="center" gap={2}>
          <Icon size={26} stroke={1.5} aria-hidden />
        </Stack>
      )}
      <CloseButton
        className={classes.remove}
        size="sm"
        radius="xl"
        variant="filled"
        aria-label={`Remove ${props.name}`}
        onClick={props.onRemove}
      />
      <Stack gap={2} p={6}>
        <Text size="xs" truncate title={props.name}>
          {props.name}
        </Text>
        {typeof props.progress === 'number' ? (
          <Progress value={props.progress} size="xs" aria-label={`Uploading ${props.name}`} />
        ) : null}
        {props.error ? (
          <Text size="xs" c="red" lineClamp={2}>
            {props.error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The optional price that makes a message with photos or videos paid. */
export function UnlockPriceInput(props: {
  value: number | '' | undefined;
  onChange: (value: number | '') => void;
  onBlur: () => void;
  error?: string;
}) {
  return (
    <AmountInput
      mode="money"
      noun="price"
      isOptional
      label="Price to unlock (optional)"
      description="Fans pay this to see the photos and videos. Leave empty to send it free."
      placeholder="Free"
      min={0}
      max={maximumMoneyAmount}
      maw={{ base: '100%', sm: 320 }}
      value={props.value ?? ''}
      onChange={props.onChange}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}
