import { PageHeader } from '../../components/page-header';
import { BookmarksView } from '../../features/bookmarks/bookmarks-view';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/bookmarks';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Bookmarks', matches);

export default function BookmarksPage() {
  return (
    <>
      <PageHeader
        title="Bookmarks"
        description="Posts, videos, galleries, products and creators you saved."
      />
      <BookmarksView />
    </>
  );
}
