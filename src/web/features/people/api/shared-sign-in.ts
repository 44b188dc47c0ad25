import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '../../../../domain/customer.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET Customer/{id}, read for its `SharedSignIn` (design.md 8.2), under the key the customer's
 * view and the order form read it by: one answer in the cache for all of them.
 */
export function venueQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: queryKeys.customers.detail(customerId),
    queryFn: ({ signal }) => apiFetch<Customer>(`Customer/${customerId}`, { signal }),
  });
}

/** Whether the customer number and zip code still sign in; undefined until known. */
export function useSharedSignIn(customerId: number) {
  return useQuery({ ...venueQueryOptions(customerId), select: (c) => c.SharedSignIn });
}

/** PUT Customer/{id}/SharedSignIn: off, the shared sign-in's sessions end at once (decision 068). */
export function setSharedSignIn(customerId: number, on: boolean): Promise<{ SharedSignIn: boolean }> {
  return apiFetch(`Customer/${customerId}/SharedSignIn`, { method: 'PUT', body: { SharedSignIn: on } });
}

export function useSetSharedSignIn(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setSharedSignIn(customerId, on),
    onSuccess: ({ SharedSignIn }) => {
      queryClient.setQueryData<Customer>(queryKeys.customers.detail(customerId), (c) =>
        c ? { ...c, SharedSignIn } : c,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]);
    },
  });
}
