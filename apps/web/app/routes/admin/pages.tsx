import { PageAdmin } from '../../features/admin-site-content/page-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/pages';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Pages', matches);

export default function AdminPagesPage() {
  return <PageAdmin />;
}
