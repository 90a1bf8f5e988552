import { PageHeader } from '../../components/page-header';
import { AdminPayouts } from '../../features/payouts/admin-payouts';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/payouts';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Payouts', matches);

export default function AdminPayoutsPage() {
  return (
    <>
      <PageHeader
        title="Payout requests"
        description="Approve, reject with a reason, and mark paid once the money is sent."
      />
      <AdminPayouts />
    </>
  );
}
