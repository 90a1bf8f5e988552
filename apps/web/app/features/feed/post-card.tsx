import type { TFeed } from '@fanstage/contract';
import { Anchor, Avatar, Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBookmark,
  IconBookmarkFilled,
  IconCheck,
  IconClock,
  IconCoin,
  IconHeart,
  IconHeartFilled,
  IconPinnedFilled,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Hint } from '../../components/hint';
import { formatDate } from '../../lib/dates';
import { formatCount, plural } from '../../lib/format';
import { splitLinks } from '../../lib/linkify';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { CommentsButton, InlineComments, useCommentsToggle } from '../comments/comments-toggle';
import { HiddenBadge, HiddenNotice } from '../moderation/hidden-notice';
import { LazyModerateMenu } from '../moderation/lazy-moderate-menu';
import { PostReportMenu } from '../reports/report-buttons';
import { useVote } from './feed-api';
import { accessLabel, pollPercentages, timeAgo } from './feed-format';
import classes from './post-card.module.css';
import { AudioPlayer, LockedMedia, PhotoCarousel, VideoPlayer } from './post-media';
import { usePostReactions } from './use-reactions';

export interface PostCardProps {
  post: TFeed;
  /** The creator's monthly price, for the subscribe button of a locked post (known on their page). */
  monthlyPrice?: number | null;
  /** Extra controls in the header (the owner's edit menu); others get the report menu. */
  actions?: ReactNode;
  /** Opens the comments under the post from the start (the post's own page). */
  isCommentsOpen?: boolean;
}

