import { isApiError } from '../../lib/api-client';
import { logout } from '../auth/api/logout-call';
import { markSignOutPending, takeSignOutPending } from './device-data';

/**
 * Ends on the server a session signed out with no network (issue 39), before anything reads the
 * session again: the service worker before the next page (sw.ts), a page before its session
 * read (get-session.ts). Still no network: it stays pending, and the error is thrown.
 */
export async function endPendingSignOut(): Promise<void> {
  if (typeof indexedDB === 'undefined' || !(await takeSignOutPending().catch(() => false))) return;
  try {
    await logout();
  } catch (error) {
    // Any answer from the server (a 401 for a session already gone) ends it.
    if (!isApiError(error, 0)) return;
    await markSignOutPending();
    throw error;
  }
}
