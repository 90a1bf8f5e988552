import { Outlet, useMatches } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout';

/** Route handle of auth pages that need a wider card (the creator sign-up form). */
export interface PublicHandle {
  wide?: boolean;
}

export default function PublicLayoutRoute() {
  const matches = useMatches();
  const wide = matches.some((m) => (m.handle as PublicHandle | undefined)?.wide);
  return (
    <PublicLayout wide={wide}>
      <Outlet />
    </PublicLayout>
  );
}
