import type { TCmsPost } from '@fanstage/contract';
import { Box, Card, Text, Title, Typography } from '@mantine/core';
import { metaDescription, shareCardMeta } from '../../features/content/content-format';
import { loadItem } from '../../features/content/content-loader';
import { formatDate } from '../../lib/dates';
import { siteNameOf } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import { publicOrigin, serverApi } from '../../lib/server-api';
import type { Route } from './+types/page';

/** A published site page (terms, privacy, FAQ …) by its slug, rendered on the server. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  const page = await loadItem<TCmsPost>(
    serverApi(args),
    `/posts/${encodeURIComponent(args.params.slug)}`,
    'Page',
  );
  return { page, origin: publicOrigin(args) };
}

/** The page's words without tags, for the share card. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { page, origin } = loaderData;
  const siteName = siteNameOf(matches);
  return shareCardMeta({
    title: `${page.title} | ${siteName}`,
    description: metaDescription(textOf(page.content), `${page.title} on ${siteName}.`),
    url: `${origin}/page/${page.slug}`,
    image: null,
  });
};

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <Box maw={760} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2} mb={4}>
        {page.title}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Updated {formatDate(page.updatedAt, { year: true, longMonth: true })}
      </Text>
      <Card p={{ base: 'md', sm: 'xl' }}>
        {page.content ? (
          <Typography style={{ overflowWrap: 'anywhere' }}>
            {/* Sanitized by the API when the page was saved: only a safe list of tags and attributes. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized CMS HTML */}
            <div dangerouslySetInnerHTML={{ __html: page.content }} />
          </Typography>
        ) : (
          <Text c="dimmed">This page has no text yet.</Text>
        )}
      </Card>
    </Box>
  );
}
