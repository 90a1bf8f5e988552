import { PageHeader } from '../../components/page-header';
import { CreatorPrivateShows } from '../../features/calls/private-shows';
import { StudioNav } from '../../features/studio/studio-ui';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/creator-private-shows';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Private shows', matches);

export default function CreatorPrivateShowsPage() {
  return (
    <>
      <StudioNav />
      <PageHeader
        title="Private shows"
        description="Fans' requests: approve or reject them, start one at your price per minute, finish it."
      />
      <CreatorPrivateShows />
    </>
  );
}
