import { redirect } from 'react-router';
import { type PageAccess, resolveRedirect } from './guards';
import { loadCurrentUser, loadPublicSettings } from './server-api';

type Args = Parameters<typeof loadCurrentUser>[0];

/**
 * Runs the redirect rules of guards.ts in a loader (on the server, so protected pages never flash)
 * and answers the user and settings for the page. Throws a 302 redirect when the visitor must go elsewhere.
 */
export async function guardPage(args: Args, access: PageAccess) {
  const [user, settings] = await Promise.all([loadCurrentUser(args), loadPublicSettings(args)]);
  const url = new URL(args.request.url);
  const target = resolveRedirect({
    pathname: url.pathname,
    search: url.search,
    access,
    user,
    settings,
    now: new Date(),
  });
  if (target) throw redirect(target);
  return { user, settings };
}
