import { UserAdmin } from '../../features/admin-accounts/user-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/user';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Account', matches);

export default function AdminUserPage({ params }: Route.ComponentProps) {
  // A new id is a new page: the form starts from that account.
  return <UserAdmin key={params.id} id={params.id} />;
}
