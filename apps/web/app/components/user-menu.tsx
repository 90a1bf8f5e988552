import type { TCurrentUser } from '@fanstage/contract';
import { Avatar, Group, Menu, Text } from '@mantine/core';
import {
  IconBell,
  IconHome,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../features/auth/use-logout';
import { preferencesPath } from '../features/notifications/notifications-api';
import { accountPathFor, paths } from '../lib/guards';
import type { LazyMenuProps } from '../lib/lazy-menu';
import { navIcons } from './layouts/nav-icons';
import { accountLinksFor } from './layouts/nav-items';

export function UserMenu({ user, trigger, defaultOpened }: LazyMenuProps & { user: TCurrentUser }) {
  const logout = useLogout();
  return (
    <Menu
      position="bottom-end"
      width={240}
      shadow="lg"
      radius="md"
      withinPortal
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py={8} wrap="nowrap">
          <Avatar src={user.avatar} alt="" radius="xl" size={40} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.username ? `@${user.username}` : user.email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        {user.isPerformer && user.username ? (
          <Menu.Item component={Link} to={`/${user.username}`} leftSection={<IconUserCircle size={16} />}>
            My page
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to={paths.home} leftSection={<IconHome size={16} />}>
            Home
          </Menu.Item>
        )}
        {accountLinksFor(user).map((item) => {
          const Icon = item.icon ? navIcons[item.icon] : null;
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              leftSection={Icon ? <Icon size={16} /> : null}
            >
              {item.label}
            </Menu.Item>
          );
        })}
        <Menu.Item component={Link} to={accountPathFor(user)} leftSection={<IconSettings size={16} />}>
          Account settings
        </Menu.Item>
        <Menu.Item component={Link} to={preferencesPath} leftSection={<IconBell size={16} />}>
          Notification settings
        </Menu.Item>
        {user.isAdmin ? (
          <Menu.Item component={Link} to={paths.admin} leftSection={<IconShieldLock size={16} />}>
            Admin dashboard
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
