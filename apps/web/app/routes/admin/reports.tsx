import { ReportQueue } from '../../features/reports/report-queue';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/reports';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Reports', matches);

export default function AdminReportsPage() {
  return <ReportQueue />;
}
