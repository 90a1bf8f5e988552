import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, loaded after the page by the root (its transitions and swipe-to-dismiss are
 * ~8 KB): a toast shown before it arrives waits in the notifications store and appears when it does.
 * A module of its own, so that only this import, not lib/notify's use of the store, brings the container.
 */
export function Toasts() {
  return <Notifications position="top-right" autoClose={3000} zIndex={2000} />;
}
