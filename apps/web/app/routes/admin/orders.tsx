import { OrderAdmin } from '../../features/admin-money/order-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/orders';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Orders', matches);

export default function AdminOrdersPage() {
  return <OrderAdmin />;
}
