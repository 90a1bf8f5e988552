import { commentMaxLength, type TComment } from '@fanstage/contract';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconHeart, IconHeartFilled, IconSend2, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatCount, plural } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { BlockButton } from '../blocks/block-button';
import { timeAgo } from '../feed/feed-format';
import { HiddenNotice } from '../moderation/hidden-notice';
import { ModerateMenu } from '../moderation/moderate-menu';
import { flattenComments, totalOf } from './comment-cache';
import { CommentsLockedNotice, CommentsLoginNotice, CommentsSkeleton } from './comment-notices';
import classes from './comment-section.module.css';
import {
  type CommentTarget,
  type CountUpdate,
  useCommentLike,
  useCommentList,
  useCreateComment,
  useDeleteComment,
} from './comments-api';

export interface CommentSectionProps {
  target: CommentTarget;
  /** The viewer may not see the item, so its comments stay closed too (the API answers 403). */
  isLocked?: boolean;
  onCountChange?: CountUpdate;
}

/** The comments of a post or asset: write one, read them page by page, reply one level deep. */
export function CommentSection({ target, isLocked = false, onCountChange }: CommentSectionProps) {
  const user = useCurrentUser();
  if (!user) return <CommentsLoginNotice />;
  if (isLocked) return <CommentsLockedNotice />;
  return <CommentThread target={target} onCountChange={onCountChange} />;
}

/** The form and the list, for a logged-in viewer who may see the item (comments-panel.tsx loads it lazily). */
export function CommentThread({ target, onCountChange }: Omit<CommentSectionProps, 'isLocked'>) {
  return (
    <Stack gap="md">
      <CommentForm target={target} parentId={null} onCountChange={onCountChange} />
      <CommentList target={target} parentId={null} onCountChange={onCountChange} />
    </Stack>
  );
}

function CommentForm({
  target,
  parentId,
  onCountChange,
  autoFocus = false,
  onDone,
}: {
  target: CommentTarget;
  parentId: string | null;
  onCountChange?: CountUpdate;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const user = useCurrentUser();
  const [content, setContent] = useState('');
  const create = useCreateComment(target);
  const isEmpty = content.trim().length === 0;

  const handleSubmit = () => {
    if (isEmpty || create.isPending) return;
    onCountChange?.((n) => n + 1);
    create.mutate(
      { content: content.trim(), parentId },
      {
        onSuccess: () => {
          setContent('');
          onDone?.();
        },
        onError: (err) => {
          onCountChange?.((n) => Math.max(0, n - 1));
          notifyError(err);
        },
      },
    );
  };

  const label = parentId ? 'Write a reply' : 'Write a comment';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        handleSubmit();
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={user?.avatar} alt="" radius="xl" size={parentId ? 28 : 36} />
        <Textarea
          aria-label={label}
          placeholder={`${label}…`}
          autosize
          minRows={1}
          maxRows={8}
          maxLength={commentMaxLength}
          value={content}
          autoFocus={autoFocus}
          onChange={(e) => setContent(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              handleSubmit();
            }
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip label={parentId ? 'Send reply' : 'Send comment'}>
          <ActionIcon
            type="submit"
            size={36}
            variant="gradient"
            radius="xl"
            aria-label={parentId ? 'Send reply' : 'Send comment'}
            loading={create.isPending}
            disabled={isEmpty}
          >
            <IconSend2 size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </form>
  );
}

function CommentList({
  target,
  parentId,
  onCountChange,
}: {
  target: CommentTarget;
  parentId: string | null;
  onCountChange?: CountUpdate;
}) {
  const list = useCommentList(target, parentId);
  const { error } = list;
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);

  if (list.isPending) return <CommentsSkeleton count={parentId ? 1 : 3} />;
  if (list.isError)
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {parentId ? 'The replies could not be loaded.' : 'The comments could not be loaded.'}
        </Text>
        <Button size="xs" variant="default" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Group>
    );
  const comments = flattenComments(list.data);
  if (comments.length === 0 && !parentId)
    return (
      <Text size="sm" c="dimmed" ta="center" py="sm">
        No comments yet. Be the first to say something nice.
      </Text>
    );
  const left = totalOf(list.data) - comments.length;
  return (
    <Stack gap={parentId ? 'sm' : 'md'} aria-label={parentId ? 'Replies' : 'Comments'}>
      {comments.map((comment) => (
        <CommentItem key={comment._id} comment={comment} target={target} onCountChange={onCountChange} />
      ))}
      {list.hasNextPage ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {parentId
            ? `Show more replies${left > 0 ? ` (${left})` : ''}`
            : `Load more comments${left > 0 ? ` (${left})` : ''}`}
        </Button>
      ) : null}
    </Stack>
  );
}

