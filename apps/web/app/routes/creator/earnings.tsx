import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { EarningsDashboard } from '../../features/earnings/earnings-view';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/earnings';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Earnings', matches);

export default function EarningsPage() {
  return (
    <>
      <PageHeader
        title="Earnings"
        description="Gross, the platform's commission and your net, by day and by type."
        actions={
          <Button component={Link} to="/creator/payouts" variant="gradient">
            Payouts
          </Button>
        }
      />
      <EarningsDashboard />
    </>
  );
}
