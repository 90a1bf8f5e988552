import { UsersAdmin } from '../../features/admin-accounts/users-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/users';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Users', matches);

export default function AdminUsersPage() {
  return <UsersAdmin />;
}
