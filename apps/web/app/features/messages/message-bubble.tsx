import type { TMediaView, TMessage } from '@fanstage/contract';
import { ActionIcon, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconCoin, IconDots, IconLock, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formatPrice } from '../../lib/format';
import classes from './messages.module.css';

function MessageFile({ file }: { file: TMediaView }) {
  if (file.status !== 'ready' && file.status !== 'uploaded') {
    return (
      <Group gap={6} py={4}>
        {file.status === 'failed' ? (
          <Text size="xs">This video could not be processed.</Text>
        ) : (
          <>
            <Loader size="xs" color="currentColor" />
            <Text size="xs">Processing video…</Text>
          </>
        )}
      </Group>
    );
  }
  if (file.urls?.video) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: people send their own videos; no captions exist.
      <video
        className={classes.media}
        src={file.urls.video}
        poster={file.urls.posters?.[0] ?? file.urls.thumbnail}
        controls
        preload="metadata"
      />
    );
  }
  const src = file.urls?.full ?? file.urls?.feed ?? file.urls?.thumbnail;
  return src ? <img className={classes.media} src={src} alt="" loading="lazy" /> : null;
}

/** A paid message the fan has not bought: blurred previews, the price, and the unlock button. */
function LockedFiles({
  message,
  isOwn,
  onUnlock,
}: {
  message: TMessage;
  isOwn: boolean;
  onUnlock: () => void;
}) {
  const preview = message.files.find((f) => f.preview)?.preview;
  return (
    <div
      className={classes.locked}
      style={preview ? { backgroundImage: `url("${preview}")` } : undefined}
      data-testid="locked-message"
    >
      <Stack align="center" gap={6}>
        <IconLock size={26} color="white" />
        <Text size="xs" c="white" fw={600}>
          {message.files.length} {message.files.length === 1 ? 'file' : 'files'}
        </Text>
        {isOwn ? null : (
          <Button size="xs" variant="white" onClick={onUnlock}>
            Unlock for {formatPrice(message.price)}
          </Button>
        )}
      </Stack>
    </div>
  );
}

/** One message: own ones on the right; a deleted one keeps its place as "Message deleted!". */
export function MessageBubble({
  message,
  isOwn,
  onDelete,
  onUnlock,
}: {
  message: TMessage;
  isOwn: boolean;
  onDelete: () => void;
  onUnlock: () => void;
}) {
  const time = dayjs(message.createdAt).format('HH:mm');
  if (message.type === 'tip' && !message.isDeleted) {
    return (
      <Group className={classes.tip} gap={6} data-testid="message" data-message-id={message._id}>
        <IconCoin size={14} />
        <span>{message.text}</span>
      </Group>
    );
  }
  return (
    <div
      className={classes.bubbleRow}
      data-own={isOwn || undefined}
      data-testid="message"
      data-message-id={message._id}
    >
      {isOwn && !message.isDeleted ? (
        <Menu position="left" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Message actions">
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete for everyone
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
      <div className={classes.bubble} data-deleted={message.isDeleted || undefined}>
        {message.isDeleted ? null : message.isLocked ? (
          <LockedFiles message={message} isOwn={isOwn} onUnlock={onUnlock} />
        ) : (
          message.files.map((file) => <MessageFile key={file._id} file={file} />)
        )}
        {message.text ? (
          <Text size="sm" inherit>
            {message.text}
          </Text>
        ) : null}
        <Text size="10px" opacity={0.7} ta="right" mt={2}>
          {message.isSale && !message.isDeleted
            ? `${formatPrice(message.price)}${message.isBought ? ' · bought' : ''} · `
            : ''}
          {time}
          {isOwn && !message.isDeleted ? (message.isSeen ? ' · Seen' : '') : ''}
        </Text>
      </div>
    </div>
  );
}
