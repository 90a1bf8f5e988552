import { Button, Card, EmptyState, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { useCurrentUser } from '../features/auth/use-current-user';
import { pageTitle } from '../lib/meta';
import { guardPage } from '../lib/page-guard';
import { placeholderKeys } from '../lib/placeholders';
import type { Route } from './+types/explore';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Explore creators', matches);

/** Creator discovery: the search and listings arrive with the creator directory. */
export default function ExplorePage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Explore" description="Discover creators to follow and subscribe to." />
      <Card p={{ base: 'lg', sm: 48 }}>
        <EmptyState
          icon={<IconCompass size={28} />}
          variant="light"
          title="Creator discovery is coming soon"
          description="Soon you will be able to browse and search creators here. Until then, open a creator's page from a link they shared."
        >
          {user ? null : (
            <EmptyState.Actions>
              <Button component={Link} to="/auth/creator-register" variant="gradient">
                Become a creator
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} mt="xl" spacing="md" aria-hidden>
        {placeholderKeys(4).map((key) => (
          <Card key={key} p={0} style={{ overflow: 'hidden', opacity: 0.55 }}>
            <Skeleton h={96} radius={0} animate={false} />
            <Stack p="md" gap={8}>
              <Skeleton h={12} w="70%" animate={false} />
              <Skeleton h={10} w="45%" animate={false} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
