import { Messages } from '@fanstage/contract';
import { notifications } from '@mantine/notifications';
import { errorMessage } from './errors';

/** Error toast (3 s) with the text rules of spec section 8. */
export function notifyError(error: unknown, fallback: string = Messages.genericError): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback), autoClose: 3000 });
}

/** Success toast, "Changes saved" unless told otherwise. */
export function notifySuccess(message: string = Messages.changesSaved): void {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
