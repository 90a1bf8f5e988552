import type { TPerformerPublic, TReactionObjectType } from '@fanstage/contract';
import { Avatar, Button, Card, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBookmark,
  IconBookmarkFilled,
  IconHeart,
  IconHeartFilled,
  IconLock,
  IconMessageCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Hint } from '../../components/hint';
import { VerifiedBadge } from '../../components/verified-badge';
import { formatCount } from '../../lib/format';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';
import type { CommentTarget, CountUpdate } from '../comments/comments-api';
import { CommentsPanel } from '../comments/comments-panel';
import lockClasses from '../feed/post-media.module.css';
import { profilePath } from '../performers/profile-path';
import { LazyUnlockDialog } from '../wallet/lazy-unlock-dialog';
import type { AssetLock, ReactionFacts } from './content-format';
import { LockSubscribeButton } from './lock-subscribe';
import { useObjectReactions } from './use-object-reactions';

/** Who made it: avatar, name and handle, linking to their page. */
export function CreatorLine({
  performer,
  actions,
}: {
  performer: Pick<TPerformerPublic, '_id' | 'name' | 'username' | 'avatar' | 'verifiedDocument'>;
  actions?: ReactNode;
}) {
  const to = profilePath(performer);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Link to={to} aria-label={performer.name}>
          <Avatar src={performer.avatar} alt="" radius="xl" size={44} />
        </Link>
        <div style={{ minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} truncate component={Link} to={to} style={{ color: 'inherit' }}>
              {performer.name}
            </Text>
            {performer.verifiedDocument ? <VerifiedBadge size={18} /> : null}
          </Group>
          {performer.username ? (
            <Text size="sm" c="dimmed" truncate>
              @{performer.username}
            </Text>
          ) : null}
        </div>
      </Group>
      {actions ? (
        <Group gap={6} wrap="nowrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}

/** The title row of a content page. */
export function ContentTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Title>
      {aside}
    </Group>
  );
}

/** Like (with its count), the comment count and bookmark of a gallery, video or product. */
export function ReactionBar({
  objectType,
  objectId,
  facts,
  commentsCount,
}: {
  objectType: TReactionObjectType;
  objectId: string;
  facts: ReactionFacts;
  /** Shown when the item has comments below. */
  commentsCount?: number;
}) {
  const isLoggedIn = Boolean(useCurrentUser());
  const reactions = useObjectReactions(objectType, objectId, facts);
  const hint = isLoggedIn ? null : 'log in first';
  return (
    <Group justify="space-between" gap="xs">
      <Group gap={4}>
        <BarButton
          label={reactions.isLiked ? 'Unlike' : 'Like'}
          hint={hint}
          isActive={reactions.isLiked}
          color="red"
          icon={reactions.isLiked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
          count={reactions.likesCount}
          onClick={reactions.toggleLike}
        />
        {commentsCount !== undefined ? (
          <Group gap={6} wrap="nowrap" c="dimmed" px={8} py={4} aria-label={`${commentsCount} comments`}>
            <IconMessageCircle size={20} />
            <Text size="sm" fw={600}>
              {formatCount(commentsCount)}
            </Text>
          </Group>
        ) : null}
      </Group>
      <BarButton
        label={reactions.isBookmarked ? 'Remove bookmark' : 'Bookmark'}
        hint={hint}
        isActive={reactions.isBookmarked}
        color="brand"
        icon={reactions.isBookmarked ? <IconBookmarkFilled size={20} /> : <IconBookmark size={20} />}
        onClick={reactions.toggleBookmark}
      />
    </Group>
  );
}

function BarButton(props: {
  label: string;
  hint: string | null;
  icon: ReactNode;
  isActive: boolean;
  color: string;
  count?: number;
  onClick: () => void;
}) {
  const label = props.hint ? `${props.label} (${props.hint})` : props.label;
  return (
    <Hint label={props.hint ? `${props.label}: ${props.hint}` : props.label}>
      <UnstyledButton
        aria-label={label}
        aria-pressed={props.hint ? undefined : props.isActive}
        aria-disabled={props.hint ? true : undefined}
        px={8}
        py={4}
        style={props.hint ? { cursor: 'not-allowed' } : undefined}
        onClick={props.hint ? undefined : props.onClick}
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

/**
 * A locked gallery or video: the blurred preview (a data: URI) behind the lock of the post card,
 * and what the viewer can do: log in, unlock it from the wallet, or subscribe to its creator (the
 * subscription modal of the creator page).
 */
export function LockPanel({
  lock,
  background,
  facts,
  ratio = 4 / 3,
  unlock,
  creator,
}: {
  lock: AssetLock;
  background: string | null;
  facts?: string;
  ratio?: number;
  /** What the unlock button buys (for sale items). */
  unlock: { type: 'video' | 'gallery'; id: string; price: number };
  /** Whom the subscribe button subscribes to (the page's creator, when it could be loaded). */
  creator: { performerId: string; performer: TPerformerPublic | null };
}) {
  const [unlockOpen, unlockDialog] = useDisclosure(false);
  const loginPath = useLoginPath();
  return (
    <div className={lockClasses.locked} style={{ aspectRatio: ratio }}>
      {background ? (
        <img className={lockClasses.lockedBackground} src={background} alt="" aria-hidden />
      ) : null}
      <div className={lockClasses.lockedOverlay}>
        <div className={lockClasses.lockIcon}>
          <IconLock size={26} />
        </div>
        <Text fw={700} fz="lg">
          {lock.title}
        </Text>
        {facts ? (
          <Text size="sm" className={lockClasses.lockedFacts}>
            {facts}
          </Text>
        ) : null}
        {lock.kind === 'login' ? (
          <Button component={Link} to={loginPath} variant="white" color="dark" radius="xl">
            {lock.action}
          </Button>
        ) : lock.kind === 'purchase' ? (
          <Button variant="gradient" radius="xl" onClick={unlockDialog.open}>
            {lock.action}
          </Button>
        ) : (
          <LockSubscribeButton
            performerId={creator.performerId}
            performer={creator.performer}
            label={lock.action}
          />
        )}
      </div>
      {lock.kind === 'purchase' ? (
        <LazyUnlockDialog opened={unlockOpen} onClose={unlockDialog.close} {...unlock} />
      ) : null}
    </div>
  );
}

/** The comments of a content page in their own card. */
export function CommentsCard({
  target,
  isLocked,
  onCountChange,
}: {
  target: CommentTarget;
  isLocked: boolean;
  onCountChange?: CountUpdate;
}) {
  return (
    <Card component="section" aria-label="Comments">
      <Title order={2} fz="lg" mb="md">
        Comments
      </Title>
      <CommentsPanel target={target} isLocked={isLocked} onCountChange={onCountChange} />
    </Card>
  );
}
