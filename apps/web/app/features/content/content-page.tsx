import type { THiddenState, TPerformerPublic } from '@fanstage/contract';
import { Badge, Box, Card, Group, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { guardPage } from '../../lib/page-guard';
import { publicOrigin, serverApi } from '../../lib/server-api';
import { useCurrentUser } from '../auth/use-current-user';
import { accessLabel } from '../feed/feed-format';
import { HiddenNotice } from '../moderation/hidden-notice';
import { LazyModerateMenu } from '../moderation/lazy-moderate-menu';
import { profilePath } from '../performers/profile-path';
import { ReportButton } from '../reports/report-buttons';
import classes from './content.module.css';
import { type ReactionFacts, reactionFactsOf } from './content-format';
import { loadCreator, loadItem } from './content-loader';
import { CommentsCard, CreatorLine, ReactionBar } from './content-ui';

type LoaderArgs = Parameters<typeof serverApi>[0];

/** The kinds of item that have their own public content page with a creator line. */
export type ContentPageKind = 'gallery' | 'video' | 'product';

/**
 * A content page's loader: the item (or the page's 404, 403 or 502), its creator (null when their
 * page cannot be read) and the public origin for the share card.
 */
export async function loadContentPage<T extends { performerId: string }>(
  args: LoaderArgs,
  path: string,
  what: string,
): Promise<{ item: T; creator: TPerformerPublic | null; origin: string }> {
  await guardPage(args, 'public');
  const call = serverApi(args);
  const item = await loadItem<T>(call, path, what);
  const creator = await loadCreator(call, item.performerId);
  return { item, creator, origin: publicOrigin(args) };
}

/** " by <creator>" for share card titles and descriptions, empty when the creator is unknown. */
export const bylineOf = (creator: TPerformerPublic | null): string => (creator ? ` by ${creator.name}` : '');

/** The price or "Subscribers" badge beside a title; nothing for a free item the viewer can see. */
export function AccessBadge({ item }: { item: { isSale: boolean; price: number; isLocked: boolean } }) {
  const isPaid = item.isSale && item.price > 0;
  if (!isPaid && !item.isLocked) return null;
  return (
    <Badge variant="light" color={isPaid ? 'grape' : 'gray'} size="lg" style={{ flexShrink: 0 }}>
      {accessLabel(item)}
    </Badge>
  );
}

/**
 * The frame of a gallery, video or product page: a card with the creator line (and its report
 * button, or an admin's Moderate menu), whether moderators hid it (its owner and admins see why),
 * the page's own content, the reactions, then the comments card. With `media`, the card is two
 * columns: the media on the left, the rest on the right.
 */
export function ContentPageFrame({
  kind,
  item,
  creator,
  isLocked = false,
  maw,
  media,
  children,
}: {
  kind: ContentPageKind;
  item: Partial<ReactionFacts> & { _id: string; performerId: string; hidden?: THiddenState };
  creator: TPerformerPublic | null;
  isLocked?: boolean;
  maw: number;
  media?: ReactNode;
  children: ReactNode;
}) {
  const facts = reactionFactsOf(item);
  const [commentsCount, setCommentsCount] = useState(facts.commentsCount);
  const isAdmin = Boolean(useCurrentUser()?.isAdmin);
  const moderate = isAdmin ? (
    <LazyModerateMenu
      item={{ target: kind, id: item._id }}
      hidden={item.hidden}
      leaveTo={creator ? profilePath(creator) : '/admin/reports'}
    />
  ) : null;

  const body = (
    <Stack gap="md">
      {creator ? (
        <CreatorLine
          performer={creator}
          actions={
            moderate ?? (
              <ReportButton target={kind} targetId={item._id} ownerId={item.performerId} isCompact />
            )
          }
        />
      ) : moderate ? (
        <Group justify="flex-end">{moderate}</Group>
      ) : null}
      <HiddenNotice hidden={item.hidden} noun={kind} />
      {children}
      <ReactionBar objectType={kind} objectId={item._id} facts={facts} commentsCount={commentsCount} />
    </Stack>
  );

  return (
    <Box maw={maw} mx="auto">
      <Stack gap="lg">
        <Card>
          {media ? (
            <div className={classes.split}>
              <div>{media}</div>
              <div>{body}</div>
            </div>
          ) : (
            body
          )}
        </Card>
        <CommentsCard
          target={{ objectType: kind, objectId: item._id }}
          isLocked={isLocked}
          onCountChange={setCommentsCount}
        />
      </Stack>
    </Box>
  );
}
