import { ActionIcon, Box, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/guards';
import { ConnectionIndicator } from '../realtime/connection-indicator';
import { fetchUnreadTotal, messageKeys } from './messages-api';

/** Header: the messages icon with the unread total, and the live-connection dot. */
export function MessagesButton() {
  const { data: unread = 0 } = useQuery({
    queryKey: messageKeys.unread,
    queryFn: fetchUnreadTotal,
    staleTime: 60_000,
  });
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Box pos="relative" style={{ flex: 'none' }}>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={18}
        offset={4}
        color="red"
        data-testid="unread-total"
        data-count={unread}
      >
        <ActionIcon component={Link} to={paths.messages} variant="subtle" size={36} aria-label={label}>
          <IconMessageCircle size={20} />
        </ActionIcon>
      </Indicator>
      {/* The live-connection dot sits on the icon's lower corner, so the header stays narrow on phones. */}
      <Box pos="absolute" bottom={3} right={3} style={{ lineHeight: 0 }}>
        <ConnectionIndicator />
      </Box>
    </Box>
  );
}
