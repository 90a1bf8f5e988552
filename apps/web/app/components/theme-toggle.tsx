import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Hint } from './hint';

/**
 * Switches between the light and dark themes (remembered in the `theme` cookie; there is no "system" mode).
 * Its hint is the CSS one (Hint): the switch is on every page, and Mantine's Tooltip would bring the
 * floating-ui positioning code into every page's first load.
 */
export function ThemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' | 'white' }) {
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <Hint label="Light or dark theme" position="bottom">
      <ActionIcon
        variant={variant}
        size="lg"
        radius="md"
        onClick={toggleColorScheme}
        aria-label="Switch between light and dark theme"
      >
        <IconMoon size={18} stroke={1.8} className="hide-in-dark" />
        <IconSun size={18} stroke={1.8} className="hide-in-light" />
      </ActionIcon>
    </Hint>
  );
}
