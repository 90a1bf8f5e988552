import { data } from 'react-router';
import type { Route } from './+types/not-found';

/** Every unknown path: the layout's error boundary shows the 404 page with HTTP status 404. */
export async function loader(_args: Route.LoaderArgs) {
  throw data('Page not found', { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
