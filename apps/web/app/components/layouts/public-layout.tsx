import { Anchor, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconLock, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettings } from '../../lib/settings';
import { Brand } from '../brand';
import { ThemeToggle } from '../theme-toggle';
import classes from './public-layout.module.css';

const highlights = [
  {
    icon: IconHeartHandshake,
    title: 'Support creators directly',
    text: 'Subscriptions and tips go to the people you follow.',
  },
  {
    icon: IconLock,
    title: 'Exclusive content',
    text: 'Posts, photos, videos and live streams made for members.',
  },
  {
    icon: IconMessageCircle,
    title: 'Closer than ever',
    text: 'Chat one to one with your favourite creators.',
  },
];

/** Layout of the auth pages: a brand panel beside a centered card (the panel hides on small screens). */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const settings = usePublicSettings();
  return (
    <div className={classes.root}>
      <aside className={classes.showcase}>
        <div className={classes.glow} aria-hidden />
        <div className={classes.showcaseInner}>
          <Link to="/" className={classes.plainLink} aria-label={`${settings.siteName} home`}>
            <Brand size="lg" inverted />
          </Link>
          <Stack gap="xl" className={classes.showcaseBody}>
            <Title order={1} className={classes.headline}>
              Where fans and creators meet.
            </Title>
            <Stack gap="lg">
              {highlights.map((h) => (
                <Group key={h.title} gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="white" color="brand">
                    <h.icon size={22} stroke={1.8} />
                  </ThemeIcon>
                  <div>
                    <Text fw={700} c="white">
                      {h.title}
                    </Text>
                    <Text size="sm" className={classes.showcaseText}>
                      {h.text}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          </Stack>
          <Text size="xs" className={classes.showcaseText}>
            © {new Date().getFullYear()} {settings.siteName}
          </Text>
        </div>
      </aside>

      <div className={classes.content}>
        <Group justify="space-between" className={classes.topBar}>
          <Link
            to="/"
            className={`${classes.plainLink} ${classes.mobileBrand}`}
            aria-label={`${settings.siteName} home`}
          >
            <Brand size="sm" />
          </Link>
          <Box ml="auto">
            <ThemeToggle />
          </Box>
        </Group>
        <div className={classes.center}>
          <Paper
            withBorder
            shadow="md"
            radius="lg"
            p={{ base: 'lg', sm: 36 }}
            w="100%"
            maw={wide ? 680 : 460}
            className={classes.card}
          >
            {children}
          </Paper>
        </div>
        <Group justify="center" gap="md" pb="lg" px="md">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {settings.siteName}
          </Text>
          <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
            IP geolocation by DB-IP
          </Anchor>
        </Group>
      </div>
    </div>
  );
}
