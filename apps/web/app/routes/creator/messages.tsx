import { Button } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CreatorMessagesView } from '../../features/creator-messages/creator-messages-view';
import { paths } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/messages';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Mass messages', matches);

export default function CreatorMessagesPage() {
  return (
    <>
      <PageHeader
        title="Mass messages"
        description="Write to many fans at once, and greet new fans automatically."
        actions={
          <Button
            component={Link}
            to={paths.messages}
            variant="default"
            leftSection={<IconInbox size={16} />}
          >
            Inbox
          </Button>
        }
      />
      <CreatorMessagesView />
    </>
  );
}
