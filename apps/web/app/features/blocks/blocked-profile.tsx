import { Button, Card } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyNotice } from '../../components/empty-notice';

/** What a fan sees instead of the profile of a creator who blocked them: the API's sentence, plainly. */
export function BlockedProfile({ message }: { message: string }) {
  return (
    <Card p={{ base: 'lg', sm: 48 }} mt="md">
      <EmptyNotice
        icon={<IconBan size={28} />}
        title={message}
        description="You cannot see this creator's page or content, message them, pay them or join their shows."
      >
        <Button component={Link} to="/explore" variant="default">
          Explore other creators
        </Button>
      </EmptyNotice>
    </Card>
  );
}
