import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../domain/auth.schema';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { logout } from './logout-call';

/**
 * Signs out and loads `to` as a new page. The page load empties the query cache and every other
 * in-memory state at once, so nothing of this user stays in the tab (a shared counter terminal),
 * and no signed-in screen can render against a half-cleared cache on the way out (clearing the
 * cache in place raced the route guards). A failed call still leaves: the user asked to go.
 * With no network it goes too (issue 39): the call is not held until the network is back, and
 * the service worker ends the session before the next page is asked for.
 */
export function useLogout(to: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    networkMode: 'always',
    meta: { authCall: true, errorDialog: false },
    onSettled: (_data, error) => leaveSignedOut(queryClient, to, isApiError(error, 0)),
  });
}

/**
 * Signed out (here or everywhere): the device forgets what it kept of the venue (issue 39), so
 * the next person to open the app on it sees none of it, then `to` loads as a new page.
 */
export async function leaveSignedOut(queryClient: QueryClient, to: string, unreached = false): Promise<void> {
  const session = queryClient.getQueryData<Session>(queryKeys.session);
  const { forgetOnDevice } = await import('../../offline/keep-on-device');
  await forgetOnDevice(session, unreached);
  window.location.replace(to);
}
