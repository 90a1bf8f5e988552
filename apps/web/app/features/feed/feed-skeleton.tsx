import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { placeholderKeys } from '../../lib/placeholders';

/** Placeholder posts while the feed loads. */
export function FeedSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Stack gap="md" aria-busy aria-label="Loading posts">
      {placeholderKeys(count).map((key) => (
        <Card key={key}>
          <Group gap="sm" mb="md">
            <Skeleton h={40} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="40%" />
              <Skeleton h={10} w="25%" />
            </Stack>
          </Group>
          <Skeleton h={12} mb={8} />
          <Skeleton h={12} w="80%" mb="md" />
          <Skeleton h={220} radius="md" />
        </Card>
      ))}
    </Stack>
  );
}
