import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLogin, SessionUser } from '../../../../domain/auth.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function authenticateAdmin(body: AdminLogin): Promise<SessionUser> {
  return apiFetch<SessionUser>('Maint/Authenticate', { method: 'POST', body });
}

/** Admin sign-in. On success the cache is emptied and the session set. */
export function useAuthenticateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateAdmin,
    meta: { authCall: true, errorDialog: false },
    onSuccess: (user) => {
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.session, { Role: 'admin', Customer: null, User: user });
    },
  });
}
