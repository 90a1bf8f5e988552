import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between the light and dark themes (remembered in the `theme` cookie; there is no "system" mode).
 * Its hint is a CSS tooltip (`data-hint` in app.css): it is on every page, and Mantine's Tooltip would bring
 * the floating-ui positioning code into every page's first load.
 */
export function ThemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' | 'white' }) {
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <ActionIcon
      variant={variant}
      size="lg"
      radius="md"
      onClick={toggleColorScheme}
      aria-label="Switch between light and dark theme"
      data-hint="Light or dark theme"
    >
      <IconMoon size={18} stroke={1.8} className="hide-in-dark" />
      <IconSun size={18} stroke={1.8} className="hide-in-light" />
    </ActionIcon>
  );
}
