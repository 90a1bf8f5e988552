import { EmailTemplateEditor } from '../../features/admin-email-templates/email-templates-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/email-template';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Edit email template', matches);

export default function AdminEmailTemplatePage({ params }: Route.ComponentProps) {
  return <EmailTemplateEditor key={params.key} templateKey={params.key} />;
}
