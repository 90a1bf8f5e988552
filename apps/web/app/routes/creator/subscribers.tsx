import { PageHeader } from '../../components/page-header';
import { SubscribersList } from '../../features/subscriptions/subscription-lists';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/subscribers';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Subscribers', matches);

export default function SubscribersPage() {
  return (
    <>
      <PageHeader title="Subscribers" description="Fans who subscribe to you, by plan and status." />
      <SubscribersList />
    </>
  );
}
