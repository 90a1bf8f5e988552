import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './not-found.module.css';

/** The friendly 404 page (the HTTP status is set by the route that throws). */
export function NotFound({ title = 'We could not find that page' }: { title?: string }) {
  return (
    <Stack align="center" gap="md" py={{ base: 48, sm: 96 }} ta="center">
      <Text className={classes.code} aria-hidden>
        404
      </Text>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={440}>
        The link may be broken, or the page may have moved. Check the address, or head back and explore.
      </Text>
      <Group mt="sm" justify="center">
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />} variant="default">
          Back to start
        </Button>
        <Button component={Link} to="/explore" leftSection={<IconCompass size={16} />} variant="gradient">
          Explore creators
        </Button>
      </Group>
    </Stack>
  );
}
