import { ContactMessagesAdmin } from '../../features/admin-contact/contact-messages-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/contact';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Contact messages', matches);

export default function AdminContactPage() {
  return <ContactMessagesAdmin />;
}
