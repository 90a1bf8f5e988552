import { Box, Tooltip } from '@mantine/core';
import { type SocketStatus, useSocketStatus } from './socket-status';

const looks: Record<SocketStatus, { color: string; label: string }> = {
  initialized: { color: 'var(--mantine-color-gray-5)', label: 'Connecting…' },
  connected: { color: 'var(--mantine-color-teal-6)', label: 'Live: messages arrive instantly' },
  disconnect: { color: 'var(--mantine-color-gray-5)', label: 'Disconnected' },
  reconnecting: { color: 'var(--mantine-color-yellow-6)', label: 'Reconnecting…' },
  failed: { color: 'var(--mantine-color-red-6)', label: 'Offline: we keep trying to reconnect' },
};

/** A small dot beside the messages icon: the live connection's status (spec section 4). */
export function ConnectionIndicator() {
  const status = useSocketStatus((s) => s.status);
  const look = looks[status];
  return (
    <Tooltip label={look.label} withArrow>
      <Box
        component="span"
        role="status"
        aria-label={`Live connection: ${look.label}`}
        data-status={status}
        data-testid="connection-status"
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: look.color,
          boxShadow: '0 0 0 2px var(--mantine-color-body)',
          flex: 'none',
        }}
      />
    </Tooltip>
  );
}
