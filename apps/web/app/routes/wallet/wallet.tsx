import { PageHeader } from '../../components/page-header';
import { WalletView } from '../../features/wallet/wallet-view';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/wallet';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Wallet', matches);

export default function WalletPage() {
  return (
    <>
      <PageHeader title="Wallet" description="Your balance, top-ups and what you paid for." />
      <WalletView />
    </>
  );
}
