import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches between the light and dark themes (remembered in the `theme` cookie; there is no "system" mode). */
export function ThemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' | 'white' }) {
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <Tooltip label="Light or dark theme">
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
    </Tooltip>
  );
}
