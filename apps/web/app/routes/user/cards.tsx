import { PageHeader } from '../../components/page-header';
import { SavedCards } from '../../features/wallet/saved-cards';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/cards';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Cards', matches);

export default function CardsPage() {
  return (
    <>
      <PageHeader title="Cards" description="The cards you pay subscriptions and top-ups with." />
      <SavedCards />
    </>
  );
}
