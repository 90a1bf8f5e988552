import { isRouteErrorResponse } from 'react-router';
import { NotFound } from '../not-found';
import { ServerError } from '../server-error';
import { PrimaryLayout } from './primary-layout';

/** The root's error page (root.tsx loads it lazily): not found or went wrong, in the site's layout. */
export default function RootErrorPage({ error, siteName }: { error: unknown; siteName: string }) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PrimaryLayout>
      <title>{`${isNotFound ? 'Page not found' : 'Something went wrong'} | ${siteName}`}</title>
      {isNotFound ? <NotFound /> : <ServerError error={error} />}
    </PrimaryLayout>
  );
}
