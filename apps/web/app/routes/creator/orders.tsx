import { PageHeader } from '../../components/page-header';
import { SellerOrders } from '../../features/orders/order-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/orders';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Orders', matches);

export default function CreatorOrdersPage() {
  return (
    <>
      <PageHeader
        title="Orders"
        description="What fans bought in your shop. Move each physical order along as you ship it."
      />
      <SellerOrders />
    </>
  );
}
