import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerLogin, SessionCustomer } from '../../../../domain/auth.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { signedOut } from './get-session';

export function authenticateCustomer(body: CustomerLogin): Promise<SessionCustomer> {
  return apiFetch<SessionCustomer>('Authenticate', { method: 'POST', body });
}

/** Customer sign-in. On success the cache is emptied (nothing of a previous user stays) and the session set. */
export function useAuthenticateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateCustomer,
    meta: { authCall: true, errorDialog: false },
    onSuccess: (customer) => {
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.session, {
        ...signedOut,
        Role: 'customer',
        Customer: customer,
        VenueRole: 'Orderer',
      });
    },
  });
}
