import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { BuyerOrders } from '../../features/orders/order-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/orders';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My orders', matches);

export default function UserOrdersPage() {
  return (
    <>
      <PageHeader
        title="My orders"
        description="Track deliveries, change an address while the order is processing, download digital goods."
        actions={
          <Button component={Link} to="/user/addresses" variant="default">
            Address book
          </Button>
        }
      />
      <BuyerOrders />
    </>
  );
}
