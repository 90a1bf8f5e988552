import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';
import { conversationPath, startConversation } from './messages-api';

/** "Message" on a creator's page: opens (or starts) the chat with them; visitors log in first. */
export function MessageButton({ performerId }: { performerId: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const [isBusy, setBusy] = useState(false);

  async function open() {
    if (!user) {
      await navigate(loginPath);
      return;
    }
    setBusy(true);
    try {
      const conversation = await startConversation('performer', performerId);
      await navigate(conversationPath(conversation._id));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="default"
      px={10}
      aria-label="Send a message"
      onClick={() => void open()}
      loading={isBusy}
    >
      <IconMessageCircle size={18} />
    </Button>
  );
}