/** One post: who and when, its text, its media (or the lock), a poll, and the reaction bar. */
export function PostCard({ post, monthlyPrice, actions, isCommentsOpen }: PostCardProps) {
  const user = useCurrentUser();
  const isLoggedIn = Boolean(user);
  const reactions = usePostReactions(post);
  const comments = useCommentsToggle(post, isCommentsOpen);
  const profilePath = `/${post.performer.username ?? post.performer._id}`;
  // Deleted from its own page, the post leaves for its creator's page; in a list it just goes.
  const isOwnPage = useLocation().pathname === `/post/${post._id}`;
  return (
    <Card component="article" aria-label={`Post by ${post.performer.name}`} data-post-id={post._id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Link to={profilePath} aria-label={post.performer.name}>
            <Avatar src={post.performer.avatar} alt="" radius="xl" size={44} />
          </Link>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate component={Link} to={profilePath} className={classes.name}>
              {post.performer.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              {post.performer.username ? (
                <Text size="sm" c="dimmed" truncate>
                  @{post.performer.username}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <PostTime post={post} />
            </Group>
          </div>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* On phones the notice under the header says it; the badge would squeeze the name. */}
          <Box visibleFrom="xs">
            <HiddenBadge hidden={post.hidden} />
          </Box>
          {post.isPinned ? (
            <>
              <Badge variant="light" leftSection={<IconPinnedFilled size={12} />} visibleFrom="xs">
                Pinned
              </Badge>
              {/* The card clips what sticks out above it: header hints open below. */}
              <Hint label="Pinned" position="bottom" hiddenFrom="xs">
                <Badge variant="light" px={6} role="img" aria-label="Pinned">
                  <IconPinnedFilled size={12} style={{ display: 'block' }} />
                </Badge>
              </Hint>
            </>
          ) : null}
          {post.status === 'scheduled' ? (
            <>
              <Badge
                variant="light"
                color="yellow"
                leftSection={<IconClock size={12} />}
                visibleFrom="xs"
                style={{ flexShrink: 0 }}
              >
                Scheduled
              </Badge>
              {/* On phones the time beside the name says when; the word would squeeze into "SC…". */}
              <Hint label="Scheduled" position="bottom" hiddenFrom="xs">
                <Badge variant="light" color="yellow" px={6} aria-label="Scheduled" style={{ flexShrink: 0 }}>
                  <IconClock size={12} style={{ display: 'block' }} />
                </Badge>
              </Hint>
            </>
          ) : null}
          {post.isSale && post.price > 0 ? (
            <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
              {accessLabel(post)}
            </Badge>
          ) : null}
          {user?.isAdmin ? (
            <LazyModerateMenu
              item={{ target: 'feed', id: post._id }}
              hidden={post.hidden}
              label="Moderate post"
              look="icon"
              leaveTo={isOwnPage ? profilePath : undefined}
            />
          ) : null}
          {actions ?? <PostReportMenu post={post} />}
        </Group>
      </Group>
      {post.hidden ? (
        <Box mb="sm">
          <HiddenNotice hidden={post.hidden} noun="post" />
        </Box>
      ) : null}

      {post.canView && post.text ? (
        <Text className={classes.text} mb="sm">
          <LinkedText text={post.text} />
        </Text>
      ) : !post.canView && post.previewText ? (
        // A locked post shows only the creator's public line; its text is what is sold.
        <Text className={classes.text} mb="sm" data-testid="post-preview-text">
          <LinkedText text={post.previewText} />
        </Text>
      ) : null}

      <PostBody post={post} monthlyPrice={monthlyPrice} />

      <Group justify="space-between" mt="sm" gap="xs">
        <Group gap={4}>
          {isLoggedIn ? (
            <ReactionButton
              label={reactions.isLiked ? 'Unlike' : 'Like'}
              isActive={reactions.isLiked}
              color="red"
              icon={reactions.isLiked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
              count={reactions.likesCount}
              onClick={reactions.toggleLike}
            />
          ) : (
            <SoonIconButton
              label="Like"
              hint="log in first"
              icon={<IconHeart size={20} />}
              count={post.likesCount}
            />
          )}
          <CommentsButton state={comments} />
          <SoonIconButton label="Send a tip" icon={<IconCoin size={20} />} />
        </Group>
        {isLoggedIn ? (
          <ReactionButton
            label={reactions.isBookmarked ? 'Remove bookmark' : 'Bookmark'}
            isActive={reactions.isBookmarked}
            color="brand"
            icon={reactions.isBookmarked ? <IconBookmarkFilled size={20} /> : <IconBookmark size={20} />}
            onClick={reactions.toggleBookmark}
          />
        ) : (
          <SoonIconButton label="Bookmark" hint="log in first" icon={<IconBookmark size={20} />} />
        )}
      </Group>
      <InlineComments post={post} state={comments} />
    </Card>
  );
}

function PostTime({ post }: { post: TFeed }) {
  const at = post.status === 'scheduled' && post.scheduledAt ? post.scheduledAt : post.publishedAt;
  const full = formatDate(at, { year: true, time: true });
  return (
    <Hint label={post.status === 'scheduled' ? `Goes live ${full}` : full} position="bottom">
      <Link to={`/post/${post._id}`} className={classes.name}>
        <Text
          size="sm"
          c="dimmed"
          component="time"
          dateTime={at}
          style={{ whiteSpace: 'nowrap' }}
          suppressHydrationWarning
        >
          {post.status === 'scheduled' ? formatDate(at, { time: true }) : timeAgo(at)}
        </Text>
      </Link>
    </Hint>
  );
}

function PostBody({ post, monthlyPrice }: { post: TFeed; monthlyPrice?: number | null }) {
  if (!post.canView) {
    // A locked poll or text post still shows its lock; the question itself stays hidden.
    return <LockedMedia post={post} monthlyPrice={monthlyPrice} />;
  }
  if (post.type === 'photo' && post.files.length > 0)
    return <PhotoCarousel files={post.files} alt={`Photo by ${post.performer.name}`} />;
  const first = post.files[0];
  if (post.type === 'video' && first) return <VideoPlayer post={post} file={first} />;
  if (post.type === 'audio' && first) return <AudioPlayer file={first} />;
  if (post.type === 'video' && post.status === 'failed')
    return (
      <Text c="red" fw={600}>
        Video failed: {post.failureReason ?? 'it could not be processed.'}
      </Text>
    );
  if (post.type === 'poll' && post.poll) return <Poll post={post} poll={post.poll} />;
  return null;
}

/** Text with its web addresses as links, line breaks kept, and no HTML from the author. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part) =>
        part.kind === 'link' ? (
          <Anchor key={part.at} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.href}
          </Anchor>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Poll({ post, poll }: { post: TFeed; poll: NonNullable<TFeed['poll']> }) {
  const vote = useVote(post._id);
  const isOwner = post.reason === 'owner';
  const showResults = poll.hasVoted || poll.isExpired || isOwner;
  const shares = pollPercentages(poll.options.map((o) => o.votes));

  return (
    <Stack gap="xs">
      {poll.options.map((option, i) =>
        showResults ? (
          <div key={option._id} className={classes.pollOption}>
            <div className={classes.pollBar} style={{ width: `${shares[i] ?? 0}%` }} />
            <div className={classes.pollRow}>
              <Group gap={6} wrap="nowrap">
                {poll.votedOptionId === option._id ? <IconCheck size={16} aria-label="Your vote" /> : null}
                <Text fw={poll.votedOptionId === option._id ? 700 : 500}>{option.text}</Text>
              </Group>
              <Text fw={700}>{shares[i] ?? 0}%</Text>
            </div>
          </div>
        ) : (
          <Button
            key={option._id}
            variant="default"
            radius="md"
            fullWidth
            justify="flex-start"
            loading={vote.isPending && vote.variables === option._id}
            disabled={vote.isPending}
            onClick={() => vote.mutate(option._id, { onError: (err) => notifyError(err) })}
          >
            {option.text}
          </Button>
        ),
      )}
      <Text size="sm" c="dimmed">
        {plural(poll.totalVotes, 'vote')}
        {poll.isExpired
          ? ' · Poll ended'
          : poll.expiredAt
            ? ` · Ends ${formatDate(poll.expiredAt, { time: true })}`
            : ''}
      </Text>
    </Stack>
  );
}

/** A reaction that is not wired yet: looks disabled and says so in a tooltip. */
function SoonIconButton({
  label,
  icon,
  count,
  hint = 'coming soon',
}: {
  label: string;
  icon: ReactNode;
  count?: number;
  hint?: string;
}) {
  return (
    <Hint label={`${label}: ${hint}`}>
      <UnstyledButton
        aria-label={`${label} (${hint})`}
        aria-disabled
        className={classes.soon}
        px={8}
        py={4}
        onClick={(e) => e.preventDefault()}
      >
        <Group gap={6} wrap="nowrap" c="dimmed">
          {icon}
          {count !== undefined ? (
            <Text size="sm" fw={600}>
              {formatCount(count)}
            </Text>
          ) : null}
        </Group>
      </UnstyledButton>
    </Hint>
  );
}

function ReactionButton(props: {
  label: string;
  icon: ReactNode;
  isActive: boolean;
  color: string;
  count?: number;
  onClick: () => void;
}) {
  return (
    <Hint label={props.label}>
      <UnstyledButton
        aria-label={props.label}
        aria-pressed={props.isActive}
        px={8}
        py={4}
        onClick={props.onClick}
      >
        <Group gap={6} wrap="nowrap" c={props.isActive ? props.color : 'dimmed'}>
          {props.icon}
          {props.count !== undefined ? (
            <Text size="sm" fw={600}>
              {formatCount(props.count)}
            </Text>
          ) : null}
        </Group>
      </UnstyledButton>
    </Hint>
  );
}
