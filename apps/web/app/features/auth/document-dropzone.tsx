import '@mantine/dropzone/styles.css';
import { ActionIcon, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconId, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { notifyError } from '../../lib/notify';
import classes from './document-dropzone.module.css';

export const maxDocumentBytes = 10 * 1024 * 1024;

/** One identity document image: drop or pick it, see it, remove it. Images only, at most 10 MB. */
export function DocumentDropzone(props: {
  label: string;
  description: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { file, onChange } = props;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={500}>
          {props.label}{' '}
          <Text component="span" c="red">
            *
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {props.description}
        </Text>
      </div>
      {file && preview ? (
        <div className={classes.preview}>
          <Image src={preview} alt={props.label} h={150} fit="cover" radius="md" />
          <Group className={classes.previewBar} justify="space-between" wrap="nowrap">
            <Text size="xs" c="white" truncate>
              {file.name}
            </Text>
            <ActionIcon
              size="sm"
              variant="white"
              color="dark"
              radius="xl"
              onClick={() => onChange(null)}
              aria-label={`Remove ${props.label}`}
              disabled={props.disabled}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        </div>
      ) : (
        <Dropzone
          onDrop={(files) => onChange(files[0] ?? null)}
          onReject={(rejections) => {
            const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
            notifyError(
              tooBig ? 'The image must be at most 10 MB.' : 'Please choose an image (JPEG, PNG, WebP, …).',
            );
          }}
          accept={IMAGE_MIME_TYPE}
          maxSize={maxDocumentBytes}
          multiple={false}
          disabled={props.disabled}
          className={classes.dropzone}
          data-invalid={props.error ? true : undefined}
          radius="md"
        >
          <Group justify="center" gap="sm" mih={118} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <ThemeIcon size={44} radius="xl" variant="light" color="brand">
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
                {props.label.toLowerCase().includes('selfie') ? (
                  <IconPhoto size={22} />
                ) : (
                  <IconId size={22} />
                )}
              </ThemeIcon>
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                Drop an image or click to choose
              </Text>
              <Text size="xs" c="dimmed">
                JPEG, PNG or WebP, up to 10 MB
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {props.error ? (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
