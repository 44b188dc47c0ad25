import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function logout(): Promise<void> {
  return apiFetch<void>('Logout', { method: 'POST' });
}

/**
 * Signs out and loads `to` as a new page. The page load empties the query cache and every other
 * in-memory state at once, so nothing of this user stays in the tab (a shared counter terminal),
 * and no signed-in screen can render against a half-cleared cache on the way out (clearing the
 * cache in place raced the route guards). A failed call still leaves: the user asked to go.
 */
export function useLogout(to: string) {
  return useMutation({
    mutationFn: logout,
    meta: { authCall: true, errorDialog: false },
    onSettled: () => window.location.replace(to),
  });
}
