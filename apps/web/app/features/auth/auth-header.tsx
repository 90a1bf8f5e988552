import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and one line under it at the top of an auth card. */
export function AuthHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2} style={{ letterSpacing: '-0.02em' }}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The end state of an auth flow: an icon, a title, the message and what to do next. */
export function AuthResult(props: {
  icon: ReactNode;
  color?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius={999} variant="light" color={props.color ?? 'brand'}>
        {props.icon}
      </ThemeIcon>
      <Title order={2} fz={24}>
        {props.title}
      </Title>
      <Text c="dimmed">{props.children}</Text>
      {props.actions ? (
        <Stack w="100%" gap="sm" mt="sm">
          {props.actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
