import { AccountPage } from '../../features/account/account-page';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/account';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Account settings', matches);

export default function CreatorAccountPage() {
  return <AccountPage source="performer" />;
}
