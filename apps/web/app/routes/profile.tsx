import { blockedByCreatorMessage, type TPerformerPublic } from '@fanstage/contract';
import { data } from 'react-router';
import { BlockedProfile } from '../features/blocks/blocked-profile';
import { creatorFeedFirstPagePath, type FeedPage } from '../features/feed/feed-api';
import { countryName } from '../features/performers/country-name';
import { ProfileView } from '../features/performers/profile-view';
import { siteNameOf } from '../lib/meta';
import { guardPage } from '../lib/page-guard';
import { keepDataOnViewChange } from '../lib/revalidate';
import { publicOrigin, serverApi } from '../lib/server-api';
import type { Route } from './+types/profile';

// A tab chosen on a page (`?tab=`) reads nothing again.
export const shouldRevalidate = keepDataOnViewChange;

/** A creator's page by id or username, rendered on the server with a share card. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  const call = serverApi(args);
  // The first page of posts is read beside the creator, so the posts are in the page's HTML (see
  // useCreatorFeed); when it cannot be read, the list asks for it itself, as on a page without it.
  const [{ status, body }, posts] = await Promise.all([
    call(`/performers/${encodeURIComponent(args.params.profileId)}`),
    call(creatorFeedFirstPagePath(args.params.profileId)),
  ]);
  if (status === 404 || status === 400) throw data('Creator not found', { status: 404 });
  // A creator who blocked this fan: a page that says so (the API's sentence), not an error.
  if (status === 403) {
    const message = (body as { message?: string } | null)?.message ?? blockedByCreatorMessage;
    return data(
      {
        performer: null,
        region: null,
        firstPosts: null,
        blockedMessage: message,
        origin: publicOrigin(args),
      },
      { status: 403 },
    );
  }
  if (status !== 200)
    throw data('The creator page could not be loaded.', { status: status >= 500 ? 502 : status });
  const performer = (body as { data: TPerformerPublic }).data;
  return {
    performer,
    region: countryName(performer.country),
    firstPosts: posts.status === 200 ? (posts.body as FeedPage) : null,
    blockedMessage: null,
    origin: publicOrigin(args),
  };
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

const describe = (p: TPerformerPublic, siteName: string) =>
  (p.bio.trim() || `See exclusive posts, photos and videos from ${p.name} on ${siteName}.`)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { performer, origin } = loaderData;
  if (!performer) return [{ title: `${loaderData.blockedMessage} | ${siteNameOf(matches)}` }];
  const siteName = siteNameOf(matches);
  const title = `${performer.name}${performer.username ? ` (@${performer.username})` : ''} | ${siteName}`;
  const description = describe(performer, siteName);
  const image = absolute(origin, performer.avatar);
  const url = `${origin}/${performer.username ?? performer._id}`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'profile' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.performer) return <BlockedProfile message={loaderData.blockedMessage} />;
  return (
    <ProfileView
      performer={loaderData.performer}
      region={loaderData.region}
      firstPosts={loaderData.firstPosts}
    />
  );
}
