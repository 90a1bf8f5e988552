import { PageHeader } from '../../components/page-header';
import { LiveStudio } from '../../features/live/live-studio';
import { StudioNav } from '../../features/studio/studio-ui';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/live';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Go live', matches);

export default function CreatorLivePage() {
  return (
    <>
      <StudioNav />
      <PageHeader
        title="Go live"
        description="Stream to your subscribers: free for them, or a price each pays once per show."
      />
      <LiveStudio />
    </>
  );
}
