import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import {
  BankingSettingsForm,
  PayoutHistory,
  PayoutRequestForm,
  PayoutSummary,
} from '../../features/payouts/payout-view';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/payouts';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Payouts', matches);

export default function PayoutsPage() {
  return (
    <Stack>
      <PageHeader title="Payouts" description="What you earned, what was paid, and getting paid." />
      <PayoutSummary />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PayoutRequestForm />
        <BankingSettingsForm />
      </SimpleGrid>
      <PayoutHistory />
    </Stack>
  );
}
