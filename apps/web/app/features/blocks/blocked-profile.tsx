import { Button, Card, EmptyState } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';

/** What a fan sees instead of the profile of a creator who blocked them: the API's sentence, plainly. */
export function BlockedProfile({ message }: { message: string }) {
  return (
    <Card p={{ base: 'lg', sm: 48 }} mt="md">
      <EmptyState
        icon={<IconBan size={28} />}
        variant="light"
        title={message}
        description="You cannot see this creator's page or content, message them, pay them or join their shows."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/explore" variant="default">
            Explore other creators
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
