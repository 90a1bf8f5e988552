import { maxBlockReasonLength, ZBlockUserRequest } from '@fanstage/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetails, errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useBlockUser } from './blocks-api';

/** The reason as the API will judge it: its own schema, so the limit and the words are the same. */
export function reasonProblem(reason: string): string | null {
  const parsed = ZBlockUserRequest.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please give a reason.');
}

/**
 * The creator blocks a fan: a reason is required (shown with its limit, never cut), then the fan can
 * no longer see the creator, write, pay or watch; a call or show with them ends at once.
 */
export function BlockModal({
  opened,
  onClose,
  target,
  onBlocked,
}: {
  opened: boolean;
  onClose: () => void;
  target: { _id: string; name: string };
  onBlocked?: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const block = useBlockUser();
  const problem = reasonProblem(reason);
  const length = reason.trim().length;

  async function handleBlock() {
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await block.mutateAsync({ targetId: target._id, reason: reason.trim() });
      notifySuccess(`${target.name} is blocked. You can unblock them from Blocked users.`);
      setReason('');
      setError(null);
      onBlocked?.();
      onClose();
    } catch (err) {
      const detail = errorDetails(err).find((d) => d.path === 'reason');
      if (detail) setError(errorMessage(err));
      else notifyError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Block ${target.name}?`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          They will no longer see your page or content, message you, tip, buy, subscribe or join your shows. A
          live call or show with them ends now.
        </Text>
        <Textarea
          label="Reason"
          description={`Only you and the site's staff see it. ${length} of ${maxBlockReasonLength} characters.`}
          required
          autosize
          minRows={3}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          onBlur={() => reason !== '' && setError(reasonProblem(reason))}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            leftSection={<IconBan size={16} />}
            loading={block.isPending}
            disabled={problem !== null}
            onClick={() => void handleBlock()}
          >
            Block
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
