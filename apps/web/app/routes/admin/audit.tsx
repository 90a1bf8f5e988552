import { AuditAdmin } from '../../features/admin-accounts/audit-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/audit';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Audit log', matches);

export default function AdminAuditPage() {
  return <AuditAdmin />;
}