function CommentItem({
  comment,
  target,
  onCountChange,
}: {
  comment: TComment;
  target: CommentTarget;
  onCountChange?: CountUpdate;
}) {
  const isReply = comment.parentId !== null;
  const isAdmin = Boolean(useCurrentUser()?.isAdmin);
  const [isThreadOpen, setThreadOpen] = useState(false);
  const [isReplying, setReplying] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const toggleLike = useCommentLike(target);
  const remove = useDeleteComment(target, onCountChange);
  const full = dayjs(comment.createdAt).format('MMM D, YYYY HH:mm');

  const handleDelete = () => {
    setConfirmOpen(false);
    remove.mutate(comment);
  };

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.comment}>
      <Avatar src={comment.author.avatar} alt="" radius="xl" size={isReply ? 28 : 36} />
      <div className={classes.body}>
        <div className={classes.bubble}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={700} truncate>
              {comment.author.name}
            </Text>
            <Tooltip label={full}>
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={comment.createdAt}
                style={{ whiteSpace: 'nowrap' }}
                suppressHydrationWarning
              >
                {timeAgo(comment.createdAt)}
              </Text>
            </Tooltip>
          </Group>
          <Text size="sm" className={classes.content}>
            {comment.content}
          </Text>
          <HiddenNotice hidden={comment.hidden} noun="comment" isCompact />
        </div>
        <Group gap={4} mt={2}>
          <UnstyledButton
            className={classes.action}
            aria-label={comment.isLiked ? 'Unlike comment' : 'Like comment'}
            aria-pressed={comment.isLiked}
            onClick={() => toggleLike(comment)}
          >
            <Group gap={4} wrap="nowrap" c={comment.isLiked ? 'red' : 'dimmed'}>
              {comment.isLiked ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
              <Text size="xs" fw={600}>
                {comment.totalLike > 0 ? formatCount(comment.totalLike) : 'Like'}
              </Text>
            </Group>
          </UnstyledButton>
          {isReply ? null : (
            <UnstyledButton
              className={classes.action}
              onClick={() => {
                setReplying(true);
                setThreadOpen(true);
              }}
            >
              <Text size="xs" fw={600} c="dimmed">
                Reply
              </Text>
            </UnstyledButton>
          )}
          {comment.canDelete ? (
            <UnstyledButton
              className={classes.action}
              aria-label="Delete comment"
              onClick={() => setConfirmOpen(true)}
            >
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconTrash size={14} />
                <Text size="xs" fw={600}>
                  Delete
                </Text>
              </Group>
            </UnstyledButton>
          ) : null}
          {/* The viewer may delete another person's comment: they are this item's creator (or an admin, whom the button skips). */}
          {comment.canDelete ? (
            <BlockButton target={{ _id: comment.author._id, name: comment.author.name }} size="compact-xs" />
          ) : null}
          {isAdmin ? (
            <ModerateMenu
              item={{ target: 'comment', id: comment._id }}
              hidden={comment.hidden}
              look="text"
              label={`Moderate the comment of ${comment.author.name}`}
            />
          ) : null}
        </Group>

        {!isReply && comment.totalReply > 0 && !isThreadOpen ? (
          <Anchor
            component="button"
            type="button"
            size="xs"
            fw={600}
            mt={4}
            onClick={() => setThreadOpen(true)}
          >
            View {plural(comment.totalReply, 'reply', 'replies')}
          </Anchor>
        ) : null}
        {!isReply && isThreadOpen ? (
          <Stack gap="sm" mt="sm">
            {comment.totalReply > 0 ? (
              <CommentList target={target} parentId={comment._id} onCountChange={onCountChange} />
            ) : null}
            {isReplying ? (
              <CommentForm
                target={target}
                parentId={comment._id}
                onCountChange={onCountChange}
                autoFocus
                onDone={() => setReplying(false)}
              />
            ) : null}
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="dimmed"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setThreadOpen(false);
                setReplying(false);
              }}
            >
              Hide replies
            </Anchor>
          </Stack>
        ) : null}
      </div>

      <Modal
        opened={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Delete this comment?"
        centered
      >
        <Text>
          {!isReply && comment.totalReply > 0
            ? `The comment and its ${plural(comment.totalReply, 'reply', 'replies')} are removed for good.`
            : 'The comment is removed for good.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={handleDelete}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
