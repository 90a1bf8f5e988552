import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title, one line of explanation and optional actions at the top of a page. */
export function PageHeader(props: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="xl" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          {props.title}
        </Title>
        {props.description ? <Text c="dimmed">{props.description}</Text> : null}
      </Stack>
      {props.actions}
    </Group>
  );
}
