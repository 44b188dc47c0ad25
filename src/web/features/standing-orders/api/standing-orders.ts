import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../domain/order-view.schema';
import type { StandingOrder, StandingOrderSaveInput } from '../../../../domain/standing-orders';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET Customer/{id}/StandingOrders: each with its next 4 dates (design.md 8.6). */
export const standingOrdersQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: queryKeys.standingOrders(customerId),
    queryFn: ({ signal }) => apiFetch<StandingOrder[]>(`Customer/${customerId}/StandingOrders`, { signal }),
  });

export const useStandingOrders = (customerId: number) => useQuery(standingOrdersQueryOptions(customerId));

/** A write's answer refreshes the list, and the orders a placed date shows. */
function useRefresh(customerId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.standingOrders(customerId) });
}

/** POST Customer/{id}/StandingOrders (no `id`) or PUT StandingOrder/{id}. */
export function useSaveStandingOrder(customerId: number) {
  const refresh = useRefresh(customerId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StandingOrderSaveInput }) =>
      apiFetch<StandingOrder>(id === null ? `Customer/${customerId}/StandingOrders` : `StandingOrder/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: refresh,
  });
}

/** POST StandingOrder/{id}/Skip: skips a date, or takes the skip back. */
export function useSkipDate(customerId: number) {
  const refresh = useRefresh(customerId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; Date: string; Skipped: boolean }) =>
      apiFetch<StandingOrder>(`StandingOrder/${id}/Skip`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** DELETE StandingOrder/{id}. */
export function useDeleteStandingOrder(customerId: number) {
  const refresh = useRefresh(customerId);
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`StandingOrder/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** GET Order/{customerId}/Last: the order a new standing order starts from (404: none yet). */
export const useLastOrder = (customerId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.lastOrder(customerId),
    queryFn: ({ signal }) => apiFetch<OrderDetail>(`Order/${customerId}/Last`, { signal }),
    enabled,
    retry: false,
  });
