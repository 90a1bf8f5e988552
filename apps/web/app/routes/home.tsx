import { Avatar, Button, Card, EmptyState, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconCompass, IconSettings, IconUsersGroup, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/use-current-user';
import { type FeedPage, homeFeedFirstPagePath } from '../features/feed/feed-api';
import { useHomeFeed } from '../features/feed/feed-lists';
import { FeedSkeleton } from '../features/feed/feed-skeleton';
import { PostList } from '../features/feed/post-list';
import { greeting } from '../features/home/greeting';
import { LiveNowStrip } from '../features/live/live-now-strip';
import { formatPrice } from '../lib/format';
import { accountPathFor } from '../lib/guards';
import { pageTitle } from '../lib/meta';
import { guardPage } from '../lib/page-guard';
import { serverApi } from '../lib/server-api';
import type { Route } from './+types/home';
import classes from './home.module.css';

/**
 * The first page of the timeline is read beside the guard, so the posts are in the page's HTML and
 * hydrate (see useHomeFeed); when it cannot be read, the list asks for it itself.
 */
export async function loader(args: Route.LoaderArgs) {
  const [, posts] = await Promise.all([guardPage(args, 'auth'), serverApi(args)(homeFeedFirstPagePath)]);
  return { firstPosts: posts.status === 200 ? (posts.body as FeedPage) : null };
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Home', matches);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const feed = useHomeFeed(loaderData?.firstPosts);
  if (!user) return <FeedSkeleton />;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card className={classes.welcome} p={{ base: 'lg', sm: 'xl' }}>
            <Group gap="md" wrap="nowrap">
              <Avatar src={user.avatar} alt="" size={56} radius="xl" className={classes.welcomeAvatar} />
              <div style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2} c="white">
                  {greeting(user)}
                </Title>
                <Text className={classes.welcomeText} mt={4}>
                  New posts from the creators you follow show up here.
                </Text>
              </div>
            </Group>
          </Card>

          <LiveNowStrip />

          <PostList
            query={feed}
            empty={
              <Card py={{ base: 40, sm: 64 }}>
                <EmptyState
                  icon={<IconUsersGroup size={28} />}
                  variant="light"
                  title="Your feed is empty"
                  description="Follow or subscribe to creators to see their posts here"
                >
                  <EmptyState.Actions>
                    <Button
                      component={Link}
                      to="/explore"
                      variant="gradient"
                      leftSection={<IconCompass size={16} />}
                    >
                      Explore creators
                    </Button>
                  </EmptyState.Actions>
                </EmptyState>
              </Card>
            }
          />
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg" className={classes.sidebar}>
          <Card>
            <Group justify="space-between" mb="xs">
              <Text fw={700}>Wallet</Text>
              <IconWallet size={18} stroke={1.6} className={classes.dimIcon} />
            </Group>
            <Text fz={28} fw={800} lh={1.1}>
              {formatPrice(user.balance)}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              Use your balance to tip creators and unlock posts.
            </Text>
          </Card>
          <Card>
            <Text fw={700} mb="xs">
              Your account
            </Text>
            <Text size="sm" c="dimmed" mb="md">
              Keep your name, photo and password up to date.
            </Text>
            <Button
              component={Link}
              to={accountPathFor(user)}
              variant="default"
              fullWidth
              leftSection={<IconSettings size={16} />}
            >
              Account settings
            </Button>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
