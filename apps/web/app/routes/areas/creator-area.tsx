import { data } from 'react-router';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/creator-area';

/** /creator/... and /performer/...: creators only; the pages themselves come later. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  throw data('Page not found', { status: 404 });
}

export default function CreatorArea() {
  return null;
}
