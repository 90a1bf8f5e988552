import { PageHeader } from '../../components/page-header';
import { FollowersList } from '../../features/follows/follow-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/followers';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Followers', matches);

export default function FollowersPage() {
  return (
    <>
      <PageHeader title="Followers" description="Fans who follow you and see your page first." />
      <FollowersList />
    </>
  );
}
