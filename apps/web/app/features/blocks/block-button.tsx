import { Button, type ButtonProps } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { LazyBlockModal } from './lazy-block-modal';

/**
 * "Block" for a creator looking at a fan (a thread, a comment, their show's chat). Shown only to
 * creators, never on their own entry or on a creator's.
 */
export function BlockButton({
  target,
  size = 'xs',
  variant = 'subtle',
  onBlocked,
}: {
  target: { _id: string; name: string; isPerformer?: boolean };
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  onBlocked?: () => void;
}) {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  if (!user?.isPerformer || user._id === target._id || target.isPerformer) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        color="red"
        leftSection={<IconBan size={14} />}
        onClick={() => setOpened(true)}
        aria-label={`Block ${target.name}`}
      >
        Block
      </Button>
      <LazyBlockModal
        opened={opened}
        onClose={() => setOpened(false)}
        target={target}
        onBlocked={onBlocked}
      />
    </>
  );
}
