import { Messages } from '@fanstage/contract';
import { notifications } from '@mantine/notifications';
import { errorMessage } from './errors';

const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 401;

/**
 * Error toast (3 s) with the text rules of spec section 8. A 401 is left out: the API client already
 * logged out and said "Forbidden in the action!".
 */
export function notifyError(error: unknown, fallback: string = Messages.genericError): void {
  if (isUnauthorized(error)) return;
  notifications.show({ color: 'red', message: errorMessage(error, fallback), autoClose: 3000 });
}

/** Success toast, "Changes saved" unless told otherwise. */
export function notifySuccess(message: string = Messages.changesSaved): void {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
