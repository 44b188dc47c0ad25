import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '../../../../domain/order.schema';
import type { OrderSaveResponse } from '../../../../domain/order-view.schema';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ChangeOrderVariables {
  orderId: number;
  order: OrderInput;
}

/**
 * PUT Order/{id} (design.md 7.10): the order's new body, every rule of POST Order. A PUT is its
 * own retry: sending the same body twice leaves the same order, so it needs no Idempotency-Key.
 */
export function changeOrder({ orderId, order }: ChangeOrderVariables): Promise<OrderSaveResponse> {
  return apiFetch<OrderSaveResponse>(`Order/${orderId}`, { method: 'PUT', body: order });
}

/** POST Order/{id}/Cancel (design.md 7.10). */
export function cancelOrder(orderId: number): Promise<OrderSaveResponse> {
  return apiFetch<OrderSaveResponse>(`Order/${orderId}/Cancel`, { method: 'POST' });
}

/**
 * What a change or a cancel makes stale: the orders (list and detail: its lines, Status,
 * ChangedAt), the worksheet, and, after a refusal, the rules it was checked against.
 * Refreshed after a 409 too: the answer means the order is no longer what the screen shows.
 */
function useOrderMutation<V>(mutationFn: (variables: V) => Promise<OrderSaveResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorDialog: false },
    onSettled: (_answer, error) => {
      if (error && !isApiError(error, 409) && !isApiError(error, 422)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheetAll });
      if (isApiError(error, 422))
        void queryClient.invalidateQueries({ queryKey: queryKeys.customerTypes.all });
    },
  });
}

export const useChangeOrder = () => useOrderMutation(changeOrder);
export const useCancelOrder = () => useOrderMutation(cancelOrder);

/**
 * Whether a refused change means the order is no longer the caller's to change: its cutoff
 * passed or the distributor has it (7.10's 409), or it is gone (404).
 */
export const isNoLongerChangeable = (error: unknown) => isApiError(error, 409) || isApiError(error, 404);
