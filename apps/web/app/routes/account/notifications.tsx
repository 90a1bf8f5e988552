import { NotificationPreferences } from '../../features/notifications/notification-preferences';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/notifications';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Notification settings', matches);

export default function NotificationSettingsPage() {
  return <NotificationPreferences />;
}
