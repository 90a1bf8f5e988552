import { SubscriptionsAdmin } from '../../features/admin-subscriptions/subscriptions-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/subscriptions';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Subscriptions', matches);

export default function AdminSubscriptionsPage() {
  return <SubscriptionsAdmin />;
}
