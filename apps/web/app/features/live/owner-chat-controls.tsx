import type { TStreamMessage } from '@fanstage/contract';
import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { LazyBlockModal } from '../blocks/lazy-block-modal';
import { chatKeys, clearStreamChat, moderateViewer } from './live-api';

// What the creator gets in the chat of their own show: a menu per viewer and "Clear chat". Viewers
// never need it, so it is downloaded for the creator only (lazy-owner-chat-controls.tsx).

export function ModerationMenu({
  sessionId,
  author,
}: {
  sessionId: string;
  author: TStreamMessage['sender'];
}) {
  const act = useWriteMutation({
    mutationFn: (action: 'mute' | 'unmute' | 'remove') => moderateViewer(sessionId, author._id, action),
    onSuccess: (_data, action) =>
      notifySuccess(
        action === 'mute'
          ? `${author.name} is muted in this show.`
          : action === 'unmute'
            ? `${author.name} can write again.`
            : `${author.name} was removed from this show.`,
      ),
    onError: (error) => notifyError(error),
  });
  const [isBlocking, setBlocking] = useState(false);
  return (
    <>
      <LazyBlockModal opened={isBlocking} onClose={() => setBlocking(false)} target={author} />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Moderate ${author.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => act.mutate('mute')}>Mute {author.name}</Menu.Item>
          <Menu.Item onClick={() => act.mutate('unmute')}>Unmute {author.name}</Menu.Item>
          <Menu.Item color="red" onClick={() => act.mutate('remove')}>
            Remove {author.name} from the show
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setBlocking(true)}>
            Block {author.name}…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

export function ClearChatButton({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const clear = useWriteMutation({
    mutationFn: () => clearStreamChat(conversationId),
    onSuccess: () => {
      setConfirming(false);
      queryClient.setQueryData(chatKeys.messages(conversationId), []);
      notifySuccess('The chat was cleared for everyone.');
    },
    onError: (error) => notifyError(error),
  });
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconTrash size={14} />}
        onClick={() => setConfirming(true)}
      >
        Clear chat
      </Button>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="Clear the chat?" centered>
        <Text size="sm">Every message and tip line disappears for everyone watching. Tips stay paid.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button color="red" loading={clear.isPending} onClick={() => clear.mutate()}>
            Clear for everyone
          </Button>
        </Group>
      </Modal>
    </>
  );
}
