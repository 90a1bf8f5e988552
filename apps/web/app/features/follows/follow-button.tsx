import { Button, type ButtonProps } from '@mantine/core';
import { useHover } from '@mantine/hooks';
import { IconUserCheck, IconUserMinus, IconUserPlus } from '@tabler/icons-react';

interface FollowButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  isFollowed: boolean;
  onToggle: () => void;
  /** Icon only (narrow screens); the label moves to aria-label. */
  isCompact?: boolean;
}

/** "Follow" / "Following" (hover: "Unfollow"). */
export function FollowButton({ isFollowed, onToggle, isCompact, ...props }: FollowButtonProps) {
  const { hovered, ref } = useHover<HTMLButtonElement>();
  const showUnfollow = isFollowed && hovered;
  const Icon = showUnfollow ? IconUserMinus : isFollowed ? IconUserCheck : IconUserPlus;
  const label = showUnfollow ? 'Unfollow' : isFollowed ? 'Following' : 'Follow';
  return (
    <Button
      ref={ref}
      variant={isFollowed ? 'light' : 'default'}
      color={showUnfollow ? 'red' : undefined}
      aria-pressed={isFollowed}
      aria-label={isCompact ? label : undefined}
      leftSection={isCompact ? undefined : <Icon size={16} />}
      px={isCompact ? 10 : undefined}
      miw={isCompact ? undefined : 118}
      onClick={onToggle}
      {...props}
    >
      {isCompact ? <Icon size={18} /> : label}
    </Button>
  );
}
