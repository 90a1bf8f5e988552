import type { TFeed } from '@fanstage/contract';
import { Anchor, Box, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { absoluteImage, metaDescription, shareCardMeta } from '../../features/content/content-format';
import { loadCreator, loadItem, monthlyPriceOf } from '../../features/content/content-loader';
import { postKey, usePost } from '../../features/feed/feed-api';
import { PostCard } from '../../features/feed/post-card';
import { profilePath } from '../../features/performers/profile-path';
import { siteNameOf } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import { publicOrigin, serverApi } from '../../lib/server-api';
import type { Route } from './+types/post';

/** One post with its comments, rendered on the server with a share card. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  const call = serverApi(args);
  const post = await loadItem<TFeed>(call, `/user/feeds/${encodeURIComponent(args.params.id)}`, 'Post');
  const creator = await loadCreator(call, post.performer._id);
  return { post, monthlyPrice: monthlyPriceOf(creator), origin: publicOrigin(args) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { post, origin } = loaderData;
  const siteName = siteNameOf(matches);
  const who = post.performer.username ? `@${post.performer.username}` : post.performer.name;
  return shareCardMeta({
    title: `Post by ${post.performer.name} (${who}) | ${siteName}`,
    // A locked post's text is sold: its card carries the public line only (business rules).
    description: metaDescription(
      post.isLocked ? post.previewText : post.text,
      `A post by ${post.performer.name} on ${siteName}.`,
    ),
    url: `${origin}/post/${post._id}`,
    // The post's own picture only when it is not locked; otherwise the creator's public avatar.
    image:
      (post.isLocked ? null : absoluteImage(origin, post.thumbnail.url)) ??
      absoluteImage(origin, post.performer.avatar),
  });
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { monthlyPrice } = loaderData;
  const queryClient = useQueryClient();
  // Votes, edits and purchases change the cached post; a fresh loader run (Back, revalidation) wins.
  useEffect(() => {
    queryClient.setQueryData(postKey(loaderData.post._id), loaderData.post);
  }, [queryClient, loaderData.post]);
  const post = usePost(loaderData.post).data;
  return (
    <Box maw={680} mx="auto">
      <Stack gap="md">
        <Anchor component={Link} to={profilePath(post.performer)} size="sm" c="dimmed">
          <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          More from {post.performer.name}
        </Anchor>
        <PostCard key={post._id} post={post} monthlyPrice={monthlyPrice} isCommentsOpen />
      </Stack>
    </Box>
  );
}
