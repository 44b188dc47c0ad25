import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { DIALOG_WIDTH, markDialogHost } from './dialog-settings';

/**
 * @mantine/modals' provider, mounted beside the app (not around it): dialogs are opened through
 * the `modals.*` functions and the helpers in this folder, never through `useModals()`.
 */
export function DialogHost() {
  // Runs after ModalsProvider's own effects, so its `modals.open` listener is in place.
  useEffect(() => markDialogHost(true), []);
  return (
    <ModalsProvider
      // xOffset 4 px each side: with DIALOG_WIDTH the dialog is exactly min(100vw - 8px, 724px).
      modalProps={{ size: DIALOG_WIDTH, centered: true, xOffset: 4 }}
    />
  );
}
