import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigation } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { landingPathFor } from '../../lib/guards';
import { lazyMenu } from '../../lib/lazy-menu';
import { usePublicSettings } from '../../lib/settings';
import { Brand } from '../brand';
import { ThemeToggle } from '../theme-toggle';
import { UserMenuButton } from '../user-menu-button';
import { MoreButton } from './more-button';
import { type NavItem, navItemsFor, splitNavItems } from './nav-items';
import classes from './primary-layout.module.css';

// What only a signed-in person has (the bell, the messages icon, the account menu, a creator's ringing
// calls) comes in chunks of its own, so a visitor's page carries none of their lists, popovers and dialogs.
// The header's dropdowns load when their button is first pointed at, focused or pressed, and a first
// press opens them once they have come (lib/lazy-menu.tsx); the phone's drawer when the burger is first
// pressed (Mantine's Menu with its floating-ui positioning and the Drawer are ~35 KB a visitor's first
// load does not need).
const UserMenu = lazyMenu(() => import('../user-menu').then((m) => m.UserMenu));
const MoreMenu = lazyMenu(() => import('./more-menu').then((m) => m.MoreMenu));
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const MessagesButton = lazy(() =>
  import('../../features/messages/messages-button').then((m) => ({ default: m.MessagesButton })),
);
const IncomingCallDialog = lazy(() =>
  import('../../features/calls/incoming-call').then((m) => ({ default: m.IncomingCallDialog })),
);
/** Holds a header icon's place while its code loads, so the header does not shift. */
const iconSlot = <span className={classes.iconSlot} />;

/** The default layout: sticky header with navigation, theme toggle and account menu; content; footer. */
export function PrimaryLayout({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const navigation = useNavigation();
  const location = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code is fetched the first time the burger is pressed, then the drawer stays mounted.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const items = navItemsFor(user, settings);
  const { inline, more } = splitNavItems(items);
  const brandTarget = user ? landingPathFor(user) : '/';

  return (
    <div className={classes.shell}>
      {navigation.state !== 'idle' ? (
        <div className={classes.progress} role="progressbar" aria-label="Loading" />
      ) : null}
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={drawerOpened}
                onClick={() => {
                  setDrawerWanted(true);
                  drawer.toggle();
                }}
                hiddenFrom="md"
                size="sm"
                aria-label="Open navigation"
              />
              <Link to={brandTarget} className={classes.brandLink} aria-label={`${settings.siteName} home`}>
                <Brand />
              </Link>
              <Group gap={2} ml="lg" visibleFrom="md" wrap="nowrap" component="nav" aria-label="Main">
                {inline.map((item) => (
                  <HeaderLink key={item.to} item={item} />
                ))}
                {more.length > 0 ? (
                  <MoreMenu
                    items={more}
                    trigger={<MoreButton active={more.some((item) => item.to === location.pathname)} />}
                  />
                ) : null}
              </Group>
            </Group>
            <Group wrap="nowrap" className={classes.actions}>
              {user?.isPerformer ? (
                <>
                  <Button
                    component={Link}
                    to="/creator/posts/new"
                    variant="gradient"
                    leftSection={<IconPlus size={16} />}
                    visibleFrom="xs"
                  >
                    New post
                  </Button>
                  <ActionIcon
                    component={Link}
                    to="/creator/posts/new"
                    variant="gradient"
                    size={36}
                    aria-label="New post"
                    hiddenFrom="xs"
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </>
              ) : null}
              {user ? (
                <Suspense fallback={iconSlot}>
                  <NotificationBell />
                </Suspense>
              ) : null}
              {user ? (
                <Suspense fallback={iconSlot}>
                  <MessagesButton />
                </Suspense>
              ) : null}
              {/* Logged in on a phone, the theme switch moves into the menu drawer to make room. */}
              {user ? (
                <Box visibleFrom="xs">
                  <ThemeToggle />
                </Box>
              ) : (
                <ThemeToggle />
              )}
              {user ? (
                <UserMenu user={user} trigger={<UserMenuButton user={user} />} />
              ) : (
                <>
                  <Button component={Link} to="/auth/login" variant="default">
                    Log in
                  </Button>
                  <Button component={Link} to="/auth/register" variant="gradient" visibleFrom="xs">
                    Sign up
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </header>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} items={items} user={user} />
        </Suspense>
      ) : null}

      <main className={classes.main}>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
          {children}
        </Container>
      </main>

      <SiteFooter />
      {user?.isPerformer ? (
        <Suspense fallback={null}>
          <IncomingCallDialog />
        </Suspense>
      ) : null}
    </div>
  );
}

function HeaderLink({ item }: { item: NavItem }) {
  if (item.external) {
    return (
      <a href={item.to} className={classes.navLink} target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  return (
    <RouterNavLink to={item.to} end className={classes.navLink} prefetch="intent">
      {item.label}
    </RouterNavLink>
  );
}

export function SiteFooter() {
  const settings = usePublicSettings();
  const menus = settings.menus.filter((m) => m.section === 'footer');
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={8} maw={340}>
            <Brand size="sm" />
            <Text size="sm" c="dimmed">
              Subscribe to the creators you love: exclusive posts, messages and live streams, all in one
              place.
            </Text>
          </Stack>
          {menus.length > 0 ? (
            <Group gap="lg" component="nav" aria-label="Footer">
              {menus.map((menu) =>
                menu.isNewTab || /^https?:/.test(menu.path) ? (
                  <Anchor
                    key={`${menu.title}-${menu.path}`}
                    href={menu.path}
                    target={menu.isNewTab ? '_blank' : undefined}
                    rel="noopener noreferrer"
                    size="sm"
                    c="dimmed"
                  >
                    {menu.title}
                  </Anchor>
                ) : (
                  <Anchor
                    key={`${menu.title}-${menu.path}`}
                    component={Link}
                    to={menu.path}
                    size="sm"
                    c="dimmed"
                  >
                    {menu.title}
                  </Anchor>
                ),
              )}
            </Group>
          ) : null}
        </Group>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {settings.siteName}. All rights reserved.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/contact" size="xs" c="dimmed">
              Contact us
            </Anchor>
            <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
              IP geolocation by DB-IP
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
