import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './primary-layout.module.css';

/**
 * The header's "More" button: the trigger of the lazily loaded menu (more-menu.tsx, with Mantine's Menu
 * and the floating-ui positioning, ~25 KB), which comes when the button is first pointed at, focused or
 * pressed, so a visitor's first load does not carry it.
 */
export function MoreButton({ active, ...props }: { active: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton {...props} className={classes.navLink} data-active={active || undefined}>
      More
      <IconChevronDown size={14} stroke={2} style={{ marginLeft: 4 }} aria-hidden />
    </UnstyledButton>
  );
}
