import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from '../../lib/messages';

/**
 * `showApiErrorDialog` for code on the login page's critical path (the QueryClient, the login
 * forms): the dialog code loads when first needed. Screens import `error-dialog` directly.
 */
export async function showApiErrorDialogLazily(error: unknown): Promise<void> {
  let show: ((error: unknown) => Promise<void>) | undefined;
  try {
    show = (await import('./error-dialog')).showApiErrorDialog;
  } catch {
    // Offline before the dialog code was ever fetched: the browser's own dialog still says why.
    window.alert(`${NO_CONNECTION_TITLE}\n\n${NO_CONNECTION_MESSAGE}`);
    return;
  }
  await show(error);
}
