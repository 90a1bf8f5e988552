import { PageHeader } from '../../components/page-header';
import { AddressBook } from '../../features/orders/address-book';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/addresses';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Address book', matches);

export default function AddressesPage() {
  return (
    <>
      <PageHeader title="Address book" description="Where your physical orders are delivered." />
      <AddressBook />
    </>
  );
}
