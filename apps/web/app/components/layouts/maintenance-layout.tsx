import { Anchor, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusScreen } from './status-screen';

/** Shown instead of every page while the site is in maintenance mode (admins still get through). */
export function MaintenanceLayout({ message }: { message: string }) {
  return (
    <StatusScreen
      icon={<IconTools size={40} stroke={1.6} />}
      title="We'll be right back"
      footer={
        <Text size="sm" c="dimmed">
          Administrator?{' '}
          <Anchor component={Link} to="/auth/login" size="sm">
            Log in
          </Anchor>
        </Text>
      }
    >
      {message || 'We are making the site better. Please come back soon.'}
    </StatusScreen>
  );
}
