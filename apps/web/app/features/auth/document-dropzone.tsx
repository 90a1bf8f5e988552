import { ActionIcon, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconId, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
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
          <img src={preview} alt={props.label} className={classes.previewImage} />
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
        <DropArea {...props} />
      )}
      {props.error ? (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The empty slot: a label around a file input (a click or a key chooses a file) that also takes a
 * dropped image. Plain elements instead of Mantine's Dropzone: the sign-up page is public, and the
 * dropzone's script (about 8 KB) was the largest part of it. The server checks the file again.
 */
function DropArea(props: {
  label: string;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [isOver, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (!file || props.disabled) return;
    if (!file.type.startsWith('image/')) {
      notifyError('Please choose an image (JPEG, PNG, WebP, …).');
    } else if (file.size > maxDocumentBytes) {
      notifyError('The image must be at most 10 MB.');
    } else {
      props.onChange(file);
    }
  };
  return (
    <label
      className={classes.dropzone}
      data-invalid={props.error ? true : undefined}
      data-over={isOver ? true : undefined}
      data-disabled={props.disabled ? true : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files[0]);
      }}
    >
      <input
        type="file"
        accept="image/*"
        className={classes.input}
        aria-label={props.label}
        disabled={props.disabled}
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <Group justify="center" gap="sm" mih={118} wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color={isOver ? 'brand' : undefined}>
          {isOver ? (
            <IconUpload size={22} />
          ) : props.label.toLowerCase().includes('selfie') ? (
            <IconPhoto size={22} />
          ) : (
            <IconId size={22} />
          )}
        </ThemeIcon>
        <div>
          <Text size="sm" fw={500}>
            Drop an image or click to choose
          </Text>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 10 MB
          </Text>
        </div>
      </Group>
    </label>
  );
}
