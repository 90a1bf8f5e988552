import type { TCurrentUser } from '@fanstage/contract';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './layouts/primary-layout.module.css';

/**
 * The avatar button that opens the account menu. The header draws it with the page; the menu itself
 * (UserMenu, with Mantine's Menu and its positioning code) comes when the button is first pointed at,
 * focused or pressed (lib/lazy-menu.tsx), and a first press opens it once it has come.
 */
export function UserMenuButton({ user, ...props }: { user: TCurrentUser } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton {...props} className={classes.userButton} aria-label="Open the account menu">
      <Group gap={8} wrap="nowrap">
        <Avatar src={user.avatar} alt={user.name} radius="xl" size={34} />
        <Text size="sm" fw={600} visibleFrom="md" maw={140} truncate>
          {user.name}
        </Text>
        <IconChevronDown size={14} stroke={2} className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}
