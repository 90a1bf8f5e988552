import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { placeholderKeys } from '../../lib/placeholders';
import { useLoginPath } from '../auth/use-login-path';
import classes from './comment-section.module.css';

// What the comments show before (or instead of) the thread, light enough for every public page:
// the thread itself (comment-section.tsx) is downloaded for those who may read it.

/** A visitor is asked to log in. */
export function CommentsLoginNotice() {
  const loginPath = useLoginPath();
  return (
    <Group gap="sm" justify="space-between" className={classes.notice}>
      <Text size="sm" c="dimmed">
        Log in to read the comments and join the conversation.
      </Text>
      <Button component={Link} to={loginPath} size="xs" variant="default">
        Log in
      </Button>
    </Group>
  );
}

/** Someone who may not see the item may not read its comments either. */
export function CommentsLockedNotice() {
  return (
    <Group gap={8} wrap="nowrap" className={classes.notice} c="dimmed">
      <IconLock size={16} style={{ flexShrink: 0 }} />
      <Text size="sm">Comments open once you can see this item.</Text>
    </Group>
  );
}

export function CommentsSkeleton({ count }: { count: number }) {
  return (
    <Stack gap="md" aria-busy aria-label="Loading comments">
      {placeholderKeys(count).map((key) => (
        <Group key={key} gap="sm" wrap="nowrap" align="flex-start">
          <Skeleton h={36} w={36} circle />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={10} w="30%" />
            <Skeleton h={10} w="80%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
