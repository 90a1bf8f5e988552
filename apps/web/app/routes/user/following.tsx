import { PageHeader } from '../../components/page-header';
import { FollowingList } from '../../features/follows/follow-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/following';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Following', matches);

export default function FollowingPage() {
  return (
    <>
      <PageHeader title="Following" description="The creators you follow." />
      <FollowingList />
    </>
  );
}
