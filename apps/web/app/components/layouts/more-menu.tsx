import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { LazyMenuProps } from '../../lib/lazy-menu';
import { navIcons } from './nav-icons';
import type { NavItem } from './nav-items';

/** The navigation entries that do not fit in the header, in a dropdown (loaded by lazyMenu: see PrimaryLayout). */
export function MoreMenu({ items, trigger, defaultOpened }: LazyMenuProps & { items: NavItem[] }) {
  return (
    <Menu position="bottom-start" shadow="lg" radius="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => {
          const Icon = item.icon ? navIcons[item.icon] : null;
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              target={item.external ? '_blank' : undefined}
              leftSection={Icon ? <Icon size={16} /> : null}
            >
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
