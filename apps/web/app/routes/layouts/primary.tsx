import { isRouteErrorResponse, Outlet } from 'react-router';
import { PrimaryLayout } from '../../components/layouts/primary-layout';
import { NotFound } from '../../components/not-found';
import { ServerError } from '../../components/server-error';
import { usePublicSettings } from '../../lib/settings';
import type { Route } from './+types/primary';

export default function PrimaryLayoutRoute() {
  return (
    <PrimaryLayout>
      <Outlet />
    </PrimaryLayout>
  );
}

/** Errors of the pages inside keep the header and footer; a 404 shows the friendly not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = usePublicSettings();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PrimaryLayout>
      <title>{`${isNotFound ? 'Page not found' : 'Something went wrong'} | ${settings.siteName}`}</title>
      {isNotFound ? <NotFound /> : <ServerError error={error} />}
    </PrimaryLayout>
  );
}
