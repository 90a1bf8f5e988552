import { PageHeader } from '../../components/page-header';
import { FanPrivateShows } from '../../features/calls/private-shows';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/fan-private-shows';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My private shows', matches);

export default function FanPrivateShowsPage() {
  return (
    <>
      <PageHeader
        title="My private shows"
        description="Your requests and their answers, as they happen. Join a show here once the creator starts it."
      />
      <FanPrivateShows />
    </>
  );
}
