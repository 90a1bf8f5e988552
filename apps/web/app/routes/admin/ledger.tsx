import { LedgerAdmin } from '../../features/admin-dashboard/ledger-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/ledger';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Ledger', matches);

export default function AdminLedgerPage() {
  return <LedgerAdmin />;
}
