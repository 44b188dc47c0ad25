import { ApiError } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from '../../lib/messages';
import { MessageKind, showSystemDialog } from './system-dialog';

/** Spec section 8's generic error dialog: a title, a message, a warning icon and one OK button. */
export function showErrorDialog({ title, message }: { title: string; message: string }): Promise<void> {
  return showSystemDialog({ kind: MessageKind.Error, title, message });
}

/** 'Internet Connection Required' with the spec's no-connection message. */
export function showNoConnectionDialog(): Promise<void> {
  return showErrorDialog({ title: NO_CONNECTION_TITLE, message: NO_CONNECTION_MESSAGE });
}

/**
 * The general path for a failed call: the error's name as the title, the server's message (or
 * the no-connection message when there was no usable answer).
 */
export function showApiErrorDialog(error: unknown, title?: string): Promise<void> {
  if (error instanceof ApiError) {
    return showErrorDialog({ title: title ?? error.title, message: error.ErrorMessage });
  }
  return showErrorDialog({ title: title ?? NO_CONNECTION_TITLE, message: NO_CONNECTION_MESSAGE });
}
