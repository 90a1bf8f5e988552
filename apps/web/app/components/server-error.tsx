import { Button, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse } from 'react-router';
import { errorMessage } from '../lib/errors';

/** A page that failed to load: what happened in words, and a way to try again. */
export function ServerError({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error) ? errorMessage(error.data) : errorMessage(null);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <Stack align="center" gap="md" py={{ base: 48, sm: 96 }} ta="center">
      <ThemeIcon size={72} radius={999} variant="light" color="orange">
        <IconAlertTriangle size={36} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Something went wrong
      </Title>
      <Text c="dimmed" maw={460}>
        {message}
      </Text>
      <Button
        leftSection={<IconRefresh size={16} />}
        variant="default"
        onClick={() => window.location.reload()}
      >
        Reload the page
      </Button>
      {stack ? (
        <Code block ta="left" maw="100%" style={{ overflow: 'auto' }}>
          {stack}
        </Code>
      ) : null}
    </Stack>
  );
}
