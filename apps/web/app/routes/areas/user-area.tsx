import { data } from 'react-router';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/user-area';

/** /user/...: login required; the pages themselves come later. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  throw data('Page not found', { status: 404 });
}

export default function UserArea() {
  return null;
}
