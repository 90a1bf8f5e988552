import { PageHeader } from '../../components/page-header';
import { CartView } from '../../features/orders/cart-view';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/cart';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Cart', matches);

export default function CartPage() {
  return (
    <>
      <PageHeader title="Cart" description="Products you picked, bought together from your wallet." />
      <CartView />
    </>
  );
}
