import { Card, Skeleton } from '@mantine/core';

/** Skeleton cards while a section's data or code loads. */
export function LoadingCards({ keys }: { keys: string[] }) {
  return (
    <>
      {keys.map((key) => (
        <Card key={key} aria-busy aria-label="Loading">
          <Skeleton h={18} w={140} mb={8} />
          <Skeleton h={12} w="60%" mb="lg" />
          <Skeleton h={80} mb="md" />
          <Skeleton h={36} />
        </Card>
      ))}
    </>
  );
}
