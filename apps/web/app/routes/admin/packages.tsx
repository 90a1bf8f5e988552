import { PackageAdmin } from '../../features/admin-money/package-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/packages';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Token packages', matches);

export default function AdminPackagesPage() {
  return <PackageAdmin />;
}
