import type { TCurrentUser } from '@fanstage/contract';
import { Button, Divider, Drawer, NavLink, Stack, useMantineColorScheme } from '@mantine/core';
import { IconLogout, IconSettings, IconSunMoon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { accountPathFor } from '../../lib/guards';
import { Brand } from '../brand';
import { navIcons } from './nav-icons';
import { accountLinksFor, type NavItem } from './nav-items';

const rounded = { borderRadius: 'var(--mantine-radius-md)' };

/**
 * The phone's navigation drawer (the burger opens it). PrimaryLayout loads it the first time it is opened:
 * the drawer, its scroll lock and its transitions are code most visits never run.
 */
export function NavDrawer({
  opened,
  onClose,
  items,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  user: TCurrentUser | null;
}) {
  const location = useLocation();
  const logout = useLogout();
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="80%"
      hiddenFrom="md"
      title={<Brand size="sm" />}
      padding="md"
    >
      <Stack gap={4} component="nav" aria-label="Main">
        {items.map((item) => {
          const Icon = item.icon ? navIcons[item.icon] : null;
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={Icon ? <Icon size={18} stroke={1.8} /> : null}
              active={location.pathname === item.to}
              onClick={onClose}
              target={item.external ? '_blank' : undefined}
              style={rounded}
            />
          );
        })}
        {user ? (
          <>
            <Divider my="sm" />
            {accountLinksFor(user).map((item) => {
              const Icon = item.icon ? navIcons[item.icon] : null;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={Icon ? <Icon size={18} stroke={1.8} /> : null}
                  active={location.pathname === item.to}
                  onClick={onClose}
                  style={rounded}
                />
              );
            })}
            <NavLink
              component={Link}
              to={accountPathFor(user)}
              label="Account settings"
              leftSection={<IconSettings size={18} stroke={1.8} />}
              active={location.pathname === accountPathFor(user)}
              onClick={onClose}
              style={rounded}
            />
            <NavLink
              component="button"
              label="Light or dark theme"
              leftSection={<IconSunMoon size={18} stroke={1.8} />}
              onClick={toggleColorScheme}
              hiddenFrom="xs"
              style={rounded}
            />
            <NavLink
              component="button"
              label="Log out"
              c="red"
              leftSection={<IconLogout size={18} stroke={1.8} />}
              onClick={() => {
                onClose();
                void logout();
              }}
              style={rounded}
            />
          </>
        ) : (
          <>
            <Divider my="sm" />
            <Button component={Link} to="/auth/register" variant="gradient" onClick={onClose}>
              Sign up
            </Button>
            <Button component={Link} to="/auth/creator-register" variant="default" onClick={onClose}>
              Become a creator
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
