import { SandboxCheckout } from '../../features/wallet/sandbox-checkout';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/sandbox-checkout';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Checkout', matches);

export default function SandboxCheckoutPage({ params }: Route.ComponentProps) {
  return <SandboxCheckout orderId={params.orderId} />;
}
