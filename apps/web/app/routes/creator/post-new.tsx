import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { ComposeForm } from '../../features/feed/compose-form';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/post-new';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('New post', matches);

export default function NewPostPage() {
  const user = useCurrentUser();
  return (
    <div style={{ maxWidth: 720, margin: '0 auto' }}>
      <PageHeader
        title="New post"
        description="Share text, photos, a video, an audio file or a poll with your fans."
        actions={
          <Button
            component={Link}
            to="/creator/posts"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            My posts
          </Button>
        }
      />
      <ComposeForm username={user?.username ?? null} />
    </div>
  );
}
