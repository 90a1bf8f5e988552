import { PageHeader } from '../../components/page-header';
import { BlockedUsersList } from '../../features/blocks/blocked-list';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/blocked';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Blocked users', matches);

export default function BlockedUsersPage() {
  return (
    <>
      <PageHeader
        title="Blocked users"
        description="Fans you blocked cannot see your page, message you, pay you or join your shows."
      />
      <BlockedUsersList />
    </>
  );
}
