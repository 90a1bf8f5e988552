import { Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { ConversationList } from '../../features/messages/conversation-list';
import { MessageThread } from '../../features/messages/message-thread';
import classes from '../../features/messages/messages.module.css';
import { paths } from '../../lib/guards';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/messages';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Messages', matches);

/** `/messages` and `/messages/{conversationId}`: the list beside the open thread (one pane on phones). */
export default function MessagesPage() {
  const { conversationId = null } = useParams();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className={classes.layout} data-open={conversationId ? true : undefined}>
      <ConversationList activeId={conversationId} viewerId={user._id} />
      {conversationId ? (
        <MessageThread
          key={conversationId}
          conversationId={conversationId}
          viewerId={user._id}
          isCreator={user.isPerformer}
          backTo={paths.messages}
        />
      ) : (
        <div className={classes.threadPane}>
          <Stack align="center" justify="center" gap={6} h="100%" p="xl" ta="center">
            <IconMessageCircle size={44} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={700}>Your messages</Text>
            <Text size="sm" c="dimmed" maw={320}>
              Pick a conversation on the left. New messages arrive here the moment they are sent.
            </Text>
          </Stack>
        </div>
      )}
    </div>
  );
}
