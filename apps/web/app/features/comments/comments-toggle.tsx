import type { TFeed } from '@fanstage/contract';
import { Divider, Group, Text, UnstyledButton } from '@mantine/core';
import { IconMessageCircle, IconMessageCircleFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Hint } from '../../components/hint';
import { formatCount } from '../../lib/format';
import { CommentsPanel } from './comments-panel';

/** Whether a post's comments are open under it, and the count its button shows (kept in step by the section). */
export function useCommentsToggle(post: Pick<TFeed, 'commentsCount'>, initiallyOpen = false) {
  const [isOpen, setOpen] = useState(initiallyOpen);
  const [count, setCount] = useState(post.commentsCount);
  return { isOpen, toggle: () => setOpen((open) => !open), count, setCount };
}

type CommentsToggle = ReturnType<typeof useCommentsToggle>;

/** The comment button of the reaction bar: opens and closes the comments, shows their count. */
export function CommentsButton({ state }: { state: CommentsToggle }) {
  const label = state.isOpen ? 'Hide comments' : 'Show comments';
  return (
    <Hint label={label}>
      <UnstyledButton aria-label={label} aria-expanded={state.isOpen} px={8} py={4} onClick={state.toggle}>
        <Group gap={6} wrap="nowrap" c={state.isOpen ? 'brand' : 'dimmed'}>
          {state.isOpen ? <IconMessageCircleFilled size={20} /> : <IconMessageCircle size={20} />}
          <Text size="sm" fw={600}>
            {formatCount(state.count)}
          </Text>
        </Group>
      </UnstyledButton>
    </Hint>
  );
}

/** The comments of a post inside its card, once opened. */
export function InlineComments({
  post,
  state,
}: {
  post: Pick<TFeed, '_id' | 'canView'>;
  state: CommentsToggle;
}) {
  if (!state.isOpen) return null;
  return (
    <>
      <Divider my="sm" />
      <CommentsPanel
        target={{ objectType: 'feed', objectId: post._id }}
        isLocked={!post.canView}
        onCountChange={state.setCount}
      />
    </>
  );
}
