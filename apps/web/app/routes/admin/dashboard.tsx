import { AdminDashboard } from '../../features/admin-dashboard/admin-dashboard';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/dashboard';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Admin', matches);

export default function AdminDashboardPage() {
  const user = useCurrentUser();
  return <AdminDashboard signedInAs={user?.email ?? user?.name ?? 'administrator'} />;
}
