import { data } from 'react-router';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/gallery';

/** Placeholder until the page lands: access rules apply, then a 404. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  throw data('Page not found', { status: 404 });
}

export default function Placeholder() {
  return null;
}
