import { EmailTemplatesAdmin } from '../../features/admin-email-templates/email-templates-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/email-templates';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Email templates', matches);

export default function AdminEmailTemplatesPage() {
  return <EmailTemplatesAdmin />;
}
