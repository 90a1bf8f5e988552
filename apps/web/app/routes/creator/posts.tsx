import { Button, Card, EmptyState } from '@mantine/core';
import { IconPencilPlus, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useMyFeeds } from '../../features/feed/feed-lists';
import { PostList } from '../../features/feed/post-list';
import { PostOwnerMenu } from '../../features/feed/post-owner-menu';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/posts';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My posts', matches);

export default function MyPostsPage() {
  const feed = useMyFeeds();
  return (
    <div style={{ maxWidth: 720, margin: '0 auto' }}>
      <PageHeader
        title="My posts"
        description="Everything you have published or scheduled. Pin, edit or delete posts here."
        actions={
          <Button
            component={Link}
            to="/creator/posts/new"
            variant="gradient"
            leftSection={<IconPlus size={16} />}
          >
            New post
          </Button>
        }
      />
      <PostList
        query={feed}
        renderActions={(post) => <PostOwnerMenu post={post} />}
        empty={
          <Card py={{ base: 40, sm: 64 }}>
            <EmptyState
              icon={<IconPencilPlus size={28} />}
              variant="light"
              title="No posts yet"
              description="Write your first post: fans who follow you see it on their home page"
            >
              <EmptyState.Actions>
                <Button
                  component={Link}
                  to="/creator/posts/new"
                  variant="gradient"
                  leftSection={<IconPlus size={16} />}
                >
                  New post
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        }
      />
    </div>
  );
}
