import { PageHeader } from '../../components/page-header';
import { UserSubscriptionsList } from '../../features/subscriptions/subscription-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/subscriptions';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Subscriptions', matches);

export default function SubscriptionsPage() {
  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Creators you subscribe to. Cancelling stops renewal; access lasts until the period ends."
      />
      <UserSubscriptionsList />
    </>
  );
}
