import { showConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { waitingText } from './outbox-states';
import { useOutbox } from './use-outbox';

export const SIGN_OUT_WAITING_TITLE = 'Orders Waiting to Send';

/**
 * Signing out with an order still waiting to send asks first (issue 39): signed out, the device
 * keeps it, and sends it only once the same sign-in is back here with a network. Answers a
 * function that resolves true to go on signing out.
 */
export function useSignOutAsk(): () => Promise<boolean> {
  const { entries } = useOutbox();
  const text = waitingText(entries);
  return async () =>
    !text ||
    showConfirmDialog({
      title: SIGN_OUT_WAITING_TITLE,
      message: `${text}. If you sign out, it stays on this device and is sent only when you sign in here again with a network. Sign out anyway?`,
      yesLabel: 'Sign out',
      noLabel: 'Stay signed in',
    });
}
