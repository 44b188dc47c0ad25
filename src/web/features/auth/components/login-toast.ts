import { notifications } from '@mantine/notifications';
import { showApiErrorDialogLazily } from '../../../components/dialogs/lazy-error-dialog';
import { isApiError } from '../../../lib/api-client';

/** The toast on screen, so a new failure replaces it rather than stacking up. */
let shownId: string | undefined;

/** Spec section 8: login failures are a toast at the top for 4 seconds. */
export function showLoginToast(message: string) {
  hideLoginToast();
  shownId = notifications.show({ color: 'red', message, position: 'top-center', autoClose: 4000 });
}

/** A successful sign-in takes the last failure's toast away. */
export function hideLoginToast() {
  if (shownId) notifications.hide(shownId);
  shownId = undefined;
}

/**
 * A failed sign-in: 401 shows the spec's message, 429 the server's; a field error maps onto the
 * form; no answer at all gets the no-connection dialog.
 */
export function handleLoginError(
  error: unknown,
  failedMessage: string,
  setFieldError: (field: string, message: string) => void,
) {
  if (isApiError(error, 401)) return showLoginToast(failedMessage);
  if (isApiError(error, 429)) return showLoginToast(error.ErrorMessage);
  if (isApiError(error, 422) || isApiError(error, 400)) {
    if (error.Errors.length === 0) return showLoginToast(error.ErrorMessage);
    for (const e of error.Errors) setFieldError(e.Field, e.Message);
    return;
  }
  void showApiErrorDialogLazily(error);
}
