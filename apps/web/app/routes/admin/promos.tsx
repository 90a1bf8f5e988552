import { PromoAdmin } from '../../features/admin-site-content/promo-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/promos';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Promos', matches);

export default function AdminPromosPage() {
  return <PromoAdmin />;
}
