import { data } from 'react-router';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/admin-area';

/** /admin/...: admins only; unknown admin pages are a 404. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  throw data('Page not found', { status: 404 });
}

export default function AdminArea() {
  return null;
}
