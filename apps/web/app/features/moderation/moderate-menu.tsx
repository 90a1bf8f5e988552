import type { THiddenState } from '@fanstage/contract';
import { ActionIcon, Button, Group, Menu, Modal, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconEye, IconEyeOff, IconShield, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  type ModeratedItem,
  useDeleteContent,
  useHideContent,
  useModerationRefresh,
  useUnhideContent,
} from './moderation-api';
import { moderationNouns, moderationReasonProblem } from './moderation-values';

const maxReason = 500;

/**
 * An admin's "Moderate" menu on a piece of content: hide it with a reason (or show it again), or
 * delete it with a reason after confirming. The owner is told the reason. Afterwards every screen
 * reads the item again; `leaveTo` is where an item's own page goes once the item is deleted.
 */
export function ModerateMenu({
  item,
  hidden,
  look = 'button',
  label,
  leaveTo,
}: {
  item: ModeratedItem;
  hidden: THiddenState | undefined;
  /** A labelled button (pages), a small text action (comments), an icon (a post's header) or an icon over a picture. */
  look?: 'button' | 'text' | 'icon' | 'overlay';
  /** The trigger's accessible name when it is an icon ("Moderate photo 2 of 5"). */
  label?: string;
  leaveTo?: string;
}) {
  const noun = moderationNouns[item.target];
  const [isAsking, setAsking] = useState(false);
  // The dialog keeps its words while it fades out.
  const [kind, setKind] = useState<'hide' | 'delete'>('hide');
  const refresh = useModerationRefresh();
  const navigate = useNavigate();
  const hide = useHideContent();
  const unhide = useUnhideContent();
  const remove = useDeleteContent();

  const ask = (next: 'hide' | 'delete') => {
    setKind(next);
    setAsking(true);
  };

  const handleUnhide = () =>
    unhide.mutate(item, {
      onSuccess: () => {
        notifySuccess(`Fans can see the ${noun} again.`);
        refresh();
      },
      onError: (err) => notifyError(err),
    });

  const handleHide = (reason: string) =>
    hide.mutate(
      { ...item, reason },
      {
        onSuccess: () => {
          notifySuccess(`The ${noun} is hidden from fans.`);
          setAsking(false);
          refresh();
        },
        onError: (err) => notifyError(err),
      },
    );

  const handleDelete = (reason: string) =>
    remove.mutate(
      { ...item, reason },
      {
        onSuccess: () => {
          notifySuccess(`The ${noun} is deleted.`);
          setAsking(false);
          if (leaveTo) void navigate(leaveTo);
          else refresh();
        },
        onError: (err) => notifyError(err),
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {look === 'icon' || look === 'overlay' ? (
            <ActionIcon
              variant={look === 'overlay' ? 'filled' : 'light'}
              color="orange"
              radius="xl"
              aria-label={label ?? 'Moderate'}
              loading={unhide.isPending}
            >
              <IconShield size={16} />
            </ActionIcon>
          ) : look === 'text' ? (
            <UnstyledButton px={6} py={2} aria-label={label}>
              <Group gap={4} wrap="nowrap" c="orange">
                <IconShield size={14} />
                <Text size="xs" fw={600}>
                  Moderate
                </Text>
              </Group>
            </UnstyledButton>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconShield size={14} />}
              aria-label={label}
              loading={unhide.isPending}
            >
              Moderate
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Admin</Menu.Label>
          {hidden ? (
            <Menu.Item leftSection={<IconEye size={16} />} onClick={handleUnhide}>
              Show again
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => ask('hide')}>
              Hide…
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => ask('delete')}>
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ReasonDialog
        opened={isAsking}
        kind={kind}
        noun={noun}
        isPending={hide.isPending || remove.isPending}
        onClose={() => setAsking(false)}
        onConfirm={kind === 'hide' ? handleHide : handleDelete}
      />
    </>
  );
}

const dialogWords = {
  hide: {
    title: (noun: string) => `Hide this ${noun}?`,
    body: (noun: string) =>
      `Fans no longer see the ${noun} anywhere. Its owner still sees it, marked hidden with your reason. You can show it again later.`,
    confirm: 'Hide',
  },
  delete: {
    title: (noun: string) => `Delete this ${noun}?`,
    body: (noun: string) =>
      `The ${noun} is removed for good, for everyone, its owner included. This cannot be undone.`,
    confirm: 'Delete',
  },
} as const;

/** Asks for the reason the owner is told, checked with the contract's rule before anything is sent. */
export function ReasonDialog(props: {
  opened: boolean;
  kind: 'hide' | 'delete';
  noun: string;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [isTried, setTried] = useState(false);
  useEffect(() => {
    if (!props.opened) return;
    setReason('');
    setTried(false);
  }, [props.opened]);
  const words = dialogWords[props.kind];
  const problem = moderationReasonProblem(reason);

  const handleConfirm = () => {
    setTried(true);
    if (problem) return;
    props.onConfirm(reason.trim());
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={words.title(props.noun)} centered>
      <Text size="sm" mb="md">
        {words.body(props.noun)}
      </Text>
      <Textarea
        label="Reason"
        description="Required. The owner is told this reason."
        placeholder="Nudity without an age check."
        autosize
        minRows={3}
        maxLength={maxReason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={isTried ? problem : null}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="subtle" color="gray" onClick={props.onClose} disabled={props.isPending}>
          Cancel
        </Button>
        <Button color="red" loading={props.isPending} onClick={handleConfirm}>
          {words.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
