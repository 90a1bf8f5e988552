import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Outlet } from 'react-router';
import { PrimaryLayout } from '../../components/layouts/primary-layout';
import { NotFound } from '../../components/not-found';
import { usePublicSettings } from '../../lib/settings';
import type { Route } from './+types/primary';

export default function PrimaryLayoutRoute() {
  return (
    <PrimaryLayout>
      <Outlet />
    </PrimaryLayout>
  );
}

// A failed page is rare: its screen is not part of every page's first load.
const ServerError = lazy(() =>
  import('../../components/server-error').then((m) => ({ default: m.ServerError })),
);

/** Errors of the pages inside keep the header and footer; a 404 shows the friendly not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = usePublicSettings();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PrimaryLayout>
      <title>{`${isNotFound ? 'Page not found' : 'Something went wrong'} | ${settings.siteName}`}</title>
      {isNotFound ? (
        <NotFound />
      ) : (
        <Suspense fallback={null}>
          <ServerError error={error} />
        </Suspense>
      )}
    </PrimaryLayout>
  );
}
