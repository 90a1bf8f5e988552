import { redirect } from 'react-router';
import { paths } from '../lib/guards';
import { guardPage } from '../lib/page-guard';
import type { Route } from './+types/index';

/** `/` has no page of its own: everyone is sent where they belong (logged-out visitors to the login page). */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'guest');
  throw redirect(paths.login);
}
